import { headerValue, mediaType, decodeText, type Header } from '../core';
import { analyzeBytes, findCutoff, limitFor, sniffCharset } from '../bytes';
import { countHeaderBytes, isHtmlResponse } from '../crawl';
import { bytesInputFrom, type BytesInput, type PageSignals } from '../indexability';
import { keptTextIsPrefix } from './keptTextIsPrefix';
import { servedSignalsAndTokens } from './servedSignals';
import { createByteMapper, resolveCharset } from '../bytes';
import { loadStructuredReaders, loadStructuredValidator, type StructuredTokens, type SdExtract, type SdReport } from '../structured';

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
  /** Now (for dates that have passed in structured data); default Date.now(). */
  now?: number;
  /** False: the structured data is not read (the bench's baseline: the cost of reading it). Default true. */
  structuredData?: boolean;
}

/** The structured data of HTML under the limit (nothing cut), from tokens already read. */
async function structuredOf(html: string, body: Uint8Array, charset: string, headerBytes: number, url: string, tokens: StructuredTokens): Promise<SdExtract> {
  const [{ extractStructuredData }, , { parse5Tree }] = await loadReaders();
  // The byte mapper is made only when an offset is asked for (most pages have nothing to place).
  let mapper: ReturnType<typeof createByteMapper> | null = null;
  const byteAt = (i: number) => (mapper ??= createByteMapper(body, html, resolveCharset(charset, body))).byteAt(i);
  const ex = extractStructuredData({ html, source: 'served', cut: null, baseUrl: url, byteAt, headerBytes, treeOf: (h) => parse5Tree(h), tokens });
  return mapper === null ? ex : { ...ex, offsetsExact: (mapper as { exact: boolean }).exact };
}

export interface BodyAnalysis {
  bytes: BytesInput;
  /** The signals of the HTML Googlebot keeps; null for a response that is not HTML. */
  served: PageSignals | null;
  /** The page's structured data judged (items past the cut included, as lost); null for a response that is not HTML. Absent from analysers that predate it. */
  structured?: SdReport | null;
}

/** The readers (JSON-LD, microdata, RDFa; parse5 for the tree) and the validator (Google's rules, the schema.org vocabulary): loaded the first time a page has structured data. */
let readers: ReturnType<typeof loadStructuredReaders> | null = null;
const loadReaders = () => (readers ??= loadStructuredReaders());
let validator: ReturnType<typeof loadStructuredValidator> | null = null;
const loadValidator = () => (validator ??= loadStructuredValidator());
const NOTHING: SdReport = { items: [], problems: [], vocabulary: '', counts: { items: 0, errors: 0, warnings: 0, lost: 0, rendered: 0 } };

/** The extract judged: the validator is loaded only for a page that has something to judge. */
async function judged(ex: SdExtract, cutByte: number | null, now: number): Promise<SdReport> {
  if (!ex.items.length && !ex.problems.length) return NOTHING;
  const v = await loadValidator();
  return v.validateStructuredData({ served: ex, now, cutByte });
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
  const now = f.now ?? Date.now();
  if (isHtmlResponse(ct, kept)) {
    const bodyBytes = Math.max(kept.length, f.bodyBytes);
    if (headerBytes + bodyBytes <= limit) {
      const bytes: BytesInput = { complete: f.complete, limit, headerBytes, bodyBytes, truncated: false, cutOffset: null, lost: [] };
      // One decode, one scan: the signals and the structured data's tokens together.
      const html = decodeText(kept, charset);
      const withStructured = f.structuredData !== false;
      const { signals, tokens } = servedSignalsAndTokens(html, f.finalUrl, { bytesRead: kept.length, truncated: false }, withStructured);
      if (!withStructured) return { bytes, served: signals, structured: null };
      const t = tokens!;
      if (!t.blocks.length && !t.microdata && !t.rdfa) return { bytes, served: signals, structured: NOTHING };
      const ex = await structuredOf(html, kept, charset, headerBytes, f.finalUrl, t);
      return { bytes, served: signals, structured: await judged(ex, null, now) };
    }
    let text = '';
    const report = await analyzeBytes({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes, mediaType: 'text/html' }, { onText: (t) => (text = t) });
    const c = report.cutoff;
    const visible = c.truncated ? kept.subarray(0, c.bodyBytesKept) : kept;
    const html = keptTextIsPrefix(c, kept, charset) ? text.slice(0, c.charIndex) : decodeText(visible, charset);
    const bytes = bytesInputFrom(report, f.complete);
    const served = servedSignalsAndTokens(html, f.finalUrl, { bytesRead: visible.length, truncated: bytes.truncated }, false).signals;
    if (f.structuredData === false) return { bytes, served, structured: null };
    // Structured data from everything kept, the part past the cut included: what lies there is lost.
    const [, { structuredFromBytes }, { parse5Tree }] = await loadReaders();
    const ex = structuredFromBytes({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes, baseUrl: f.finalUrl, treeOf: (h) => parse5Tree(h), text, cutoff: c });
    text = '';
    return { bytes, served, structured: await judged(ex, bytes.cutOffset, now) };
  }
  if (mt === null || TEXT_TYPES.test(mt)) {
    // Text: the cut backs off to a whole character.
    const c = findCutoff({ body: kept, headerBytes, charset, limit, totalBodyBytes: f.bodyBytes });
    const bytes = { complete: f.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated: c.truncated, cutOffset: c.truncated ? headerBytes + c.bodyBytesKept : null, lost: [] };
    return { bytes, served: null, structured: null };
  }
  // Bytes, not characters (a PDF, an image): the cut falls exactly at the limit.
  const truncated = headerBytes + f.bodyBytes > limit;
  const bodyKept = Math.min(f.bodyBytes, Math.max(0, limit - headerBytes));
  return { bytes: { complete: f.complete, limit, headerBytes, bodyBytes: f.bodyBytes, truncated, cutOffset: truncated ? headerBytes + bodyKept : null, lost: [] }, served: null, structured: null };
}
