import { describeRead, type NavigationSizes, type BytesPageReport } from '../../lib/bytes';
import { sendToBackground } from '../../utils/messaging';
import { forgetPageRead, readPage } from './pageRead';
import { locateElement } from './locateElement';

type Nav = PerformanceNavigationTiming & { deliveryType?: string; responseStatus?: number };

/** The last analysis of this document, for the overlay. Dropped when the page changes. */
export let lastAnalysis: BytesPageReport | null = null;
export function forgetAnalysis(): void {
  lastAnalysis = null;
}

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
export async function analyzePage({ headerBytes, limit, again }: { headerBytes: number; limit: number; again?: boolean }): Promise<BytesPageReport> {
  const url = location.href.split('#')[0]!;
  // Asked again by the user: a new read, not the one the verdict shared.
  if (again) forgetPageRead();
  const mediaType = document.contentType || 'text/html';
  const nav = navigationSizes();
  // The read (and analysis) the verdict's served signals asked for, if it is under way or just done.
  const got = await readPage(url, headerBytes, limit).catch(() => null);
  if (!got || pageCopyFailed(got.status, nav)) {
    forgetPageRead();
    // Fetched again by the background: its copy is placed in the live page here.
    const fetched = await sendToBackground('bytesFetchDocument', { url, headerBytes, limit, charset: document.characterSet, mediaType, nav });
    return placed(fetched);
  }
  const read = describeRead({
    fetchedBytes: got.fetchedBytes,
    keptBytes: got.fetchedBytes,
    status: got.status,
    capped: got.capped,
    stoppedAfterMs: got.stoppedAfterMs,
    source: 'page',
    nav,
    mediaType,
    ms: got.ms,
  });
  return placed({ url, mediaType, read, report: got.report, placement: { firstPastCut: 'none', unplacedItems: 0 }, analysisMs: got.analysisMs });
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
