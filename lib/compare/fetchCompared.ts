import { headerValue, mediaType } from '../core';
import { DEFAULT_LIMIT } from '../bytes';
import { countHeaderBytes, decodeHtml, fetchAsAgent, type Agent, type AgentFetch, type FetchAsAgentOptions, type HopFetcher } from '../crawl';
import type { PageExtract } from './extractPage';
import { readComparedPage, type PastCutItem } from './readComparedPage';

/** One response of the comparison: the fetch as Googlebot, and what one pass over its body gave. */
export interface ComparedFetch extends AgentFetch {
  /** The facts of the HTML Googlebot keeps, read as the body streamed (null: not HTML; absent: no response). */
  page?: PageExtract | null;
  /** Elements that start (lost) or end (cut in two) past the cut, with their response offsets (absent as `page`). */
  pastCut?: PastCutItem[];
}

/**
 * Fetch `url` as one Googlebot for the comparison (lib/crawl fetchAsAgent) and read its body as it
 * arrives, in one pass of lib/html's reader (readComparedPage): the cut, the page's facts up to it
 * and the elements past it. The kept part is also decoded as `html` (a string the block detection
 * searches; no tree is built from it).
 */
export async function fetchCompared(
  url: string,
  agent: Agent,
  userAgent: string,
  hop: HopFetcher,
  opts: Omit<FetchAsAgentOptions, 'keepBody' | 'onBody'> = {},
): Promise<ComparedFetch> {
  const limit = opts.limit ?? DEFAULT_LIMIT;
  let reading: ReturnType<typeof readComparedPage> | null = null;
  const f = await fetchAsAgent(url, agent, userAgent, hop, {
    ...opts,
    keepBody: true,
    onBody: (reply) => {
      const ct = headerValue(reply.headers, 'content-type');
      reading = readComparedPage({ mediaType: mediaType(ct), contentType: ct, headerBytes: countHeaderBytes(reply.statusLine, reply.headers, reply.status), limit, pageUrl: () => reply.finalUrl });
      return reading;
    },
  });
  const { body, ...rest } = f;
  const r = reading as ReturnType<typeof readComparedPage> | null;
  if (!r || !body) return rest;
  const read = r.end(f.bodyBytes);
  const c = read.report.cutoff;
  const cutAt = c.truncated ? c.bodyBytesKept : null;
  const visible = cutAt === null ? body : body.subarray(0, cutAt);
  return { ...rest, cutAt, html: read.page ? decodeHtml(headerValue(f.headers, 'content-type'), visible) : null, page: read.page, pastCut: read.pastCut };
}
