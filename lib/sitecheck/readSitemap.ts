import type { MessageParam } from '../i18n';
import { SITEMAP_IDLE_MS, SITEMAP_MAX_BYTES, SITEMAP_MAX_LOC_CHARS, SITEMAP_MAX_PROBLEMS, SITEMAP_MAX_URLS, SITEMAP_READ_MS } from './sitemapLimits';
import { readSitemapStream } from './readSitemapStream';
import { createSitemapXmlReader } from './createSitemapXmlReader';
import { createSitemapTextReader, type SitemapTextReader } from './createSitemapTextReader';
import type { SitemapKind, SitemapProblem, SitemapProblemCode } from './types';

/** One <loc> (or one line of a text sitemap): the URL as written, trimmed, and its line. */
export interface SitemapEntry {
  loc: string;
  line: number;
}

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
 * sitemaps.org namespace (createSitemapXmlReader), or a text file with one URL per line
 * (createSitemapTextReader) — whichever the first character that is not whitespace says — from a
 * body read as text a piece at a time (readSitemapStream: gzip by its magic bytes, whatever the
 * Content-Type, decompressed on the way). Entries go to `onEntries` in batches (one per piece
 * read), and the read waits for it: a slow consumer holds the stream, never the memory;
 * `onEntries` returning false stops the read (the caller has enough).
 *
 * Caps: 50,000 entries and 50 MB uncompressed (past either, reading stops with a fatal problem;
 * what was read before is kept, so those URLs can still be checked), 2,048 characters per <loc>,
 * 60 s in all from the request (the time `onEntries` holds it not counted) and 10 s for any one
 * read. Malformed XML stops at the first error with its line. Entities are the XML ones only (no
 * DTD is ever expanded). Never throws for anything the file contains.
 */
export async function readSitemap(
  body: ReadableStream<Uint8Array> | null,
  sitemap: string,
  onEntries: (entries: SitemapEntry[], kind: SitemapKind) => void | boolean | Promise<void | boolean>,
  opts: ReadSitemapOptions = {},
): Promise<SitemapRead> {
  const maxUrls = opts.maxUrls ?? SITEMAP_MAX_URLS;
  const maxBytes = opts.maxBytes ?? SITEMAP_MAX_BYTES;
  const now = opts.now ?? Date.now;
  const startedAt = opts.startedAt ?? now();
  /** Time spent in `onEntries`: not the sitemap's to answer for. */
  let held = 0;
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
  const sink = {
    entry(raw: string, line: number, tooLong: boolean) {
      if (fatal) return;
      const loc = raw.replace(XML_WS, '');
      if (tooLong || loc.length > SITEMAP_MAX_LOC_CHARS) return problem('locTooLong', line, [SITEMAP_MAX_LOC_CHARS], false);
      if (!isHttpUrl(loc)) return problem('badLoc', line, [loc.slice(0, 200)], false);
      if (out.entries >= maxUrls) return problem('tooManyUrls', line, [maxUrls], true);
      out.entries++;
      batch.push({ loc, line });
    },
    problem,
    stopped: () => fatal,
  };

  // XML or text, chosen by the first character that is not whitespace.
  const xml = createSitemapXmlReader(sink);
  let text: SitemapTextReader | null = null;
  let lead: string | null = '';
  const feed = (s: string, last: boolean) => {
    if (lead !== null) {
      lead += s;
      const first = lead.search(/[^\s\ufeff]/);
      if (first < 0 && !last) return;
      if (first < 0) return problem('noRoot', null, [], true);
      if (lead[first] !== '<') text = createSitemapTextReader(sink);
      s = lead;
      lead = null;
    }
    if (text) return text.write(s, last);
    xml.write(s);
    if (last) xml.close();
  };
  const kind = (): SitemapKind | null => (text ? 'text' : xml.kind);
  const hand = async (b: SitemapEntry[], k: SitemapKind) => {
    const t0 = now();
    try {
      return await onEntries(b, k);
    } finally {
      held += now() - t0;
    }
  };

  const stream = readSitemapStream(body, {
    maxBytes,
    readMs: opts.readMs ?? SITEMAP_READ_MS,
    idleMs: opts.idleMs ?? SITEMAP_IDLE_MS,
    spent: () => now() - startedAt - held,
    signal: opts.signal,
  });
  let ended = false;
  try {
    for (;;) {
      const piece = await stream.next();
      if (piece.kind === 'timeout') {
        problem('timeout', null, [piece.seconds], true);
        break;
      }
      if (piece.kind === 'error') {
        problem(piece.code, null, piece.params, true);
        break;
      }
      if (piece.kind === 'end') {
        ended = true;
        feed(piece.text, true);
        break;
      }
      feed(piece.text, false);
      if (piece.kind === 'tooLarge') problem('tooLarge', null, [maxBytes], true);
      if (batch.length) {
        const b = batch;
        batch = [];
        if ((await hand(b, kind() ?? 'urlset')) === false) break;
      }
      if (fatal) break;
    }
    const k = kind();
    if (batch.length && k) await hand(batch, k);
    batch = [];
  } finally {
    await stream.close();
  }
  out.kind = kind();
  out.bytes = stream.bytes;
  out.gzip = stream.gzip;
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
