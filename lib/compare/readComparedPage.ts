import { BytesReader, KEEP_PAST_LIMIT, type BytesReport } from '../bytes';
import { isHtml } from '../html';
import { PageExtractor, type PageExtract } from './extractPage';

/** An element Googlebot never reads: the byte budget's item, with its offset in the response (headers first). */
export interface PastCutItem {
  item: string;
  offset: number;
  kind: string;
}

/** What one pass over a compared response's body gives. */
export interface ComparedPage {
  report: BytesReport;
  /** The facts of the HTML Googlebot keeps (null: not HTML). */
  page: PageExtract | null;
  /** Elements that start (lost) or end (cut in two) past the cut. */
  pastCut: PastCutItem[];
}

/**
 * The body of one compared response, read as it arrives through lib/html's reader: the byte
 * budget (the cut, and the elements past it — read up to the limit plus 1 MiB) and the page's
 * facts up to the cut, in one pass. Nothing of the body is kept here.
 */
export function readComparedPage(opts: { mediaType: string | null; contentType: string | null; headerBytes: number; limit: number; pageUrl: () => string }) {
  const readUpTo = opts.limit + KEEP_PAST_LIMIT;
  let head: Uint8Array[] | null = [];
  let headBytes = 0;
  let written = 0;
  let reader: BytesReader | null = null;
  let extractor: PageExtractor | null = null;
  const start = () => {
    const first = new Uint8Array(headBytes);
    let at = 0;
    for (const c of head!) {
      first.set(c, at);
      at += c.length;
    }
    head = null;
    const html = isHtml(opts.mediaType, opts.mediaType ? null : first);
    extractor = html ? new PageExtractor() : null;
    reader = new BytesReader({ headerBytes: opts.headerBytes, charset: null, contentType: opts.contentType, limit: opts.limit, mediaType: opts.mediaType, html, detail: 'items', kept: extractor ? [extractor] : [] });
    if (first.length) reader.write(first);
  };
  return {
    write(chunk: Uint8Array): void {
      if (written >= readUpTo) {
        written += chunk.length;
        return;
      }
      const part = written + chunk.length > readUpTo ? chunk.subarray(0, readUpTo - written) : chunk;
      written += chunk.length;
      if (head) {
        head.push(part.slice());
        headBytes += part.length;
        if (headBytes >= 1024) start();
        return;
      }
      reader!.write(part);
    },
    end(totalBodyBytes: number): ComparedPage {
      if (head) start();
      const report = reader!.end(Math.max(totalBodyBytes, written));
      const pastCut = report.items.filter((i) => i.status !== 'kept').map((i) => ({ item: i.detail ? `<${i.tag}> ${i.detail}` : `<${i.tag}>`, offset: i.responseOffset, kind: i.kind }));
      return { report, page: extractor ? extractor.result(opts.pageUrl()) : null, pastCut };
    },
  };
}
