import { readAgentBody, type AgentBodyInput, type AgentBodyRead, type AgentBodyReader } from '../crawl';
import { PageExtractor, type PageExtract } from './extractPage';

/** An element Googlebot never reads: the byte budget's item, with its offset in the response (headers first). */
export interface PastCutItem {
  item: string;
  offset: number;
  kind: string;
}

/** What one pass over a compared response's body gives. */
export interface ComparedPage extends AgentBodyRead {
  /** The facts of the HTML Googlebot keeps (null: not HTML). */
  page: PageExtract | null;
  /** Elements that start (lost) or end (cut in two) past the cut. */
  pastCut: PastCutItem[];
}

/**
 * The body of one compared response, read as it arrives through lib/html's reader: the byte
 * budget (the cut, and the elements past it — read up to the limit plus 1 MiB) and the page's
 * facts up to the cut, in one pass (lib/crawl's readAgentBody with the page extractor as a reader
 * of the kept document). Nothing of the body is kept here.
 */
export function readComparedPage(opts: Omit<AgentBodyInput, 'kept'> & { pageUrl: () => string }): AgentBodyReader<ComparedPage> {
  let extractor: PageExtractor | null = null;
  const body = readAgentBody({
    ...opts,
    kept: (html) => {
      extractor = html ? new PageExtractor() : null;
      return extractor ? [extractor] : [];
    },
  });
  return {
    write: (chunk) => body.write(chunk),
    end(totalBodyBytes: number): ComparedPage {
      const read = body.end(totalBodyBytes);
      const pastCut = read.report.items.filter((i) => i.status !== 'kept').map((i) => ({ item: i.detail ? `<${i.tag}> ${i.detail}` : `<${i.tag}>`, offset: i.responseOffset, kind: i.kind }));
      const page = extractor ? (extractor as PageExtractor).result(opts.pageUrl()) : null;
      return { ...read, page, pastCut };
    },
  };
}
