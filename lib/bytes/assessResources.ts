import { RESOURCE_LIMIT } from './limits';

export interface ResourceInput {
  url: string;
  /** 'script' | 'css' | …: Resource Timing's initiatorType, or what the URL says. */
  kind: 'script' | 'stylesheet';
  /** Uncompressed bytes, or null when the browser hides it (cross-origin without Timing-Allow-Origin). */
  bytes: number | null;
  /** Where the figure came from. */
  source: 'timing' | 'fetch' | 'unknown';
}

export type ResourceVerdict = 'bytes.resource.over' | 'bytes.resource.near' | 'bytes.resource.ok' | 'bytes.resource.unknown';

export interface AssessedResource extends ResourceInput {
  code: ResourceVerdict;
  /** bytes / limit, 0..∞ (null when unknown). */
  share: number | null;
}

/** Every CSS and JS file is fetched separately under its own limit: over it, or within 10% of it, is flagged. */
export function assessResources(list: readonly ResourceInput[], limit = RESOURCE_LIMIT): AssessedResource[] {
  return list
    .map((r): AssessedResource => {
      if (r.bytes === null) return { ...r, code: 'bytes.resource.unknown', share: null };
      const code = r.bytes > limit ? 'bytes.resource.over' : r.bytes >= limit * 0.9 ? 'bytes.resource.near' : 'bytes.resource.ok';
      return { ...r, code, share: r.bytes / limit };
    })
    .sort((a, b) => (b.bytes ?? -1) - (a.bytes ?? -1));
}
