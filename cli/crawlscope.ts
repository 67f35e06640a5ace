// `crawlscope`: the site check on the command line, for CI. Every URL of a sitemap (or the URLs
// given) as Googlebot sees it, with the same lib/ core as the extension's "Check this site" page.
import { parseArgs } from 'node:util';
import { LIMIT_CHOICES } from '../lib/bytes';
import {
  bytesCell,
  canonicalCell,
  columnHeading,
  cutCell,
  lostCell,
  noindexCell,
  problemText,
  progressText,
  runOutcome,
  robotsCell,
  SITE_CHECK_DEFAULTS as D,
  SITE_COLUMNS,
  sitemapText,
  startSiteCheck,
  siteRow,
  statusCell,
  structuredCell,
  structuredTotals,
  worstFirst,
  baselineProblemText,
  compareRuns,
  createRunSnapshot,
  type SiteRow,
  type SiteCheckSummary,
} from '../lib/sitecheck';
import { verdictText, type Report, type Translate } from '../lib/report';
import { cliLanguage, cliText, type CliText } from './cliTranslate';
import { displayWidth } from './displayWidth';
import { nodeFetchHop } from './nodeFetchHop';
import { openAnalysisPool } from './analysisPool';
import { renderMain } from './renderCommand';
import { crawlerUserAgent } from '../lib/crawlers';
import { crawlersRow, crawlersTable, type CrawlersRow } from './crawlersTable';
import { helpText, langArgument, parseArgsErrorText } from './helpText';
import { MAIN_HELP } from './mainHelp';
import { createSiteRenderer, renderChangesIndexing, renderLines, renderMissesContent, type SiteRenderer } from './siteRender';
import { RENDER_TIME_LIMIT_MS } from '../lib/render';
import { readBaselineFile } from './readBaselineFile';
import { changesLine, changesLines, type FailOn } from './changesOutput';
import { createLiveSample, LIVE_SAMPLE_DEFAULT, LIVE_SAMPLE_MAX, type LiveSample } from './liveSample';
import { fetchLlmsTxt, llmsSummaryText } from '../lib/llmstxt';
import { googlebotUserAgent } from '../lib/crawl';
import { CRAWL_DEFAULT_MAX_DEPTH, CRAWL_MAX_DEPTH } from '../lib/sitecheck';
import { createReportSpool, reportJson, siteFindingsLines, siteLine, writeLinksCsv, type ReportSpool } from './crawlOutput';

const VERSION = '0.1.0';
/** The summary reads the llms.txt of at most this many origins. */
const LLMS_ORIGINS = 10;

/** A mistake in the arguments, already in the user's language. */
class UsageError extends Error {}

function intOption(v: string | undefined, name: string, min: number, max: number, fallback: number, t: Translate): number {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(t('cli.error.wholeNumber', [`--${name}`, String(min), String(max), v]));
  return Number(v);
}

/** An http(s) URL; `option` names the flag it came with (none: a URL given as it is). */
function httpUrl(v: string, option: string | null, t: Translate): string {
  try {
    const u = new URL(v);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  } catch {
    /* falls through */
  }
  throw new UsageError(option ? t('cli.error.optionNotUrl', [option, v]) : t('cli.error.notUrl', [v]));
}

const pad = (s: string, n: number) => {
  const w = displayWidth(s);
  return w >= n ? s : s + ' '.repeat(n - w);
};

/** The columns of the table: the page's, with what lies past the cut and the structured data on lines of their own. */
const COLUMNS = SITE_COLUMNS.filter((c) => c !== 'lost' && c !== 'structured');

function table(rows: SiteRow[], text: CliText): string {
  const { t, number } = text;
  const head = COLUMNS.map((c) => columnHeading(c, t));
  const cells = rows.map((r) =>
    COLUMNS.map((c) => {
      switch (c) {
        case 'verdict':
          return verdictText(r.verdict, t);
        case 'status':
          return statusCell(r, t).status;
        case 'bytes':
          return bytesCell(r, t);
        case 'cut':
          return cutCell(r, t, number);
        case 'robots':
          return robotsCell(r, t);
        case 'canonical':
          return canonicalCell(r, t);
        case 'noindex':
          return noindexCell(r, t);
        case 'url':
          return r.url;
        default:
          return '';
      }
    }),
  );
  const widths = head.map((h, i) => Math.min(60, Math.max(displayWidth(h), ...cells.map((c) => displayWidth(c[i]!)))));
  const line = (c: string[]) => c.map((x, i) => (i === c.length - 1 ? x : pad(x, widths[i]!))).join('  ').trimEnd();
  const out = [line(head)];
  rows.forEach((r, i) => {
    out.push(line(cells[i]!));
    const redirects = statusCell(r, t).redirects;
    if (redirects) out.push(`    ${redirects}`);
    // A meta refresh is a redirect for Google that no status code shows: its reason, under the row.
    if (r.metaRefresh) out.push(`    ${r.metaRefresh.message}`);
    const lost = lostCell(r, t);
    if (lost.items.length) out.push(`    ${t('sitecheck.cli.lost', [lost.text])}`);
    if (r.structured?.items) out.push(`    ${t('sitecheck.cli.structured', [structuredCell(r, t)])}`);
  });
  return out.join('\n');
}

export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  if (argv[0] === 'render') return renderMain(argv.slice(1), out, err);
  if (argv[0] === 'mcp') return (await import('./mcp/mcpServer')).mcpMain(argv.slice(1));
  // The language first, so that even a mistake in the arguments is told in it.
  const langArg = langArgument(argv);
  const usageText = cliText(cliLanguage(langArg));
  const u = usageText.t;
  let opts;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        sitemap: { type: 'string', multiple: true },
        site: { type: 'string' },
        crawl: { type: 'string', multiple: true },
        'max-depth': { type: 'string' },
        'links-csv': { type: 'string' },
        agent: { type: 'string' },
        limit: { type: 'string' },
        concurrency: { type: 'string' },
        'max-urls': { type: 'string' },
        timeout: { type: 'string' },
        'max-time': { type: 'string' },
        'follow-foreign': { type: 'boolean' },
        json: { type: 'boolean' },
        crawlers: { type: 'boolean' },
        'crawlers-live': { type: 'boolean' },
        'live-sample': { type: 'string' },
        render: { type: 'boolean' },
        baseline: { type: 'string' },
        'fail-on': { type: 'string' },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      out.write(helpText(MAIN_HELP, u));
      return 0;
    }
    const agentArg = values.agent ?? D.agent;
    const googlebot = agentArg === 'smartphone' || agentArg === 'desktop';
    // Any other value: a crawler of the catalog, sent with its operator's documented User-Agent.
    const asCrawler = googlebot ? null : crawlerUserAgent(agentArg);
    if (asCrawler && !asCrawler.ok) {
      if (asCrawler.code === 'controlToken') throw new UsageError(u('cli.error.agentControlToken', [asCrawler.token]));
      if (asCrawler.code === 'noUserAgent') throw new UsageError(u('cli.error.agentNoUserAgent', [asCrawler.token]));
      throw new UsageError(u('cli.error.agentUnknown', [agentArg]));
    }
    const agent = googlebot ? agentArg : D.agent;
    const limit = values.limit === undefined ? D.limit : Number(values.limit);
    if (!(LIMIT_CHOICES as readonly number[]).includes(limit)) throw new UsageError(u('cli.error.limit', [LIMIT_CHOICES.join(', '), values.limit ?? '']));
    const urls = positionals.map((p) => httpUrl(p, null, u));
    const sitemaps = (values.sitemap ?? []).map((s) => httpUrl(s, '--sitemap', u));
    const site = values.site === undefined ? undefined : httpUrl(values.site, '--site', u);
    const crawl = (values.crawl ?? []).map((c) => httpUrl(c, '--crawl', u));
    if (!urls.length && !sitemaps.length && !site && !crawl.length) throw new UsageError(u('cli.error.nothingToCheck'));
    // The link graph and the depth limit belong to a crawl.
    for (const f of ['max-depth', 'links-csv'] as const) if (values[f] !== undefined && !crawl.length) throw new UsageError(u('cli.error.needsCrawl', [`--${f}`]));
    const failOn = values['fail-on'] ?? 'regressions';
    if (failOn !== 'regressions' && failOn !== 'problems') throw new UsageError(u('cli.error.failOn', [failOn]));
    opts = {
      agent: agent as 'smartphone' | 'desktop',
      limit,
      urls,
      sitemaps,
      site,
      crawl,
      maxDepth: intOption(values['max-depth'], 'max-depth', 0, CRAWL_MAX_DEPTH, CRAWL_DEFAULT_MAX_DEPTH, u),
      linksCsv: values['links-csv'],
      concurrency: intOption(values.concurrency, 'concurrency', D.minConcurrency, D.maxConcurrency, D.concurrency, u),
      maxUrls: intOption(values['max-urls'], 'max-urls', 1, D.maxMaxUrls, D.maxUrls, u),
      timeoutMs: intOption(values.timeout, 'timeout', D.minTimeoutMs / 1000, D.maxTimeoutMs / 1000, D.timeoutMs / 1000, u) * 1000,
      maxTimeMs: intOption(values['max-time'], 'max-time', D.minMaxTimeMs / 1000, D.maxMaxTimeMs / 1000, D.maxTimeMs / 1000, u) * 1000,
      followForeign: values['follow-foreign'] === true,
      json: values.json === true,
      crawlers: values.crawlers === true,
      crawlersLive: values['crawlers-live'] === true,
      liveSample: intOption(values['live-sample'], 'live-sample', 1, LIVE_SAMPLE_MAX, LIVE_SAMPLE_DEFAULT, u),
      render: values.render === true,
      crawler: asCrawler?.ok ? { token: asCrawler.token, userAgent: asCrawler.userAgent } : undefined,
      lang: values.lang,
      baseline: values.baseline,
      failOn: failOn as FailOn,
    };
    if (values.lang !== undefined && cliLanguage(values.lang, {}) === 'en' && !/^en\b/i.test(values.lang)) {
      throw new UsageError(u('cli.error.lang', [values.lang]));
    }
  } catch (e) {
    err.write(`crawlscope: ${e instanceof UsageError ? e.message : parseArgsErrorText(e, u)}\n\n${helpText(MAIN_HELP, u)}`);
    return 2;
  }

  const text = cliText(cliLanguage(opts.lang));
  const t = text.t;
  // The baseline is read before the run: a file that is not one fails at once, not after the crawl.
  const baseline = opts.baseline === undefined ? null : await readBaselineFile(opts.baseline, t);
  if (baseline && !baseline.ok) {
    err.write(`crawlscope: ${baseline.problem ? baselineProblemText(baseline.problem, t) : baseline.message}\n`);
    return 2;
  }
  if (baseline) {
    for (const p of baseline.problems) err.write(`${opts.baseline}: ${baselineProblemText(p, t)}\n`);
    if (baseline.problemCount > baseline.problems.length) err.write(`${opts.baseline}: ${t('changes.baseline.more', [baseline.problemCount - baseline.problems.length])}\n`);
  }
  /** This run's facts per URL, for the comparison (one small record a URL, never the report). */
  const snapshot = baseline ? createRunSnapshot() : null;
  const rows: SiteRow[] = [];
  const crawlerRows: CrawlersRow[] = [];
  /** With --agent <crawler>: the URLs robots.txt keeps from that crawler (not requested), with the reason's words. */
  const keptOut: string[] = [];
  const progress = err === process.stderr && process.stderr.isTTY;
  /** One finished report: counted, then written (JSON Lines) or kept as one small row for the table. */
  /** The origins checked (for their llms.txt in the summary), at most LLMS_ORIGINS. */
  const origins = new Set<string>();
  const report = (r: Report) => {
    if (origins.size < LLMS_ORIGINS) origins.add(new URL(r.siteCheck?.requestedUrl ?? r.url).origin);
    // JSON Lines go out as they come; the table keeps one small row per URL, never the report.
    const kept = r.reasons.find((x) => x.code === 'crawlerRobotsBlocked');
    if (kept) keptOut.push(`${r.siteCheck?.requestedUrl ?? r.url}: ${kept.message}`);
    snapshot?.add(r);
    if (spool) spool.add(r);
    else if (opts.json) out.write(reportJson(r) + '\n');
    else if (opts.crawlers) crawlerRows.push(crawlersRow(r));
    else rows.push(siteRow(r));
  };
  // A crawl's JSON Lines wait in a file until it is over: each URL's depth and inlinks are known only then.
  const spool: ReportSpool | null = opts.crawl.length && opts.json ? createReportSpool() : null;
  const renderStop = new AbortController();
  let renderer: SiteRenderer | null = null;
  if (opts.render) {
    try {
      renderer = await createSiteRenderer({ agent: opts.agent, timeLimitMs: RENDER_TIME_LIMIT_MS, signal: renderStop.signal, t });
    } catch (e) {
      err.write(`crawlscope: --render: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
  }
  /** --crawlers-live: the first URLs fetched again as each crawler (through the same fetcher). */
  const live: LiveSample | null = opts.crawlersLive ? createLiveSample({ sample: opts.liveSample, hop: nodeFetchHop(), text }) : null;
  /** Renders (and live fetches) run one after another, each report written once they are done. */
  let rendering: Promise<void> = Promise.resolve();
  const renderText: string[] = [];
  let rendered = 0;
  let renderChanges = 0;
  let renderMisses = 0;
  // The bodies are read in worker threads (every core but this one's); this thread fetches.
  const pool = await openAnalysisPool(opts.concurrency ?? D.concurrency);
  const check = startSiteCheck({
    fetchHop: nodeFetchHop(),
    analyze: pool?.analyze,
    urls: opts.urls,
    sitemaps: opts.sitemaps,
    site: opts.site,
    agent: opts.agent,
    limit: opts.limit,
    concurrency: opts.concurrency,
    maxUrls: opts.maxUrls,
    timeoutMs: opts.timeoutMs,
    maxTimeMs: opts.maxTimeMs,
    followForeign: opts.followForeign,
    translate: t,
    generator: `Crawlscope ${VERSION} (command line)`,
    crawler: opts.crawler,
    // The live fetch's findings are about robots.txt's verdicts: it needs them.
    otherCrawlers: opts.crawlers || opts.crawlersLive,
    crawl: opts.crawl.length ? { from: opts.crawl, maxDepth: opts.maxDepth } : undefined,
    onReport: report,
    // Renders (and live fetches) run one after another; a crawl follows the links of each render.
    afterCheck:
      renderer || live
        ? (first: Report) => {
            const renderNow = renderer;
            const next = rendering.then(async (): Promise<{ report: Report; renderedLinks: string[] | null }> => {
              const r = live ? await live.add(first) : first;
              if (!renderNow) return { report: r, renderedLinks: null };
              const got = await renderNow.render(r);
              if (got.error) err.write(`${r.url}: ${got.error}\n`);
              if (got.report.render) rendered++;
              if (renderMissesContent(got.report)) renderMisses++;
              if (renderChangesIndexing(got.report)) {
                renderChanges++;
                renderText.push(...renderLines(got.report, t));
              }
              return { report: got.report, renderedLinks: got.links };
            });
            rendering = next.then(() => undefined, () => undefined);
            return next;
          }
        : undefined,
    onProgress: progress
      ? (p) => {
          const w = progressText(p, t, text.duration);
          err.write(`\r${[w.progress, w.discovering, w.eta].filter(Boolean).join(' — ')}\x1b[K`);
        }
      : undefined,
  });
  const stop = () => {
    check.cancel();
    renderStop.abort();
  };
  process.once('SIGINT', stop);
  let summary: SiteCheckSummary;
  try {
    summary = await check.done;
    await rendering;
  } catch (e) {
    spool?.discard();
    throw e;
  } finally {
    process.removeListener('SIGINT', stop);
    await renderer?.close();
    pool?.close();
  }
  if (progress) err.write('\r\x1b[K');
  const crawled = summary.crawl ?? null;
  // Every report fetched before a Ctrl-C is written, then the findings so far (marked partial).
  if (spool) await spool.drain(out, crawled);
  if (crawled && opts.json) out.write(siteLine(crawled.result));
  if (crawled && opts.linksCsv) {
    try {
      const n = await writeLinksCsv(opts.linksCsv, crawled);
      err.write(t('crawl.linksCsvWritten', [n, opts.linksCsv]) + '\n');
    } catch (e) {
      err.write(`crawlscope: --links-csv: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }

  // With --crawlers / --crawlers-live, the table's summary says what each origin's llms.txt is
  // (information, whatever it says; one request per origin).
  const llms: string[] = [];
  if (summary.progress.state === 'done' && !opts.json && (opts.crawlers || opts.crawlersLive)) {
    for (const origin of origins) {
      const got = await fetchLlmsTxt(origin, nodeFetchHop(), googlebotUserAgent(opts.agent === 'desktop' ? 'desktop' : 'mobile'));
      llms.push(`${got.url}: ${llmsSummaryText(got, t)}`);
    }
  }
  const problems = [...summary.problems, ...summary.sitemaps.flatMap((s) => s.problems)];
  if (snapshot && summary.crawl) snapshot.site(summary.crawl.result);
  const changes = baseline?.ok && snapshot ? compareRuns(baseline.run, snapshot.snapshot(summary.progress.state === 'done')) : null;
  if (!opts.json) {
    rows.sort(worstFirst);
    if (rows.length) out.write(table(rows, text) + '\n\n');
    if (crawlerRows.length) out.write(crawlersTable(crawlerRows, opts.crawler?.token ?? 'Googlebot', text) + '\n\n');
    if (keptOut.length) out.write(keptOut.join('\n') + '\n\n');
    if (renderer) out.write([`${t('render.heading')}: ${t('sitecheck.renderCount', [rendered, renderChanges])}`, t('sitecheck.renderMisses', [renderMisses]), ...renderText].join('\n') + '\n\n');
    if (live) out.write(live.lines().join('\n') + '\n\n');
    for (const s of summary.sitemaps) out.write(sitemapText(s, t).text + '\n');
    if (crawled) out.write(siteFindingsLines(crawled.result, t).join('\n') + '\n\n');
    if (changes) out.write(changesLines(changes, t, opts.baseline ?? '') + '\n\n');
    const w = progressText(summary.progress, t, text.duration);
    out.write(`${[w.ended, w.progress, w.counts, structuredTotals(summary.progress, t), w.notAccepted, w.duplicates, ...llms].filter(Boolean).join('\n')}\n`);
  } else {
    // JSON Lines keep stdout for reports: why the run ended early, and what was left out, go to stderr.
    const w = progressText(summary.progress, t, text.duration);
    for (const line of [w.ended, crawled?.result.partial ? t('crawl.partial', [crawled.result.links.pages]) : null, w.notAccepted, w.duplicates]) if (line) err.write(line + '\n');
    if (renderer) err.write(`${t('render.heading')}: ${t('sitecheck.renderCount', [rendered, renderChanges])}; ${t('sitecheck.renderMisses', [renderMisses])}\n`);
    // The comparison is the last line, after every report (and the crawl's {"site": …} line).
    if (changes && baseline?.ok) out.write(changesLine(changes, t, { file: opts.baseline ?? '', lines: baseline.lines, bytes: baseline.bytes, problems: baseline.problems, problemCount: baseline.problemCount }, opts.failOn) + '\n');
  }
  for (const p of problems) err.write(`${p.sitemap ? `${p.sitemap}: ` : ''}${problemText(p, t)}\n`);
  for (const e of summary.errors) err.write(`${e.url}: ${e.error}\n`);
  if (summary.progress.done === 0 && summary.progress.state === 'done') err.write(t('sitecheck.nothing') + '\n');
  const outcome = runOutcome(summary);
  // With a baseline (and --fail-on regressions): 1 only for what got worse since it; a run that
  // could not check anything, or ended early, stays 2.
  if (changes && opts.failOn === 'regressions' && outcome !== 2) return changes.worse > 0 ? 1 : 0;
  // A render difference that changes indexing is a problem of that URL, as a noindex would be.
  return outcome === 0 && renderChanges > 0 ? 1 : outcome;
}

process.exitCode = await main(process.argv.slice(2));
