import { headerValue, joinBytes, mediaType, type Header } from '../core';
import { BytesReader, isTextMediaType, KEEP_PAST_LIMIT, limitFor, type Cutoff } from '../bytes';
import { countHeaderBytes } from '../crawl';
import { isHtml } from '../html';
import { bytesInputFrom, ServedSignals, type BytesInput, type PageSignals } from '../indexability';
import { loadStructuredReaders, loadStructuredValidator, StructuredTokens, type SdExtract, type SdReport } from '../structured';
import { LinkReader, type PageLinks } from './LinkReader';

/** The final response of one URL, as its analysis needs it before the body: plain data, so it can cross to a worker. */
export interface ResponseToAnalyze {
  statusLine: string;
  status: number;
  headers: Header[];
  /** The response's URL: the base of the page's relative links. */
  finalUrl: string;
  /** The byte limit chosen for HTML and text (PDFs: 64 MB, whatever the choice). */
  limit: number;
  /** Read the page's links too (a crawl). */
  links?: boolean;
  /** Now (for dates that have passed in structured data); default Date.now(). */
  now?: number;
  /** False: the structured data is not read (the bench's baseline: the cost of reading it). Default true. */
  structuredData?: boolean;
}

/** How reading the body ended. */
export interface BodyEnd {
  /** Uncompressed body bytes read (all of them when `complete`, else a lower bound). */
  bodyBytes: number;
  complete: boolean;
}

/** The whole response at once (a body in hand). */
export interface BodyToAnalyze extends ResponseToAnalyze, BodyEnd {
  /** The body's bytes (at least up to the limit plus what the report lists past it). */
  body: Uint8Array;
}

export interface BodyAnalysis {
  bytes: BytesInput;
  /** The signals of the HTML Googlebot keeps; null for a response that is not HTML. */
  served: PageSignals | null;
  /** The page's links (only when asked, for HTML): read in the same pass. */
  links?: PageLinks | null;
  /** The page's structured data judged (items past the cut included, as lost); null for a response that is not HTML, or when not asked. Absent from analysers that predate it. */
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

/** Where the body's bytes go as they arrive. */
export interface BodySink {
  /** The next bytes of the body (the sink may keep or move them: do not reuse the chunk). */
  write(chunk: Uint8Array): void;
  /** The body ended: the analysis. */
  end(e: BodyEnd): Promise<BodyAnalysis>;
  /** The body will not be analysed (the request is retried or abandoned). */
  abort(): void;
}

/** Something that analyses bodies as they stream in: openBodyAnalysis itself, or a pool of threads running it. */
export type BodyAnalyzer = (response: ResponseToAnalyze) => BodySink;

/**
 * Googlebot's byte budget for one response — the cut, and for HTML what lies past it (a body not
 * read to its end gives a lower bound) — the signals of the HTML it keeps, and the page's
 * structured data, read in one pass of lib/html's reader as the body arrives. Bytes up to the limit
 * plus 1 MiB are read (what lies just past the cut is listed); past that they are only counted.
 *
 * Structured data: the same pass finds whether the page has any (JSON-LD blocks, microdata or RDFa
 * attributes: StructuredTokens). Its readers need the text itself — a JSON-LD block's content with
 * its lines and columns, and for microdata and RDFa an element tree (parse5) — so the bytes read
 * are held until the end of the body, and for a page that has structured data its text is read
 * again by lib/structured (structuredFromBytes, the cut as this pass found it). A page without any
 * lets them go unread. With `structuredData: false` nothing of the body is held.
 */
export function openBodyAnalysis(r: ResponseToAnalyze): BodySink {
  const ct = headerValue(r.headers, 'content-type');
  const mt = mediaType(ct);
  const { limit } = limitFor(mt, r.limit);
  const headerBytes = countHeaderBytes(r.statusLine, r.headers, r.status);
  const readUpTo = limit + KEEP_PAST_LIMIT;
  const withStructured = r.structuredData !== false;
  let head: Uint8Array[] | null = [];
  let headBytes = 0;
  let written = 0;
  let reader: BytesReader | null = null;
  let served: ServedSignals | null = null;
  let links: LinkReader | null = null;
  let tokens: StructuredTokens | null = null;
  /** The bytes read, held while the page may have structured data (see above). */
  let held: Uint8Array[] | null = null;
  let heldBytes = 0;
  let html = false;
  const hold = (part: Uint8Array) => {
    if (!held) return;
    held.push(part);
    heldBytes += part.length;
  };
  /** The first bytes decide whether an unlabeled body is HTML (MIME sniffing). */
  const start = () => {
    const first = joinBytes(head!, headBytes);
    head = null;
    html = isHtml(mt, mt ? null : first);
    served = html ? new ServedSignals() : null;
    links = html && r.links ? new LinkReader(headerBytes) : null;
    tokens = html && withStructured ? new StructuredTokens(false) : null;
    held = tokens ? [] : null;
    reader = new BytesReader({
      headerBytes,
      charset: null,
      contentType: ct,
      limit,
      mediaType: mt,
      html,
      detail: 'items',
      kept: served ? [served] : [],
      // The structured data's tokens ride on the byte budget's events (one reader fewer for the tree builder).
      rider: tokens ?? undefined,
      whole: links ? [links] : [],
    });
    if (first.length) {
      reader.write(first);
      hold(first);
    }
  };
  const finish = (e: BodyEnd): { analysis: BodyAnalysis; cutoff: Cutoff | null } => {
    if (head) start();
    const report = reader!.end(Math.max(e.bodyBytes, written));
    reader = null;
    const c = report.cutoff;
    if (!isTextMediaType(mt)) {
      // Bytes, not characters (a PDF, an image): the cut falls exactly at the limit.
      const truncated = headerBytes + c.bodyBytes > limit;
      const bodyKept = Math.min(c.bodyBytes, Math.max(0, limit - headerBytes));
      return { analysis: { bytes: { complete: e.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated, cutOffset: truncated ? headerBytes + bodyKept : null, lost: [] }, served: null, structured: null }, cutoff: null };
    }
    const bytes: BytesInput = html ? bytesInputFrom(report, e.complete) : { complete: e.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated: c.truncated, cutOffset: c.truncated ? headerBytes + c.bodyBytesKept : null, lost: [] };
    const visible = c.truncated ? c.bodyBytesKept : Math.min(written, c.bodyBytes);
    const signals = served ? (served as ServedSignals).result(r.finalUrl, { bytesRead: visible, truncated: bytes.truncated }) : null;
    return { analysis: { bytes, served: signals, structured: html && withStructured ? NOTHING : null, ...(links ? { links: (links as LinkReader).result(c.truncated ? c.bodyBytesKept : Infinity, r.finalUrl) } : {}) }, cutoff: c };
  };
  return {
    write(chunk) {
      if (written >= readUpTo) {
        written += chunk.length;
        return;
      }
      const part = written + chunk.length > readUpTo ? chunk.subarray(0, readUpTo - written) : chunk;
      written += chunk.length;
      if (head) {
        // Kept as it is (a sink may keep the chunks it is given).
        head.push(part);
        headBytes += part.length;
        if (headBytes >= 1024) start();
        return;
      }
      reader!.write(part);
      hold(part);
    },
    async end(e) {
      const { analysis, cutoff } = finish(e);
      const t = tokens as StructuredTokens | null;
      const parts = held;
      held = null;
      if (!t || !t.any || !parts || !cutoff) return analysis;
      // The bytes are joined only for a page that has structured data to read — for JSON-LD only in
      // a page kept whole, only as far as its last block's end tag: nothing past it is read (a
      // block's text, lines and bytes come from what precedes it).
      const body = joinBytes(parts, t.microdata || t.rdfa || cutoff.truncated ? heldBytes : Math.min(t.blocksEnd, heldBytes));
      // Structured data from everything read, the part past the cut included: what lies there is lost.
      const [, { structuredFromBytes }, { parse5Tree }] = await loadReaders();
      const { cutoff: _c, ...ex } = structuredFromBytes({ body, headerBytes, charset: cutoff.charset.encoding, limit, totalBodyBytes: cutoff.bodyBytes, baseUrl: r.finalUrl, treeOf: (h) => parse5Tree(h), cutoff, byteTokens: t });
      return { ...analysis, structured: await judged(ex, analysis.bytes.cutOffset, r.now ?? Date.now()) };
    },
    abort() {
      head = null;
      reader = null;
      held = null;
    },
  };
}

/** The analysis of a body in hand (one pass, as openBodyAnalysis). */
export async function analyzeBody(f: BodyToAnalyze): Promise<BodyAnalysis> {
  const sink = openBodyAnalysis(f);
  if (f.body.length) sink.write(f.body);
  return sink.end({ bodyBytes: f.bodyBytes, complete: f.complete });
}
