import { analyzeBytes, describeRead, type BytesReport, type NavigationSizes, type BytesPageReport } from '../../lib/bytes';
import { sendToBackground } from '../../utils/messaging';
import { releaseDocumentBytes, sharedDocumentBytes } from './documentCopy';
import { locateElement } from './locateElement';

/** The analysis may take this long (a 50 MB page) before it is abandoned. */
export const ANALYSIS_TIMEOUT_MS = 20_000;

type Nav = PerformanceNavigationTiming & { deliveryType?: string; responseStatus?: number };

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

/** The browser's own measurement of the loaded document, for comparing the copy with it. */
export function navigationSizes(): NavigationSizes | null {
  const nav = performance.getEntriesByType('navigation')[0] as Nav | undefined;
  if (!nav) return null;
  return {
    decodedBodySize: nav.decodedBodySize,
    transferSize: nav.transferSize,
    responseStatus: nav.responseStatus ?? null,
    type: nav.type,
    serviceWorker: nav.workerStart > 0,
  };
}

/**
 * The page's copy cannot be used: the fetch failed, or it answered an error the navigation did
 * not (a firewall refusing the page's own fetch, a POST result that cannot be requested again).
 */
function pageCopyFailed(status: number, nav: NavigationSizes | null): boolean {
  return status >= 400 && (nav?.responseStatus ?? 0) < 400;
}

/** Re-read the document, find the cut, list what is lost: everything the popup shows. */
export async function analyzePage({ headerBytes, limit }: { headerBytes: number; limit: number }): Promise<BytesPageReport> {
  const url = location.href.split('#')[0]!;
  const mediaType = document.contentType || 'text/html';
  const nav = navigationSizes();
  const t0 = performance.now();
  // Shared with the verdict's served-HTML read, if it is reading or has just read this URL.
  const copy = await sharedDocumentBytes(url).catch(() => null);
  if (!copy || pageCopyFailed(copy.status, nav)) {
    releaseDocumentBytes();
    // Fetched again by the background: its copy is placed in the live page here.
    const fetched = await sendToBackground('bytesFetchDocument', { url, headerBytes, limit, charset: document.characterSet, mediaType, nav });
    return placed(fetched);
  }
  const read = describeRead({
    fetchedBytes: copy.bytes.length,
    keptBytes: copy.bytes.length,
    status: copy.status,
    capped: copy.capped,
    stoppedAfterMs: copy.stoppedAfterMs,
    source: 'page',
    nav,
    mediaType,
    ms: performance.now() - t0,
  });
  const t1 = performance.now();
  let report: BytesReport;
  try {
    report = await analyzeBytes(
      { body: copy.bytes, headerBytes, charset: document.characterSet, limit, mediaType },
      { pause: yieldToPage, signal: AbortSignal.timeout(ANALYSIS_TIMEOUT_MS) },
    );
  } finally {
    // The analysis is what the copy was kept for: let it go (a 50 MB page's bytes are freed).
    releaseDocumentBytes();
  }
  return placed({ url, mediaType, read, report, placement: { firstPastCut: 'none', unplacedItems: 0 }, analysisMs: performance.now() - t1 });
}

/** Finds the first element past the cut and each lost item in the live page; remembers the result for the overlay. */
function placed(page: BytesPageReport): BytesPageReport {
  const { report } = page;
  let unplacedItems = 0;
  for (const it of [...report.items, ...report.links.firstLost]) {
    if (it.status !== 'kept' && !locateElement(it)) unplacedItems++;
  }
  const firstPastCut = report.firstPastCut ? (locateElement(report.firstPastCut) ? 'placed' : 'unplaced') : 'none';
  const result: BytesPageReport = { ...page, placement: { firstPastCut, unplacedItems } };
  lastAnalysis = result;
  return result;
}
