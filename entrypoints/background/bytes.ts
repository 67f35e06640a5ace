import type { BackgroundProtocol } from '../../utils/protocol';
import { COUNT_BOUND, describeRead, KEEP_PAST_LIMIT, readBytesReport, type StreamedBytes } from '../../lib/bytes';
import { deadline, readCapped } from '../../lib/core';
import { bytesIncludeCookies } from '../../utils/settings';

const MAX_URLS = 30;
const TIMEOUT_MS = 10_000;
/** Past this, a resource is well over its own 2 MB: stop counting. */
const COUNT_CAP = 16 * 1024 * 1024;

type Req = BackgroundProtocol['bytesMeasureResources']['req'];
type Res = BackgroundProtocol['bytesMeasureResources']['res'];

async function measure(url: string): Promise<Res[number]> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, bytes: null, error: 'bytes.resource.badUrl' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { url, bytes: null, error: 'bytes.resource.notHttp' };
  const time = deadline(TIMEOUT_MS);
  try {
    // The browser cache usually has it already; fetch() gives the uncompressed bytes.
    const res = await fetch(url, { cache: 'force-cache', credentials: 'omit', signal: time.signal });
    const read = await readCapped(res.body, { keep: 0, countCap: COUNT_CAP, signal: time.signal });
    if (!res.ok) return { url, bytes: null, error: `HTTP ${res.status}` };
    if (read.end === 'timeout') return { url, bytes: null, error: 'bytes.resource.timeout' };
    if (read.end === 'error') return { url, bytes: null, error: read.error ?? 'error' };
    return { url, bytes: read.total, error: null };
  } catch (err) {
    return { url, bytes: null, error: time.expired ? 'bytes.resource.timeout' : err instanceof Error ? err.message : String(err) };
  } finally {
    time.clear();
  }
}

/** Sizes of the CSS/JS files the page could not measure itself (cross-origin, no Timing-Allow-Origin). */
export async function bytesMeasureResources({ urls }: Req): Promise<Res> {
  return Promise.all(urls.slice(0, MAX_URLS).map(measure));
}


type DocReq = BackgroundProtocol['bytesFetchDocument']['req'];
type DocRes = BackgroundProtocol['bytesFetchDocument']['res'];

/**
 * The page's own re-read failed (or the page cannot be reached): fetch the document again from
 * here, with the browser's cookies only if the user allowed it, and find the cut in that copy —
 * analysed as it arrives (nothing of it is kept), up to the limit plus a margin; the rest is counted.
 */
export async function bytesFetchDocument({ url, headerBytes, limit, charset, mediaType, nav }: DocReq): Promise<DocRes> {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('bytes.error.notHttp');
  u.hash = '';
  const includeCookies = await bytesIncludeCookies.getValue();
  const time = deadline(TIMEOUT_MS);
  const t0 = performance.now();
  let got: StreamedBytes;
  let status: number;
  try {
    const res = await fetch(u.href, { cache: 'no-store', credentials: includeCookies ? 'include' : 'omit', redirect: 'follow', signal: time.signal });
    status = res.status;
    // A body that is still arriving after 10 s is analysed as far as it was read (said so in the notes).
    got = await readBytesReport(res.body, { headerBytes, charset, limit, mediaType }, { countCap: COUNT_BOUND, readUpTo: limit + KEEP_PAST_LIMIT, signal: time.signal });
  } catch (err) {
    if (time.expired) throw new Error('bytes.error.readTimeout');
    throw err;
  } finally {
    time.clear();
  }
  const copy = got.read;
  if (copy.end === 'error') throw new Error(copy.error ?? 'bytes.error.readFailed');
  const read = describeRead({
    fetchedBytes: copy.total,
    keptBytes: Math.min(copy.total, limit + KEEP_PAST_LIMIT),
    status,
    capped: copy.end === 'cap',
    stoppedAfterMs: copy.end === 'timeout' ? TIMEOUT_MS : null,
    source: 'background',
    nav,
    mediaType,
    ms: performance.now() - t0,
  });
  read.notes.push({ code: includeCookies ? 'bytes.read.withCookies' : 'bytes.read.noCookies', params: [] });
  const report = got.report;
  let unplacedItems = 0;
  for (const it of [...report.items, ...report.links.firstLost]) if (it.status !== 'kept') unplacedItems++;
  return {
    url: u.href,
    mediaType: mediaType ?? 'text/html',
    read,
    report,
    // Placed in the live page by the content script when it can be reached.
    placement: { firstPastCut: report.firstPastCut ? 'unplaced' : 'none', unplacedItems },
    analysisMs: got.analysisMs,
  };
}
