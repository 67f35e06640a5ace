import { fetchAsAgent, type Agent, type AgentFetch, type FetchAsAgentOptions, type HopFetcher } from '../crawl';
import { readComparedPage, type ComparedPage, type PastCutItem } from './readComparedPage';
import type { PageExtract } from './extractPage';

/** A fetch as one Googlebot with the page's facts read as its body streamed. */
export interface ComparedFetch extends AgentFetch {
  /** The facts of the HTML Googlebot keeps (null: not HTML; absent: no body was read). */
  page?: PageExtract | null;
  /** Elements that start (lost) or end (cut in two) past the cut, with their response offsets (absent as `page`). */
  pastCut?: PastCutItem[];
}

/**
 * fetchAsAgent with the compared page's reader: the byte budget and the page's facts up to the
 * cut read in the one pass over the body as it arrives (readComparedPage).
 */
export async function fetchCompared(url: string, agent: Agent, userAgent: string, hop: HopFetcher, opts: Omit<FetchAsAgentOptions, 'readBody' | 'onBody' | 'keepBody'> = {}): Promise<ComparedFetch> {
  const got: { read: ComparedPage | null } = { read: null };
  const f = await fetchAsAgent(url, agent, userAgent, hop, {
    ...opts,
    readBody: (input) => {
      const r = readComparedPage({ ...input, pageUrl: () => input.finalUrl });
      return { write: (c) => r.write(c), end: (total) => (got.read = r.end(total)) };
    },
  });
  return got.read ? { ...f, page: got.read.page, pastCut: got.read.pastCut } : f;
}
