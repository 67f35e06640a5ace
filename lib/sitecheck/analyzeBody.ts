import { headerValue, mediaType, type Header } from '../core';
import { BytesReader, isTextMediaType, KEEP_PAST_LIMIT, limitFor } from '../bytes';
import { countHeaderBytes } from '../crawl';
import { isHtml } from '../html';
import { bytesInputFrom, ServedSignals, type BytesInput, type PageSignals } from '../indexability';
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
 * read to its end gives a lower bound) — and the signals of the HTML it keeps, read in one pass
 * of lib/html's reader as the body arrives: nothing of the body is kept. Bytes up to the limit
 * plus 1 MiB are read (what lies just past the cut is listed); past that they are only counted.
 */
export function openBodyAnalysis(r: ResponseToAnalyze): BodySink & { endNow(e: BodyEnd): BodyAnalysis } {
  const ct = headerValue(r.headers, 'content-type');
  const mt = mediaType(ct);
  const { limit } = limitFor(mt, r.limit);
  const headerBytes = countHeaderBytes(r.statusLine, r.headers, r.status);
  const readUpTo = limit + KEEP_PAST_LIMIT;
  let head: Uint8Array[] | null = [];
  let headBytes = 0;
  let written = 0;
  let reader: BytesReader | null = null;
  let served: ServedSignals | null = null;
  let links: LinkReader | null = null;
  let html = false;
  /** The first bytes decide whether an unlabeled body is HTML (MIME sniffing). */
  const start = () => {
    const first = joined(head!, headBytes);
    head = null;
    html = isHtml(mt, mt ? null : first);
    served = html ? new ServedSignals() : null;
    links = html && r.links ? new LinkReader(headerBytes) : null;
    reader = new BytesReader({
      headerBytes,
      charset: null,
      contentType: ct,
      limit,
      mediaType: mt,
      html,
      detail: 'items',
      kept: served ? [served] : [],
      whole: links ? [links] : [],
    });
    if (first.length) reader.write(first);
  };
  const endNow = (e: BodyEnd): BodyAnalysis => {
    if (head) start();
    const report = reader!.end(Math.max(e.bodyBytes, written));
    const c = report.cutoff;
    if (!isTextMediaType(mt)) {
      // Bytes, not characters (a PDF, an image): the cut falls exactly at the limit.
      const truncated = headerBytes + c.bodyBytes > limit;
      const bodyKept = Math.min(c.bodyBytes, Math.max(0, limit - headerBytes));
      return { bytes: { complete: e.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated, cutOffset: truncated ? headerBytes + bodyKept : null, lost: [] }, served: null };
    }
    const bytes: BytesInput = html ? bytesInputFrom(report, e.complete) : { complete: e.complete, limit, headerBytes, bodyBytes: c.bodyBytes, truncated: c.truncated, cutOffset: c.truncated ? headerBytes + c.bodyBytesKept : null, lost: [] };
    const visible = c.truncated ? c.bodyBytesKept : Math.min(written, c.bodyBytes);
    return {
      bytes,
      served: served ? served.result(r.finalUrl, { bytesRead: visible, truncated: bytes.truncated }) : null,
      ...(links ? { links: links.result(c.truncated ? c.bodyBytesKept : Infinity, r.finalUrl) } : {}),
    };
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
        head.push(part.slice());
        headBytes += part.length;
        if (headBytes >= 1024) start();
        return;
      }
      reader!.write(part);
    },
    end: (e) => {
      try {
        return Promise.resolve(endNow(e));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    endNow,
    abort() {
      head = null;
      reader = null;
    },
  };
}

function joined(parts: Uint8Array[], n: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The analysis of a body in hand (one pass, as openBodyAnalysis). */
export async function analyzeBody(f: BodyToAnalyze): Promise<BodyAnalysis> {
  const sink = openBodyAnalysis(f);
  if (f.body.length) sink.write(f.body);
  return sink.endNow({ bodyBytes: f.bodyBytes, complete: f.complete });
}
