/** Googlebot keeps the first 2 MB of an HTML or other text file (headers included). Google has not said
 * whether "2 MB" means 2,097,152 or 2,000,000 bytes, so the user can pick; 2 MiB is the default. */
export const DEFAULT_LIMIT = 2_097_152;
/** The limits the options page offers. */
export const LIMIT_CHOICES = [2_097_152, 2_000_000, 15_728_640, 67_108_864] as const;
/** PDFs: Googlebot keeps 64 MB. */
export const PDF_LIMIT = 67_108_864;
/** Each CSS / JS resource is fetched separately under its own 2 MB. */
export const RESOURCE_LIMIT = 2_097_152;

/** A copy of a document is kept up to the limit and this much past it, so what lies just past the cut can be listed. */
export const KEEP_PAST_LIMIT = 1024 * 1024;
/** Past the kept bytes a body is only counted, up to this many bytes in all (a PDF's 64 MB and then some). */
export const COUNT_BOUND = 80 * 1024 * 1024;

export type LimitChoice = (typeof LIMIT_CHOICES)[number];

export interface LimitChoiceResult {
  limit: number;
  /** 'bytes.limit.pdf' when a PDF forces 64 MB, 'bytes.limit.setting' otherwise. */
  code: 'bytes.limit.pdf' | 'bytes.limit.setting';
}

/** The limit that applies to a response of this media type, given the user's choice. */
export function limitFor(mediaType: string | null | undefined, chosen: number = DEFAULT_LIMIT): LimitChoiceResult {
  if (mediaType === 'application/pdf') return { limit: PDF_LIMIT, code: 'bytes.limit.pdf' };
  const ok = (LIMIT_CHOICES as readonly number[]).includes(chosen);
  return { limit: ok ? chosen : DEFAULT_LIMIT, code: 'bytes.limit.setting' };
}
