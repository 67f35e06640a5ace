// A crawl's render in the extension: Googlebot's render of each page the crawl fetched, asked of
// the background one at a time (its render jobs: a window of Crawlscope's own), so that the crawl
// also follows the links only JavaScript adds. The messages go through the `ask` the store hands
// in (views never send messages).
import type { Report, Translate } from '../../lib/report';
import { reportRender } from '../../lib/report';
import type { RenderAgent, RenderResult } from '../../lib/render';
import type { RenderJobState } from '../../utils/protocol';

export interface RenderAsk {
  start(req: { url: string; agent: RenderAgent; browser: null; visitor: boolean }): Promise<{ id: string }>;
  status(id: string): Promise<RenderJobState | null>;
  cancel(id: string): Promise<unknown>;
}

const POLL_MS = 400;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Only what the check fetched is rendered: no robots.txt-blocked URL, no URL that never answered, nothing but a 2xx page. */
const renderable = (r: Report) => r.status !== null && r.status.code >= 200 && r.status.code < 300 && r.siteCheck?.fetched !== false && !r.siteCheck?.error;

/**
 * `afterCheck` for startSiteCheck: the report with its `render` block and the links of Googlebot's
 * render (null when nothing was rendered). One render at a time; the run's cancel cancels the one
 * under way.
 */
export function crawlRenderer(opts: { ask: RenderAsk; agent: RenderAgent; t: Translate; signal: AbortSignal }) {
  let turn: Promise<unknown> = Promise.resolve();
  const renderOne = async (url: string): Promise<RenderResult | null> => {
    if (opts.signal.aborted) return null;
    const { id } = await opts.ask.start({ url, agent: opts.agent, browser: null, visitor: false });
    const stop = () => void opts.ask.cancel(id).catch(() => undefined);
    opts.signal.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        const job = await opts.ask.status(id);
        if (!job) return null;
        if (job.state === 'done') return job.result;
        await delay(POLL_MS);
      }
    } finally {
      opts.signal.removeEventListener('abort', stop);
    }
  };
  return async (report: Report): Promise<{ report: Report; renderedLinks: readonly string[] | null }> => {
    if (!renderable(report)) return { report, renderedLinks: null };
    const url = report.siteCheck?.requestedUrl ?? report.url;
    const mine = turn.then(() => renderOne(url));
    turn = mine.catch(() => undefined);
    // A render that fails (the background busy, the window refused) loses nothing: the report stays as checked.
    const result = await mine.catch(() => null);
    if (!result) return { report, renderedLinks: null };
    const seen = result?.rendered ?? null;
    return { report: { ...report, render: reportRender(result, opts.t) }, renderedLinks: seen ? [...seen.links.internal, ...seen.links.external] : null };
  };
}
