import { analyzeBytes, type Finding } from '../../lib/bytes';
import type { BytesPageReport, BytesRead } from '../../lib/bytes/pageReport';
import { readDocumentBytes } from './readDocumentBytes';
import { locateElement } from './locateElement';

/** The analysis may take this long (a 50 MB page) before it is abandoned. */
export const ANALYSIS_TIMEOUT_MS = 20_000;

type Nav = PerformanceNavigationTiming & { deliveryType?: string };

/** The last analysis of this document, for the overlay. Dropped when the page changes. */
export let lastAnalysis: BytesPageReport | null = null;
export function forgetAnalysis(): void {
  lastAnalysis = null;
}

// Lets the page handle input between slices of the analysis. setTimeout(0) would be clamped to
// 4 ms once nested; scheduler.yield (or a message to ourselves) is not.
const yieldToPage = (): Promise<void> => {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s?.yield) return s.yield();
  return new Promise<void>((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
};

/** Re-read the document, find the cut, list what is lost: everything the popup shows. */
export async function analyzePage({ headerBytes, limit }: { headerBytes: number; limit: number }): Promise<BytesPageReport> {
  const url = location.href.split('#')[0]!;
  const t0 = performance.now();
  const nav = performance.getEntriesByType('navigation')[0] as Nav | undefined;
  const copy = await readDocumentBytes(url);
  const read = describeRead(copy.bytes.length, copy.status, copy.capped, nav, performance.now() - t0);
  const mediaType = document.contentType || 'text/html';
  const t1 = performance.now();
  const report = await analyzeBytes(
    { body: copy.bytes, headerBytes, charset: document.characterSet, limit, mediaType },
    { pause: yieldToPage, signal: AbortSignal.timeout(ANALYSIS_TIMEOUT_MS) },
  );
  const analysisMs = performance.now() - t1;

  let unplacedItems = 0;
  for (const it of [...report.items, ...report.links.firstLost]) {
    if (it.status !== 'kept' && !locateElement(it)) unplacedItems++;
  }
  const firstPastCut = report.firstPastCut ? (locateElement(report.firstPastCut) ? 'placed' : 'unplaced') : 'none';
  const result: BytesPageReport = { url, mediaType, read, report, placement: { firstPastCut, unplacedItems }, analysisMs };
  lastAnalysis = result;
  return result;
}

function describeRead(fetched: number, status: number, capped: boolean, nav: Nav | undefined, ms: number): BytesRead {
  const notes: Finding[] = [];
  if (capped) notes.push({ code: 'bytes.read.capped', params: [fetched] });
  if (!nav) {
    return { fetchedBytes: fetched, decodedBodySize: null, transferSize: null, status, code: 'bytes.read.noNavigation', notes, ms };
  }
  if (nav.workerStart > 0) notes.push({ code: 'bytes.read.serviceWorker', params: [] });
  if (nav.transferSize === 0 && nav.decodedBodySize > 0) notes.push({ code: 'bytes.read.fromCache', params: [] });
  if (nav.type === 'back_forward') notes.push({ code: 'bytes.read.backForward', params: [] });
  if (status !== (nav as Nav & { responseStatus?: number }).responseStatus && (nav as Nav & { responseStatus?: number }).responseStatus) {
    notes.push({ code: 'bytes.read.statusDiffers', params: [status, (nav as Nav & { responseStatus?: number }).responseStatus!] });
  }
  const decoded = nav.decodedBodySize;
  const code: BytesRead['code'] = decoded === 0 && fetched > 0 ? 'bytes.read.sizeHidden' : decoded === fetched ? 'bytes.read.same' : 'bytes.read.differs';
  return { fetchedBytes: fetched, decodedBodySize: decoded, transferSize: nav.transferSize, status, code, notes, ms };
}
