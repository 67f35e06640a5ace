import type { BytesReport } from '../bytes';
import type { BytesInput } from './types';

/** Elements whose loss past the 2 MB cut changes how Google indexes the page. */
const KEY_KINDS = new Set(['metaRobots', 'canonical', 'hreflang', 'title']);

/** The verdict input from the byte-budget capability's report: key tags Googlebot never reads. */
export function bytesInputFrom(report: BytesReport): BytesInput {
  const c = report.cutoff;
  return {
    limit: c.limit,
    truncated: c.truncated,
    cutOffset: c.truncated ? c.headerBytes + c.bodyBytesKept : null,
    lost: report.items
      .filter((i) => KEY_KINDS.has(i.kind) && i.status !== 'kept')
      .map((i) => ({ item: i.tag, offset: i.responseOffset })),
  };
}
