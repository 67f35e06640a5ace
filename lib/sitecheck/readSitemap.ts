import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { MessageParam } from '../i18n';
import {
  SITEMAP_IDLE_MS,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_LOC_CHARS,
  SITEMAP_MAX_PROBLEMS,
  SITEMAP_MAX_URLS,
  SITEMAP_NAMESPACE,
  SITEMAP_READ_MS,
} from './sitemapLimits';
import type { SitemapProblem, SitemapProblemCode } from './types';

/** One <loc> (or one line of a text sitemap): the URL as written, trimmed, and its line. */
export interface SitemapEntry {
  loc: string;
  line: number;
}

export type SitemapKind = 'urlset' | 'sitemapindex' | 'text';

export interface SitemapRead {
  /** What the file turned out to be; null when it was none of them (see `problems`). */
  kind: SitemapKind | null;
  /** Entries handed to `onEntries`. */
  entries: number;
  /** Uncompressed bytes read. */
  bytes: number;
  gzip: boolean;
  /** At most 50 problems, in order; `problemCount` counts them all. */
  problems: SitemapProblem[];
  problemCount: number;
  /** Read to its end with no fatal problem. */
  complete: boolean;
}

export interface ReadSitemapOptions {
  signal?: AbortSignal;
  maxUrls?: number;
  maxBytes?: number;
  /**
   * Time the sitemap may take, in all (default 60 s), counted from `startedAt` — the request's
   * headers included — less the time `onEntries` holds the read (the checks it feeds).
   */
  readMs?: number;
  /** Time it may wait for the next bytes (default 10 s). */
  idleMs?: number;
  /** When the request for the sitemap was sent (default: now). */
  startedAt?: number;
  now?: () => number;
}

const XML_WS = /^[\x20\x09\x0a\x0d]+|[\x20\x09\x0a\x0d]+$/g;

/**
 * Reads one sitemap as Google does, streaming: an XML <urlset> or <sitemapindex> in the
 * sitemaps.org namespace, or a text file with one URL per line; gzip (by its magic bytes, whatever
 * the Content-Type) is decompressed on the way. Entries go to `onEntries` in batches (one per
 * chunk read), and the read waits for it: a slow consumer holds the stream, never the memory;
 * `onEntries` returning false stops the read (the caller has enough).
 *
 * Caps: 50,000 entries and 50 MB uncompressed (past either, reading stops with a fatal problem;
 * what was read before is kept, so those URLs can still be checked), 2,048 characters per <loc>,
 * 60 s in all from the request (the time `onEntries` holds it not counted) and 10 s for any one
 * read. Malformed XML stops at the
 * first error with its line. Entities are the XML ones only (no DTD is ever expanded). Never
 * throws for anything the file contains.
 */
export async function readSitemap(
  body: ReadableStream<Uint8Array> | null,
  sitemap: string,
  onEntries: (entries: SitemapEntry[], kind: SitemapKind) => void | boolean | Promise<void | boolean>,
  opts: ReadSitemapOptions = {},
): Promise<SitemapRead> {
  const maxUrls = opts.maxUrls ?? SITEMAP_MAX_URLS;
  const maxBytes = opts.maxBytes ?? SITEMAP_MAX_BYTES;
  const readMs = opts.readMs ?? SITEMAP_READ_MS;
  const idleMs = opts.idleMs ?? SITEMAP_IDLE_MS;
  const now = opts.now ?? Date.now;
  const startedAt = opts.startedAt ?? now();
  /** Time spent in `onEntries`: not the sitemap's to answer for. */
  let held = 0;
  /** Time the sitemap has taken so far. */
  const spent = () => now() - startedAt - held;
  const out: SitemapRead = { kind: null, entries: 0, bytes: 0, gzip: false, problems: [], problemCount: 0, complete: false };
  let fatal = false;
  const problem = (code: SitemapProblemCode, line: number | null, params: MessageParam[], isFatal: boolean) => {
    if (fatal) return;
    out.problemCount++;
    if (out.problems.length < SITEMAP_MAX_PROBLEMS || isFatal) out.problems.push({ code, sitemap, line, params, fatal: isFatal });
    if (isFatal) fatal = true;
  };
  if (!body) {
    problem('noRoot', null, [], true);
    return out;
  }

  let batch: SitemapEntry[] = [];
  const entry = (raw: string, line: number, tooLong: boolean) => {
    if (fatal) return;
    const loc = raw.replace(XML_WS, '');
    if (tooLong || loc.length > SITEMAP_MAX_LOC_CHARS) return problem('locTooLong', line, [SITEMAP_MAX_LOC_CHARS], false);
    if (!isHttpUrl(loc)) return problem('badLoc', line, [loc.slice(0, 200)], false);
    if (out.entries >= maxUrls) return problem('tooManyUrls', line, [maxUrls], true);
    out.entries++;
    batch.push({ loc, line });
  };

  // ── the parsers: XML (saxes) or text, chosen by the first character that is not whitespace ──
  let mode: 'unknown' | 'xml' | 'text' = 'unknown';
  let depth = 0;
  let inEntry = false;
  let inLoc = false;
  let locText = '';
  let locLong = false;
  let locLine = 0;
  const xml = new SaxesParser({ xmlns: true, position: true });
  let head = '';
  // A <loc> is taken once its end tag proves good: saxes closes an element and then reports a
  // wrong end tag (</url> for an open <loc>), so the entry waits until the next event.
  let heldLoc: { raw: string; line: number; long: boolean } | null = null;
  const commit = () => {
    if (heldLoc && !fatal) entry(heldLoc.raw, heldLoc.line, heldLoc.long);
    heldLoc = null;
  };
  xml.on('error', (e) => {
    heldLoc = null;
    // An HTML page served as a sitemap is not XML at all: say what it is.
    if (depth === 0 && /^[\s\ufeff]*<(!doctype\s+html|html[\s>])/i.test(head)) return problem('notSitemap', xml.line, ['html'], true);
    problem('malformed', xml.line, [e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')], true);
  });
  xml.on('opentag', (tag: SaxesTagNS) => {
    commit();
    if (fatal) return;
    depth++;
    if (depth === 1) {
      if (tag.local !== 'urlset' && tag.local !== 'sitemapindex') return problem('notSitemap', xml.line, [tag.name], true);
      if (tag.uri !== SITEMAP_NAMESPACE) return tag.uri ? problem('wrongNamespace', xml.line, [tag.name, tag.uri], true) : problem('noNamespace', xml.line, [tag.name], true);
      out.kind = tag.local;
    } else if (depth === 2) {
      inEntry = tag.uri === SITEMAP_NAMESPACE && tag.local === (out.kind === 'urlset' ? 'url' : 'sitemap');
    } else if (depth === 3 && inEntry && tag.uri === SITEMAP_NAMESPACE && tag.local === 'loc') {
      inLoc = true;
      locText = '';
      locLong = false;
      locLine = xml.line;
    }
  });
  const addText = (t: string) => {
    commit();
    if (!inLoc || fatal) return;
    // Bounded: a <loc> past the cap is only marked, never grown.
    if (locText.length + t.length > SITEMAP_MAX_LOC_CHARS + 64) locLong = true;
    else locText += t;
  };
  xml.on('text', addText);
  xml.on('cdata', addText);
  xml.on('closetag', () => {
    commit();
    if (fatal) return;
    if (depth === 3 && inLoc) {
      inLoc = false;
      heldLoc = { raw: locText, line: locLine, long: locLong };
    } else if (depth === 2) inEntry = false;
    depth--;
  });

  let textLine = 1;
  let pending = '';
  let pendingLong = false;
  const textChunk = (s: string, last: boolean) => {
    let at = 0;
    for (;;) {
      const nl = s.indexOf('\n', at);
      if (nl < 0) {
        const rest = s.slice(at);
        if (pending.length + rest.length > SITEMAP_MAX_LOC_CHARS + 64) pendingLong = true;
        else pending += rest;
        break;
      }
      const line = pending + s.slice(at, nl);
      if (line.trim() !== '' || pendingLong) entry(line.replace(/\r$/, ''), textLine, pendingLong);
      pending = '';
      pendingLong = false;
      textLine++;
      at = nl + 1;
      if (fatal) return;
    }
    if (last && (pending.trim() !== '' || pendingLong)) entry(pending, textLine, pendingLong);
  };

  let lead = '';
  const feed = (s: string, last: boolean) => {
    if (mode === 'unknown') {
      lead += s;
      const first = lead.search(/[^\s\ufeff]/);
      if (first < 0 && !last) return;
      if (first < 0) return problem('noRoot', null, [], true);
      mode = first >= 0 && lead[first] === '<' ? 'xml' : 'text';
      if (mode === 'text') out.kind = 'text';
      s = lead;
      lead = '';
      head = s.slice(0, 200);
    }
    if (mode === 'xml') {
      if (s) xml.write(s);
      commit();
      if (last && !fatal) {
        xml.close();
        commit();
        if (!fatal && out.kind === null) problem('noRoot', null, [], true);
      }
    } else textChunk(s, last);
  };

  // ── the byte stream: gzip by magic number, caps and time limits ──
  let reader: ReadableStreamDefaultReader<Uint8Array> = body.getReader();
  const signal = opts.signal;
  let readError = '';
  const read = async (): Promise<ReadableStreamReadResult<Uint8Array> | 'timeout' | 'error'> => {
    if (signal?.aborted) return 'timeout';
    // To the millisecond: the wait ends when the sitemap's whole time is up, not a read later.
    const ms = Math.min(idleMs, readMs - spent());
    if (ms <= 0) return 'timeout';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ms);
      onAbort = () => resolve('timeout');
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([reader.read(), stop]);
    } catch (e) {
      readError = e instanceof Error ? e.message : String(e);
      return 'error';
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  };
  const hand = async (b: SitemapEntry[], kind: SitemapKind) => {
    const t0 = now();
    try {
      return await onEntries(b, kind);
    } finally {
      held += now() - t0;
    }
  };

  const decoder = new TextDecoder('utf-8');
  let first = true;
  let ended = false;
  try {
    for (;;) {
      const r = await read();
      if (r === 'timeout') {
        problem('timeout', null, [Math.round(Math.min(readMs, spent()) / 1000)], true);
        break;
      }
      if (r === 'error') {
        problem(out.gzip ? 'gzip' : 'network', null, out.gzip ? [] : [readError || 'read error'], true);
        break;
      }
      if (r.done) {
        ended = true;
        feed(decoder.decode(), true);
        break;
      }
      let chunk = r.value;
      if (chunk.length === 0) continue;
      if (first) {
        first = false;
        if (chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
          out.gzip = true;
          reader = gunzip(chunk, reader);
          continue;
        }
      }
      if (out.bytes + chunk.length > maxBytes) {
        chunk = chunk.subarray(0, maxBytes - out.bytes);
        out.bytes += chunk.length;
        feed(decoder.decode(chunk, { stream: true }), false);
        problem('tooLarge', null, [maxBytes], true);
      } else {
        out.bytes += chunk.length;
        feed(decoder.decode(chunk, { stream: true }), false);
      }
      if (batch.length) {
        const b = batch;
        batch = [];
        if ((await hand(b, out.kind ?? 'urlset')) === false) break;
      }
      if (fatal) break;
    }
    if (batch.length && out.kind) await hand(batch, out.kind);
    batch = [];
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
  }
  out.complete = ended && !fatal;
  return out;
}

function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

/** The rest of `source` (starting with `head`), decompressed. */
function gunzip(head: Uint8Array, source: ReadableStreamDefaultReader<Uint8Array>): ReadableStreamDefaultReader<Uint8Array> {
  let sentHead = false;
  const compressed = new ReadableStream<Uint8Array>({
    async pull(ctl) {
      if (!sentHead) {
        sentHead = true;
        ctl.enqueue(head);
        return;
      }
      const r = await source.read();
      if (r.done) ctl.close();
      else ctl.enqueue(r.value);
    },
    cancel(reason) {
      return source.cancel(reason);
    },
  });
  return compressed.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>).getReader();
}
