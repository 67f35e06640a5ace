import type { Finding } from './analyzeBytes';
import type { BytesRead, ReadSource } from './pageReport';
import { navigationMeasuresBody } from './navigationMeasuresBody';

/** What the browser measured for the loaded document (Navigation Timing), as far as it is known. */
export interface NavigationSizes {
  decodedBodySize: number;
  transferSize: number;
  responseStatus: number | null;
  /** 'back_forward', 'navigate', 'reload'… */
  type: string;
  /** True when a service worker handled the navigation (workerStart > 0). */
  serviceWorker: boolean;
}

export interface ReadInput {
  /** Body bytes of the copy (counted to the end, or up to the count bound when `capped`). */
  fetchedBytes: number;
  /** Bytes of the copy that were kept and analysed (fewer than `fetchedBytes` when only a prefix was kept). */
  keptBytes: number;
  status: number;
  /** The copy was longer than the count bound: `fetchedBytes` is a lower bound. */
  capped: boolean;
  /** Reading stopped after this many ms with the body still arriving: `fetchedBytes` is a lower bound. */
  stoppedAfterMs?: number | null;
  source: ReadSource;
  nav: NavigationSizes | null;
  /** The response's media type: a PDF is shown in the browser's viewer, whose load timing is not the response's. */
  mediaType?: string | null;
  ms: number;
}

/** How the analysed copy compares with the page the browser loaded: the statement and its notes. */
export function describeRead({ fetchedBytes, keptBytes, status, capped, stoppedAfterMs = null, source, nav, mediaType = null, ms }: ReadInput): BytesRead {
  const notes: Finding[] = [];
  if (capped) notes.push({ code: 'bytes.read.capped', params: [fetchedBytes] });
  if (stoppedAfterMs !== null) notes.push({ code: 'bytes.read.stopped', params: [stoppedAfterMs / 1000, fetchedBytes] });
  if (keptBytes < fetchedBytes) notes.push({ code: 'bytes.read.prefixKept', params: [keptBytes, fetchedBytes] });
  const base = { fetchedBytes, keptBytes, status, notes, ms, source, complete: !capped && stoppedAfterMs === null };
  // The tab shows the browser's viewer (a PDF): its timing entry measures the viewer's page, so there is nothing to compare with.
  if (!navigationMeasuresBody(mediaType)) return { ...base, decodedBodySize: null, transferSize: null, code: 'bytes.read.viewer' };
  if (!nav) return { ...base, decodedBodySize: null, transferSize: null, code: 'bytes.read.noNavigation' };
  if (nav.serviceWorker) notes.push({ code: 'bytes.read.serviceWorker', params: [] });
  if (nav.transferSize === 0 && nav.decodedBodySize > 0) notes.push({ code: 'bytes.read.fromCache', params: [] });
  if (nav.type === 'back_forward') notes.push({ code: 'bytes.read.backForward', params: [] });
  if (nav.responseStatus && status !== nav.responseStatus) notes.push({ code: 'bytes.read.statusDiffers', params: [status, nav.responseStatus] });
  const decoded = nav.decodedBodySize;
  const code: BytesRead['code'] =
    decoded === 0 && fetchedBytes > 0 ? 'bytes.read.sizeHidden' : decoded === fetchedBytes && !capped && stoppedAfterMs === null ? 'bytes.read.same' : 'bytes.read.differs';
  return { ...base, decodedBodySize: decoded, transferSize: nav.transferSize, code };
}
