import { headerValue, mediaType, decodeText, type Header } from '../core';
import { analyzeBytes, findCutoff, limitFor, sniffCharset } from '../bytes';
import { countHeaderBytes, isHtmlResponse } from '../crawl';
import { bytesInputFrom, type BytesInput, type PageSignals } from '../indexability';
import { keptTextIsPrefix } from './keptTextIsPrefix';
import { servedSignals } from './servedSignals';

/** The final response of one URL, as the analysis needs it: plain data, so it can cross to a worker. */
export interface BodyToAnalyze {
  statusLine: string;
  status: number;
  headers: Header[];
  /** The kept body bytes (the limit plus what the report lists past it). */
  body: Uint8Array;
  /** Uncompressed body bytes read (all of them when `complete`, else a lower bound). */
  bodyBytes: number;
  complete: boolean;
  /** The response's URL: the base of the page's relative links. */
  finalUrl: string;
  /** The byte limit chosen for HTML and text (PDFs: 64 MB, whatever the choice). */
  limit: number;
}

export interface BodyAnalysis {
  bytes: BytesInput;
  /** The signals of the HTML Googlebot keeps; null for a response that is not HTML. */
  served: PageSignals | null;
}

/** Something that analyses bodies: analyzeBody itself, or a pool of threads running it. */
export type BodyAnalyzer = (input: BodyToAnalyze) => Promise<BodyAnalysis>;

const TEXT_TYPES = /^(text\/|application\/(xhtml\+xml|xml|json|ld\+json|javascript|ecmascript|rss\+xml|atom\+xml)$)/;

/**
 * Googlebot's byte budget for one response — the cut, and for HTML what lies past it (a body not
 * read to its end is a lower bound) — and the signals of the HTML it keeps. A page under the limit
 * has nothing past the cut: its text is decoded once and read once, by the signal scanner. A page
 * over it is decoded once too: the kept HTML is a slice of that text whenever the charset makes
 * the slice exact (keptTextIsPrefix).
 */
export async function analyzeBody(f: BodyToAnalyze): Promise<BodyAnalysis> {
  const ct = headerValue(f.headers, 'content-type');
  const mt = mediaType(ct);
  const { limit } = limitFor(mt, f.limit);
  const headerBytes = countHeaderBytes(f.statusLine, f.headers, f.status);
  const kept = f.body;
  const charset = sniffCharset(ct, kept);
  const read = (visible: Uint8Array, truncated: boolean, html: string) => servedSignals(html, f.finalUrl, { bytesRead: visible.length, truncated });
  if (isHtmlResponse(ct, kept)) {
    const bodyBytes = Math.max(kept.length, f.bodyBytes);
    if (headerBytes + bodyBytes <= limit) {
      const bytes: BytesInput = { complete: f.complete, limit, headerBytes, bodyBytes, truncated: false, cutOffset: null, lost: [] };
      return { bytes, served: read(kept, false, decodeText(kept, charset)) };
    }
    let text = '';
    const report = await analyzeBytes({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes, mediaType: 'text/html' }, { onText: (t) => (text = t) });
    const c = report.cutoff;
    const visible = c.truncated ? kept.subarray(0, c.bodyBytesKept) : kept;
    const html = keptTextIsPrefix(c, kept, charset) ? text.slice(0, c.charIndex) : decodeText(visible, charset);
    text = '';
    const bytes = bytesInputFrom(report, f.complete);
    return { bytes, served: read(visible, bytes.truncated, html) };
  }
  if (mt === null || TEXT_TYPES.test(mt)) {
    // Text: the cut backs off to a whole character.
    const c = findCutoff({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes });
    const bytes = { complete: f.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated: c.truncated, cutOffset: c.truncated ? headerBytes + c.bodyBytesKept : null, lost: [] };
    return { bytes, served: null };
  }
  // Bytes, not characters (a PDF, an image): the cut falls exactly at the limit.
  const truncated = headerBytes + f.bodyBytes > limit;
  const bodyKept = Math.min(f.bodyBytes, Math.max(0, limit - headerBytes));
  return { bytes: { complete: f.complete, limit, headerBytes, bodyBytes: f.bodyBytes, truncated, cutOffset: truncated ? headerBytes + bodyKept : null, lost: [] }, served: null };
}
