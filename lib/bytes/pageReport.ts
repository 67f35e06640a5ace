import type { BytesReport, Finding } from './analyzeBytes';
import type { ResourceInput } from './assessResources';

/**
 * Which copy of the document was analysed: 'page' = re-read by the page's content script
 * (from the browser cache where possible), 'background' = fetched again by the extension itself
 * (the page's own re-read failed): it may differ from what the tab shows.
 */
export type ReadSource = 'page' | 'background';

/** How the body bytes were read back, and how that copy compares with what the browser loaded. */
export interface BytesRead {
  /** Body bytes of the copy that was read (uncompressed), counted to its end (a lower bound when 'bytes.read.capped'). */
  fetchedBytes: number;
  /** Bytes of that copy kept and analysed: all of them, or (a background fetch) the limit plus a margin. */
  keptBytes: number;
  source: ReadSource;
  /** The navigation's decodedBodySize (Resource Timing), or null when there is no navigation entry. */
  decodedBodySize: number | null;
  transferSize: number | null;
  status: number;
  /**
   * What to say about the copy: 'bytes.read.same', 'bytes.read.differs', 'bytes.read.noNavigation', 'bytes.read.sizeHidden',
   * 'bytes.read.viewer' (the tab shows the browser's viewer of a PDF or other non-HTML response: nothing to compare with).
   */
  code: 'bytes.read.same' | 'bytes.read.differs' | 'bytes.read.noNavigation' | 'bytes.read.sizeHidden' | 'bytes.read.viewer';
  /** False when reading stopped early (count bound, or the body was still arriving at the time limit): the sizes are lower bounds. */
  complete: boolean;
  /** Further notes: served from cache, by a service worker, restored from bfcache, read capped… */
  notes: Finding[];
  ms: number;
}

/** The content script's answer to "find the cut". */
export interface BytesPageReport {
  url: string;
  mediaType: string;
  read: BytesRead;
  report: BytesReport;
  /** Whether the first element past the cut, and each lost item, could be found in the live page. */
  placement: { firstPastCut: 'placed' | 'unplaced' | 'none'; unplacedItems: number };
  analysisMs: number;
}

export interface BytesOverlayState {
  shown: boolean;
  /** The marker sits on the first element past the cut (false: that element is not in the live page). */
  placed: boolean;
  items: number;
  unplacedItems: number;
}

export type PageResource = ResourceInput & { crossOrigin: boolean };
