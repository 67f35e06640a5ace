// `crawlscope --render`: Googlebot's render of every URL the site check fetched, one at a time in
// one headless Chromium (a fresh browser context per URL), each report given its `render` block.
// Off by default: a render costs about a second per page where the check costs milliseconds.
import { createRobotsReader, googlebotUserAgent } from '../lib/crawl';
import { reportRender, reportStructured, severityLabel, withRenderedStructured, type Report, type Translate } from '../lib/report';
import { loadStructuredReaders, loadStructuredValidator, type SdExtract } from '../lib/structured';
import { changesIndexing, missesContent, type RenderAgent } from '../lib/render';
import { launchRenderBrowser } from './renderInChromium';
import { nodeFetchHop } from './nodeFetchHop';

export interface SiteRenderer {
  /**
   * The report with its `render` block (null when the check fetched no page to render), and why the
   * render could not run when the renderer itself failed (the browser went away), and the links
   * of Googlebot's render (absolute http(s) targets; null without a render) that a crawl follows.
   */
  render(report: Report): Promise<{ report: Report; error: string | null; links: string[] | null }>;
  close(): Promise<void>;
}

/** Renders can change indexing: a critical or warning difference. */
export const renderChangesIndexing = (r: Report): boolean => !!r.render && changesIndexing(r.render.differences);
/** Googlebot's render lacks content a visitor's has. */
export const renderMissesContent = (r: Report): boolean => !!r.render && missesContent(r.render.differences);

/** Only what the check fetched is rendered: no robots.txt-blocked URL, no URL that never answered. */
const renderable = (r: Report) => r.status !== null && r.siteCheck?.fetched !== false && !r.siteCheck?.error;

export async function createSiteRenderer(opts: { agent: RenderAgent; timeLimitMs: number; signal: AbortSignal; t: Translate }): Promise<SiteRenderer> {
  const browser = await launchRenderBrowser();
  const userAgent = googlebotUserAgent(opts.agent === 'smartphone' ? 'mobile' : 'desktop');
  const fetchHop = nodeFetchHop();
  // One robots.txt reader for the whole run: each origin's file is fetched once.
  const robots = createRobotsReader({ fetchHop, userAgent: () => userAgent });
  return {
    async render(report) {
      if (!renderable(report) || opts.signal.aborted) return { report: { ...report, render: null }, error: null, links: null };
      const url = report.siteCheck?.requestedUrl ?? report.url;
      try {
        const out = await browser.render({ url, agent: opts.agent, timeLimitMs: opts.timeLimitMs, robots, signal: opts.signal });
        const r = out.result.rendered;
        const structuredData = await withRendered(report, r?.html ?? null, out.result.finalUrl, opts.t);
        return { report: { ...report, render: reportRender(out.result, opts.t), ...(structuredData === undefined ? {} : { structuredData }) }, error: null, links: r ? [...r.links.internal, ...r.links.external] : null };
      } catch (err) {
        return { report: { ...report, render: null }, error: err instanceof Error ? err.message : String(err), links: null };
      }
    },
    close: () => browser.close(),
  };
}

/**
 * The report's structured data with the items of Googlebot's render that the HTML as served lacks,
 * marked as added by JavaScript (undefined: unchanged — no render HTML, or not checked).
 */
async function withRendered(report: Report, html: string | null, finalUrl: string, t: Translate): Promise<Report['structuredData'] | undefined> {
  if (!html || !report.structuredData) return undefined;
  const [{ extractStructuredData }, , { parse5Tree }] = await loadStructuredReaders();
  const rendered: SdExtract = extractStructuredData({ html, source: 'rendered', cut: null, baseUrl: finalUrl, treeOf: (h) => parse5Tree(h) });
  if (!rendered.items.length) return undefined;
  const { validateStructuredData } = await loadStructuredValidator();
  return withRenderedStructured(report.structuredData, reportStructured(validateStructuredData({ served: null, rendered, now: Date.now() }), t));
}

/** The text lines of one URL's render for the table's output: its differences that change indexing, with their causes. */
export function renderLines(r: Report, t: Translate): string[] {
  if (!r.render || !renderChangesIndexing(r)) return [];
  const lines = [r.render.finalUrl];
  for (const d of r.render.differences) {
    if (d.severity === 'info') continue;
    lines.push(`  ${severityLabel(d.severity, t)}: ${d.message}`);
    if (d.cause) lines.push(`      ${t('render.why', [d.cause.message])}`);
  }
  return lines;
}
