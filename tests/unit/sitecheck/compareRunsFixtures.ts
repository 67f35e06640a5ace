// Reports as the site check writes them (valid against docs/report-schema.json), built from a few
// facts, for the comparison of runs: a page that is fine, and each thing that can get worse.
import type { Report, ReportReason } from '../../../lib/report';
import type { CrawlResult, SiteFinding } from '../../../lib/sitecheck';

export const O = 'https://example.test';
const NOINDEX_TAG = '<meta name="robots" content="noindex">';

export interface Facts {
  url: string;
  finalUrl?: string;
  hops?: number;
  status?: number | null;
  error?: 'timeout' | 'network' | null;
  verdict?: Report['verdict'];
  noindex?: boolean;
  blockedLine?: number | null;
  canonical?: string | null;
  bodyBytes?: number;
  truncated?: boolean;
  render?: { code: string; severity: 'critical' | 'warning' | 'info'; message: string }[] | null;
  agent?: 'smartphone' | 'desktop';
  generatedAt?: string;
}

const reason = (code: string, severity: ReportReason['severity'], message: string, sources: ReportReason['sources'] = []): ReportReason => ({ code, severity, params: [], message, sources });

/** A site check's report of one URL with these facts (everything else as for a plain indexable page). */
export function report(f: Facts): Report {
  const finalUrl = f.finalUrl ?? f.url;
  const blocked = f.blockedLine !== undefined && f.blockedLine !== null;
  const status = blocked ? null : f.status === undefined ? 200 : f.status;
  const reasons: ReportReason[] = [];
  if (blocked) reasons.push(reason('robotsBlocked', 'block', 'robots.txt blocks Googlebot', [{ kind: 'robotsTxt', url: `${O}/robots.txt`, line: f.blockedLine!, rule: 'Disallow: /x', userAgent: '*' }]));
  if (f.noindex) reasons.push(reason('noindex', 'block', 'noindex in the HTML', [{ kind: 'tag', html: NOINDEX_TAG, where: 'served', inBody: false }]));
  if (status !== null && status !== 200) reasons.push(reason('httpStatus', 'block', `HTTP ${status}`, [{ kind: 'status', statusCode: status, statusLine: `HTTP/1.1 ${status} X` }]));
  if (f.truncated) reasons.push(reason('overLimit', 'risk', 'over the byte limit'));
  if (f.error) reasons.push(reason('fetchFailed', 'block', `no answer: ${f.error}`));
  const verdict = f.verdict ?? (reasons.some((r) => r.severity === 'block') ? 'not-indexable' : reasons.length ? 'at-risk' : 'indexable');
  const hops = f.hops ?? (finalUrl === f.url ? 0 : 1);
  const bodyBytes = f.bodyBytes ?? (f.truncated ? 2_500_000 : 1_000);
  return {
    $schema: 'https://crawlscope.dev/schema/report-v1.json',
    version: 1,
    generator: 'Crawlscope test',
    url: finalUrl,
    fetchedAt: null,
    generatedAt: f.generatedAt ?? '2026-12-01T10:00:00.000Z',
    status: status === null ? null : { code: status, line: `HTTP/1.1 ${status} X` },
    redirects: Array.from({ length: hops }, (_, i) => ({ url: `${f.url}#hop${i}`, statusCode: 301, location: finalUrl })),
    headers: null,
    verdict,
    reasons,
    directives: { noindex: !!f.noindex, nofollow: false, nosnippet: false, noimageindex: false, notranslate: false, indexifembedded: false, maxSnippet: null, maxImagePreview: null, maxVideoPreview: null, unavailableAfter: null },
    canonical: { url: f.canonical ?? null, links: f.canonical ? [{ from: 'served', href: f.canonical, resolved: f.canonical, inBody: false }] : [] },
    hreflang: [],
    robots: {
      robotsUrl: `${O}/robots.txt`,
      fileStatus: 200,
      outcome: 'parse',
      fromCache: false,
      verdicts: [{ token: 'Googlebot', allowed: !blocked, group: blocked ? 'global' : 'none', line: blocked ? f.blockedLine! : null, rule: blocked ? 'Disallow: /x' : null }],
    },
    bytes: status === null || f.error ? null : { headerBytes: 100, bodyBytes, limit: 2_097_152, truncated: !!f.truncated, cutOffset: f.truncated ? 2_097_152 : null, lost: [] },
    caching: null,
    compare: null,
    ...(f.render === undefined || f.render === null ? {} : { render: renderBlock(f.url, f.render) }),
    siteCheck: {
      requestedUrl: f.url,
      sitemap: `${O}/sitemap.xml`,
      sitemapLine: 3,
      agent: f.agent ?? 'smartphone',
      userAgent: 'Googlebot',
      fetched: !blocked,
      error: f.error ?? null,
      bodyComplete: status === null ? null : true,
      retries: 0,
      durationMs: 5,
    },
  };
}

function renderBlock(url: string, differences: NonNullable<Facts['render']>): NonNullable<Report['render']> {
  return {
    url,
    finalUrl: url,
    agent: 'smartphone',
    userAgent: 'Googlebot',
    renderedAt: '2026-12-01T10:00:00.000Z',
    durationMs: 900,
    stoppedBecause: 'idle',
    skippedNoindex: false,
    forced: false,
    limits: { timeMs: 20_000, idleMs: 500, viewport: { width: 412, height: 732, mobile: true } },
    document: null,
    served: null,
    rendered: null,
    visitor: null,
    browser: null,
    resources: [],
    console: [],
    differences: differences.map((d) => ({ code: d.code as never, field: 'links', severity: d.severity, params: [], samples: [], more: 0, message: d.message, cause: null })),
    experiments: [],
    page: { dialogs: [], opened: [], windowsClosed: 0, beforeunload: 0, userAgentReads: 0, scriptStopped: false, navigations: [], snapshotAtMs: null } as never,
    error: null,
  };
}

/** A crawl's `{"site": …}` content with these findings (each case listed). */
export function site(findings: SiteFinding[], over: Partial<CrawlResult> = {}): CrawlResult {
  return {
    start: [`${O}/`],
    ended: over.partial ? 'cancelled' : 'done',
    partial: false,
    sitemapsRead: true,
    rendered: false,
    maxDepth: 10,
    urls: { checked: 3, known: 3, notKept: 0 },
    links: { pages: 3, links: 5, followed: 5, nofollow: 0, pastCut: 0, afterRendering: 0, foreign: 0, bad: 0, depthLimited: 0, notKept: 0 },
    findings,
    ...over,
  };
}

/** The JSON Lines of a run: one report a line, then the site line when there is one. */
export const jsonl = (reports: Report[], s?: CrawlResult) => reports.map((r) => JSON.stringify(r) + '\n').join('') + (s ? JSON.stringify({ site: s }) + '\n' : '');
