// The tools of `crawlscope mcp`, each an input schema (zod, sent as JSON Schema), an output schema,
// and a run that calls the same lib/ core as the command line — with the limits of mcpLimits.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { startSiteCheck, siteRow, runOutcome, progressText, worstFirst, type SiteCheckProgress } from '../../lib/sitecheck';
import { verdictText, reportRender, type Report } from '../../lib/report';
import { createRobotsReader, type RobotsReport } from '../../lib/crawl';
import { googlebotUserAgent } from '../../lib/crawl';
import { evaluateAgents, evaluateReportForAgents, GOOGLE_CRAWLERS, isValidUserAgentToObey, parseRobotsReport, parseRobotsTxt, type AgentRules, type ParsedRobotsTxt } from '../../lib/robots';
import { CRAWLER_CATALOG } from '../../lib/crawlers';
import { evaluatePreferences } from '../../lib/aipref';
import { fetchAsCrawlers } from '../../lib/livefetch';
import { fetchLlmsTxt } from '../../lib/llmstxt';
import { reportLiveFetch, reportLlmsTxt } from '../../lib/report';
import { changesIndexing } from '../../lib/render';
import { renderExitCode } from '../renderCommand';
import { renderInChromium } from '../renderInChromium';
import {
  createDohResolver,
  createLogAggregator,
  DEFAULT_LOG_LIMITS,
  DOH_ENDPOINTS,
  GOOGLE_RANGES_BASE,
  RANGE_FILE_NAMES,
  rangeFileUrl,
  summarizeLog,
  validateRangeFile,
  verifyIp,
  verifyTally,
  type RangeFiles,
} from '../../lib/verify';
import { nodeFetchHop } from '../nodeFetchHop';
import type { CliText } from '../cliTranslate';
import { MCP_LIMITS as L, ToolFailure, type Bound } from './mcpLimits';

const VERSION = '0.1.0';

/** What a tool's run gets besides its arguments. */
export interface ToolContext {
  signal: AbortSignal;
  /** Reports progress (notifications/progress) when the client asked for it. */
  progress: (done: number, total: number, message: string) => Promise<void>;
  text: CliText;
}

export interface ToolResult {
  /** The short text summary. */
  text: string;
  structured: Record<string, unknown>;
  /** A problem found (the command line's 1), e.g. a URL not indexable: the result is still no error. */
  exitCode: 0 | 1 | 2;
}

export interface Tool<I extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodType;
  run(args: z.infer<I>, ctx: ToolContext): Promise<ToolResult>;
}

/** A tool with its arguments' type taken from its input schema. */
const defineTool = <I extends z.ZodType>(t: Tool<I>): Tool<I> => t;

const bound = (b: Bound, what: string) => z.number().int().min(b.min).max(b.max).default(b.default).describe(`${what} (default ${b.default}, at most ${b.max})`);
const httpUrl = z.url({ protocol: /^https?$/ }).describe('An http(s) URL');
const httpUrlLoose = z.url({ protocol: /^https?$/ });
const agent = z.enum(['smartphone', 'desktop']).default('smartphone').describe('Googlebot Smartphone (default) or Googlebot Desktop');
const exitCode = z.union([z.literal(0), z.literal(1), z.literal(2)]).describe("The command line's exit code for this answer: 0 all fine, 1 a problem found, 2 nothing could be checked");

/** Runs a site check of the given URLs and collects its reports (the command line's core). */
async function siteCheckReports(
  opts: { urls?: string[]; sitemaps?: string[]; site?: string; agent: 'smartphone' | 'desktop'; maxUrls: number; concurrency: number; timeoutMs: number; maxTimeMs: number },
  ctx: ToolContext,
  onProgress?: (p: SiteCheckProgress) => void,
) {
  const reports: Report[] = [];
  const check = startSiteCheck({
    fetchHop: nodeFetchHop(),
    urls: opts.urls,
    sitemaps: opts.sitemaps,
    site: opts.site,
    agent: opts.agent,
    concurrency: opts.concurrency,
    maxUrls: opts.maxUrls,
    timeoutMs: opts.timeoutMs,
    maxTimeMs: opts.maxTimeMs,
    translate: ctx.text.t,
    generator: `Crawlscope ${VERSION} (MCP)`,
    otherCrawlers: true,
    onReport: (r) => reports.push(r),
    onProgress,
  });
  const stop = () => check.cancel();
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    const summary = await check.done;
    return { summary, reports };
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}

const reportShape = z.looseObject({ url: z.string(), verdict: z.string() }).describe('The report, in the schema of docs/report-schema.json');

const checkUrl = defineTool({
  name: 'check_url',
  title: 'Check one URL as Googlebot',
  description:
    "The full Crawlscope report of one URL as Googlebot fetches it: indexability verdict with every reason and its evidence (status, redirects, robots.txt line, meta robots, X-Robots-Tag, canonical, meta refresh), Googlebot's 2 MB byte budget, robots.txt for Google's and other crawlers, and AI usage preferences. Optionally fetches the page as each AI crawler (crawlersLive) and reads the site's llms.txt.",
  input: z.strictObject({
    url: httpUrl,
    agent,
    timeoutSec: bound(L.check_url.timeoutSec, 'Seconds for the page (its redirects and body)'),
    crawlersLive: z.boolean().default(false).describe('Also request the page with each catalog crawler\'s User-Agent and compare with Googlebot\'s answer (12 more requests, 4 at a time)'),
    llmsTxt: z.boolean().default(false).describe("Also read the origin's /llms.txt (one request)"),
  }),
  output: z.object({ report: reportShape, exitCode }),
  async run(a, ctx) {
    const { t } = ctx.text;
    const { summary, reports } = await siteCheckReports({ urls: [a.url], agent: a.agent, maxUrls: 1, concurrency: 1, timeoutMs: a.timeoutSec * 1000, maxTimeMs: a.timeoutSec * 1000 + 25_000 }, ctx);
    if (ctx.signal.aborted) throw new ToolFailure('cancelled', 2, t('mcp.error.cancelled'));
    let report = reports[0];
    if (!report) throw new ToolFailure('failed', 2, summary.errors[0]?.error ?? t('sitecheck.nothing'));
    if (a.crawlersLive && report.status) {
      const verdicts = report.robots?.others?.map((o) => ({ effect: o.verdict, line: o.line }));
      report = { ...report, liveFetch: reportLiveFetch(await fetchAsCrawlers(report.url, nodeFetchHop(), { verdicts, signal: ctx.signal }), t) };
    }
    if (a.llmsTxt) report = { ...report, llmsTxt: reportLlmsTxt(await fetchLlmsTxt(report.url, nodeFetchHop(), googlebotUserAgent(a.agent === 'desktop' ? 'desktop' : 'mobile'), { signal: ctx.signal }), t) };
    const code = runOutcome(summary);
    const lines = [`${verdictText(report.verdict, t)}: ${report.url}`, ...report.reasons.filter((r) => r.severity !== 'ok').slice(0, 8).map((r) => `- ${r.message}`)];
    for (const f of report.liveFetch?.findings ?? []) lines.push(`- ${f.message}`);
    for (const f of report.aiPreferences?.findings ?? []) lines.push(`- ${f.message}`);
    return { text: lines.join('\n'), structured: { report, exitCode: code }, exitCode: code };
  },
});

/** The pause between the last progress notification and the result (see site_check). */
const PROGRESS_SETTLE_MS = 25;

const siteCheck = defineTool({
  name: 'site_check',
  title: 'Check a site as Googlebot',
  description:
    "Every URL of a sitemap (or of the sitemaps robots.txt names, or the URLs given) fetched as Googlebot with robots.txt obeyed, worst first: verdict, status, bytes against the 2 MB limit, robots.txt line, canonical, noindex. Sends progress notifications when the call carries a progressToken; cancelling the call stops the run.",
  input: z
    .strictObject({
      urls: z.array(httpUrl).min(1).max(L.site_check.urls).optional().describe(`URLs to check as they are (at most ${L.site_check.urls})`),
      sitemap: httpUrl.optional().describe('A sitemap or sitemap index to read'),
      site: httpUrl.optional().describe("A site whose robots.txt Sitemap: lines name the sitemaps"),
      agent,
      maxUrls: bound(L.site_check.maxUrls, 'URLs checked at most'),
      concurrency: bound(L.site_check.concurrency, 'Requests at once per host'),
      timeoutSec: bound(L.site_check.timeoutSec, 'Seconds per URL'),
      maxTimeSec: bound(L.site_check.maxTimeSec, 'Seconds for the whole run'),
    })
    .refine((a) => [a.urls, a.sitemap, a.site].filter((x) => x !== undefined).length === 1, { message: 'Give exactly one of urls, sitemap or site' }),
  output: z.object({
    state: z.string(),
    done: z.number(),
    total: z.number(),
    byVerdict: z.record(z.string(), z.number()),
    rows: z.array(z.looseObject({ url: z.string(), verdict: z.string() })),
    problems: z.array(z.string()),
    exitCode,
  }),
  async run(a, ctx) {
    const { t } = ctx.text;
    let last = 0;
    // Each notification is written before the result. The SDK's client (1.32) handles a notification
    // a microtask later than a response read in the same chunk, and drops progress for a request that
    // has answered (modelcontextprotocol/typescript-sdk#2580, open): a short pause after the last
    // notification lets it arrive on its own; a loaded client may still drop the last ones.
    const sent: Promise<void>[] = [];
    const { summary, reports } = await siteCheckReports(
      { urls: a.urls, sitemaps: a.sitemap ? [a.sitemap] : undefined, site: a.site, agent: a.agent, maxUrls: a.maxUrls, concurrency: a.concurrency, timeoutMs: a.timeoutSec * 1000, maxTimeMs: a.maxTimeSec * 1000 },
      ctx,
      (p) => {
        // One notification each time more URLs are done: MCP requires progress to increase.
        if (p.done <= last) return;
        last = p.done;
        sent.push(ctx.progress(p.done, p.total, progressText(p, t, ctx.text.duration).progress));
      },
    );
    if (sent.length) {
      await Promise.all(sent);
      await new Promise((r) => setTimeout(r, PROGRESS_SETTLE_MS));
    }
    const rows = reports.map(siteRow).sort(worstFirst);
    const w = progressText(summary.progress, t, ctx.text.duration);
    const problems = [...summary.problems, ...summary.sitemaps.flatMap((s) => s.problems)].map((p) => `${p.sitemap}: ${p.code}`);
    const code = runOutcome(summary);
    const text = [w.ended, w.progress, w.counts, ...rows.slice(0, 10).map((r) => `- ${verdictText(r.verdict, t)}: ${r.url}`)].filter(Boolean).join('\n');
    return { text, structured: { state: summary.progress.state, done: summary.progress.done, total: summary.progress.total, byVerdict: summary.progress.byVerdict, rows, problems, exitCode: code }, exitCode: code };
  },
});

/** How a token picks its group: Google's own rules, a catalog crawler's documented fallbacks, else RFC 9309 (own group, else `*`). */
function rulesFor(token: string): AgentRules {
  const g = GOOGLE_CRAWLERS.find((c) => c.token.toLowerCase() === token.toLowerCase());
  if (g) return g;
  const c = CRAWLER_CATALOG.find((x) => x.token.toLowerCase() === token.toLowerCase());
  if (c) return { token: c.token, fallbacks: Array.isArray(c.fallbacks.value) ? c.fallbacks.value : [], ignoresGlobal: false, obeysRobotsTxt: true };
  return { token, fallbacks: [], ignoresGlobal: false, obeysRobotsTxt: true };
}

const robotsVerdict = defineTool({
  name: 'robots_verdict',
  title: 'robots.txt verdicts with their lines',
  description:
    "Google's robots.txt parser and matcher (it agrees with Google's open-source robots.txt case for case) on a robots.txt you give as text, or the one Crawlscope fetches the way Google does: for each URL and each user-agent token, allowed or disallowed, the group used and the deciding line — and the AI usage preferences (Content-Signal, Content-Usage, policy-token groups) for `*`. Tokens default to every Google token and every other crawler Crawlscope knows.",
  input: z
    .strictObject({
      robotsTxt: z.string().max(L.robots_verdict.robotsTxtBytes).optional().describe(`The file's text (at most ${L.robots_verdict.robotsTxtBytes} bytes); leave it out to fetch robots.txt of the first URL's origin`),
      urls: z.array(httpUrlLoose).min(1).max(L.robots_verdict.urls).describe(`URLs to judge (at most ${L.robots_verdict.urls})`),
      tokens: z.array(z.string().regex(/^[A-Za-z_-]+$/)).min(1).max(L.robots_verdict.tokens).optional().describe('User-agent tokens (letters, "-" and "_"); default: all Google tokens and the catalog'),
    })
    .refine((a) => a.robotsTxt === undefined || new TextEncoder().encode(a.robotsTxt).length <= L.robots_verdict.robotsTxtBytes, { message: `robotsTxt is over ${L.robots_verdict.robotsTxtBytes} bytes` }),
  output: z.object({
    robotsUrl: z.string().nullable(),
    outcome: z.string(),
    verdicts: z.array(z.object({ url: z.string(), token: z.string(), allowed: z.boolean(), group: z.string(), groupToken: z.string().nullable(), line: z.number().nullable(), rule: z.string().nullable(), reason: z.string() })),
    preferences: z.array(z.looseObject({ url: z.string() })),
    diagnostics: z.array(z.object({ line: z.number().nullable(), code: z.string(), message: z.string() })),
  }),
  async run(a, ctx) {
    const { t } = ctx.text;
    const tokens = a.tokens ?? [...GOOGLE_CRAWLERS.map((c) => c.token), ...CRAWLER_CATALOG.map((c) => c.token)];
    if (!tokens.every(isValidUserAgentToObey)) throw new ToolFailure('usage', 2, t('mcp.error.token'));
    const rules = tokens.map(rulesFor);
    let parsed: ParsedRobotsTxt | null;
    let report: RobotsReport | null = null;
    if (a.robotsTxt !== undefined) parsed = parseRobotsTxt(a.robotsTxt);
    else {
      const reader = createRobotsReader({ fetchHop: nodeFetchHop(), userAgent: () => googlebotUserAgent('mobile') });
      report = await reader.get(a.urls[0]!);
      parsed = parseRobotsReport(report);
    }
    const verdicts = a.urls.flatMap((url) => {
      const vs = report && report.outcome.kind !== 'parse' ? evaluateReportForAgents(rules, report, url) : evaluateAgents(rules, parsed!, url);
      return vs.map((v) => ({ url, token: v.token, allowed: v.allowed, group: v.group, groupToken: v.groupToken, line: v.line, rule: v.rule ? `${v.rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.pattern}` : null, reason: t(`robots.reason.${v.reason.code}`, v.reason.params) }));
    });
    const prefs = a.urls.map((url) => {
      const p = evaluatePreferences(parsed, url);
      return { url, crawlable: p.crawlable, purposes: p.purposes.map((x) => ({ purpose: x.purpose, value: x.value, conflict: x.conflict, statements: x.statements.map((s) => ({ kind: s.kind, label: s.label, value: s.value, line: s.line, text: s.text, draft: s.draft })) })) };
    });
    const diagnostics = [
      ...(parsed?.diagnostics ?? []).map((d) => ({ line: d.line, code: d.code, message: t(`robots.diag.${d.code}`, d.params) })),
      ...(parsed ? evaluatePreferences(parsed, a.urls[0]!).diagnostics : []).map((d) => ({ line: d.line, code: d.code, message: t(`aipref.diag.${d.code}`, d.params) })),
    ];
    const text = verdicts.map((v) => `${v.url} — ${v.token}: ${t(v.allowed ? 'report.md.allowed' : 'report.md.disallowed')}${v.line !== null ? ` (${t('report.md.line', [v.line])} ${v.rule})` : ''}`).join('\n');
    const outcome = report ? report.outcome.kind : 'parse';
    return { text: report ? `${report.robotsUrl}: ${t(`robots.outcome.${report.outcome.code}`, report.outcome.params)}\n${text}` : text, structured: { robotsUrl: report?.robotsUrl ?? null, outcome, verdicts, preferences: prefs, diagnostics }, exitCode: 0 };
  },
});

const render = defineTool({
  name: 'render',
  title: "Render a page as Googlebot",
  description:
    "Googlebot's render of one URL in a headless Chromium with Google's policy (the first 2 MB of the HTML, only the JavaScript, CSS and XHR robots.txt allows, no cookies, no images), and what it misses against the page as served: title, robots meta, canonical, links, words, JSON-LD — each difference with its likely cause.",
  input: z.strictObject({
    url: httpUrl,
    agent,
    force: z.boolean().default(false).describe('Render even when Google would not (a served noindex, a status other than 200)'),
    timeLimitSec: bound(L.render.timeLimitSec, 'Seconds for the render'),
  }),
  output: z.object({ render: z.looseObject({ url: z.string() }), changesIndexing: z.boolean(), exitCode }),
  async run(a, ctx) {
    const { t } = ctx.text;
    // The command line's render entry (cli/renderInChromium): a fresh headless Chromium per call.
    const result = (await renderInChromium({ url: a.url, agent: a.agent, force: a.force, timeLimitMs: a.timeLimitSec * 1000, signal: ctx.signal })).result;
    const r = reportRender(result, t)!;
    const changes = changesIndexing(result.differences);
    // The exit code `crawlscope render` gives for the same result.
    const code = renderExitCode(result) as 0 | 1 | 2;
    const lines = [`${t('render.heading')}: ${r.finalUrl}`, ...r.differences.map((d) => `- ${d.message}${d.cause ? ` (${d.cause.message})` : ''}`)];
    if (!r.differences.length && result.rendered) lines.push(t('render.noDifferencesNoBrowser'));
    return { text: lines.join('\n'), structured: { render: r, changesIndexing: changes, exitCode: code }, exitCode: code };
  },
});

const iprangesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/ipranges');

/** Google's range files: the snapshot shipped with Crawlscope, or (fetchRanges) all five fetched now from Google — or from CRAWLSCOPE_RANGES_BASE. */
async function rangeFiles(fetchNow: boolean, signal: AbortSignal): Promise<{ files: RangeFiles; status: { name: string; source: string; creationTime: string | null; prefixes: number; problem: string | null }[] }> {
  const files: RangeFiles = {};
  const status: { name: string; source: string; creationTime: string | null; prefixes: number; problem: string | null }[] = [];
  for (const name of RANGE_FILE_NAMES) {
    let problem: string | null = null;
    if (fetchNow) {
      try {
        const res = await fetch(rangeFileUrl(name, process.env.CRAWLSCOPE_RANGES_BASE || GOOGLE_RANGES_BASE), { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
        const v = validateRangeFile(res.status, await res.text());
        if (v.ok) {
          files[name] = v.file;
          status.push({ name, source: 'download', creationTime: v.file.creationTime ?? null, prefixes: v.file.prefixes.length, problem: null });
          continue;
        }
        problem = v.code;
      } catch (e) {
        problem = e instanceof Error ? e.message : String(e);
      }
    }
    const file = path.join(iprangesDir, `${name}.json`);
    const v = fs.existsSync(file) ? validateRangeFile(200, fs.readFileSync(file, 'utf8')) : null;
    if (v?.ok) {
      files[name] = v.file;
      status.push({ name, source: 'snapshot', creationTime: v.file.creationTime ?? null, prefixes: v.file.prefixes.length, problem });
    } else status.push({ name, source: 'none', creationTime: null, prefixes: 0, problem });
  }
  return { files, status };
}

const verify = defineTool({
  name: 'verify_ip',
  title: 'Is it really Googlebot?',
  description:
    "Checks one IP address, or access-log lines, against Google's published IP ranges (all five files: common crawlers, special-case crawlers, user-triggered fetchers, user-triggered fetchers run by Google, user-triggered agents) and, when asked, reverse + forward DNS. Uses the snapshot shipped with Crawlscope unless fetchRanges asks for Google's current files.",
  input: z
    .strictObject({
      ip: z.string().max(100).optional().describe('One IPv4 or IPv6 address'),
      logLines: z.string().max(L.verify_ip.logBytes).optional().describe(`Access-log lines (Common/Combined format or CSV), at most ${L.verify_ip.lines} lines`),
      dns: z.boolean().default(false).describe(`Also check reverse + forward DNS (dns.google), for at most ${L.verify_ip.dnsLookups} addresses`),
      fetchRanges: z.boolean().default(false).describe("Fetch Google's five range files now instead of the shipped snapshot"),
    })
    .refine((a) => (a.ip === undefined) !== (a.logLines === undefined), { message: 'Give exactly one of ip or logLines' }),
  output: z.object({ ranges: z.array(z.looseObject({ name: z.string() })), ip: z.looseObject({}).nullable(), log: z.looseObject({}).nullable() }),
  async run(a, ctx) {
    const { t } = ctx.text;
    const { files, status } = await rangeFiles(a.fetchRanges, ctx.signal);
    const resolver = a.dns ? createDohResolver({ fetch: (u, i) => fetch(u, i), endpoint: DOH_ENDPOINTS.google }) : null;
    if (a.ip !== undefined) {
      const v = await verifyIp(a.ip.trim(), files, resolver, { dns: a.dns ? 'always' : 'never' });
      if (v.verdict === 'invalid') throw new ToolFailure('usage', 2, t(`verify.reason.${v.reason.code}`, v.reason.params));
      const text = `${v.ip}: ${t(`verify.reason.${v.reason.code}`, v.reason.params)}`;
      return { text, structured: { ranges: status, ip: { ...v, reason: { ...v.reason, message: t(`verify.reason.${v.reason.code}`, v.reason.params) } }, log: null }, exitCode: v.verdict === 'notGoogle' ? 1 : 0 };
    }
    const lines = a.logLines!.split(/\r?\n/);
    if (lines.length > L.verify_ip.lines + 1) throw new ToolFailure('usage', 2, t('mcp.error.tooManyLines', [L.verify_ip.lines]));
    const agg = createLogAggregator(DEFAULT_LOG_LIMITS);
    lines.forEach((l, i) => agg.line(l, i + 1, false));
    const tally = agg.tally();
    const checked = await verifyTally(tally, files, resolver, { maxDns: a.dns ? L.verify_ip.dnsLookups : 0 });
    const summary = summarizeLog(tally, checked.outcomes);
    const text = t('mcp.verify.summary', [summary.realLines, summary.fakeLines, summary.unverifiedLines]);
    return { text, structured: { ranges: status, ip: null, log: summary as unknown as Record<string, unknown> }, exitCode: summary.fakeLines > 0 ? 1 : 0 };
  },
});

export const TOOLS: readonly Tool<any>[] = [checkUrl, robotsVerdict, render, siteCheck, verify];
