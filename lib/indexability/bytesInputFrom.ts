import type { BytesReport } from '../bytes';
import type { BytesInput } from './types';

/**
 * The verdict input from the byte-budget capability's report: where the cut falls and what lies
 * past it. `complete` is false when the body was read only in part (its size is a lower bound).
 */
export function bytesInputFrom(report: BytesReport, complete = true): BytesInput {
  const c = report.cutoff;
  return {
    complete,
    limit: c.limit,
    headerBytes: c.headerBytes,
    bodyBytes: c.bodyBytes,
    truncated: c.truncated,
    cutOffset: c.truncated ? c.headerBytes + c.bodyBytesKept : null,
    lost: report.items.filter((i) => i.status !== 'kept').map((i) => ({ item: i.detail ? `<${i.tag}> ${i.detail}` : `<${i.tag}>`, offset: i.responseOffset, kind: i.kind })),
  };
}
