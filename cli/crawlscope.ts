// `crawlscope`: the site check on the command line, for CI. Every URL of a sitemap (or the URLs
// given) as Googlebot sees it, with the same lib/ core as the extension's "Check this site" page.
import { parseArgs } from 'node:util';
import { LIMIT_CHOICES } from '../lib/bytes/limits';
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
  worstFirst,
  type SiteRow,
  type SiteCheckSummary,
} from '../lib/sitecheck';
import { verdictText, type Report } from '../lib/report';
import { cliLanguage, cliText, type CliText } from './cliTranslate';
import { displayWidth } from './displayWidth';
import { nodeFetchHop } from './nodeFetchHop';
import { renderMain } from './renderCommand';
import { crawlerUserAgent } from '../lib/crawlers';
import { crawlersRow, crawlersTable, type CrawlersRow } from './crawlersTable';

const VERSION = '0.1.0';

const HELP = `Usage:
  crawlscope [options] <url>…            check these URLs
  crawlscope [options] --sitemap <url>   check every URL of a sitemap or sitemap index (repeatable)
  crawlscope [options] --site <url>      read the sitemaps named by the site's robots.txt
  crawlscope render [options] <url>      render the page as Googlebot (crawlscope render --help)

Each URL is fetched as Googlebot (no cookies, robots.txt obeyed: a disallowed URL is reported
with its line, not fetched) and judged: status and redirects, the exact bytes (headers as
HTTP/1.1 text + uncompressed body) against Googlebot's limit, the cut and what lies past it,
meta robots and X-Robots-Tag, canonical.

Options:
  --agent smartphone|desktop   Googlebot Smartphone or Googlebot Desktop (default ${D.agent})
  --agent <crawler token>      another crawler of the catalog (GPTBot, Applebot, bingbot, CCBot…):
                               its documented User-Agent on every request, robots.txt obeyed for it;
                               the verdict stays Google's
  --crawlers                   instead of the table, which other crawlers robots.txt keeps out of
                               each URL, with the lines (no extra requests; --json: robots.others)
  --limit <bytes>              byte limit for HTML: ${LIMIT_CHOICES.join(', ')} (default ${D.limit}; PDFs 64 MB)
  --concurrency <n>            requests at once per host, ${D.minConcurrency}–${D.maxConcurrency} (default ${D.concurrency})
  --max-urls <n>               stop after this many URLs (default ${D.maxUrls})
  --timeout <seconds>          time per URL, redirects and body included (default ${D.timeoutMs / 1000})
  --max-time <seconds>         time for the whole run (default ${D.maxTimeMs / 1000} = ${D.maxTimeMs / 60_000} min); then it
                               stops and says so, with the counts so far
  --follow-foreign             also fetch the URLs a sitemap may not list (another host, or outside
                               its folder with no robots.txt Sitemap: line naming it); still listed
  --json                       one report per line (JSON Lines, docs/report-schema.json)
  --lang <language>            the language of the table and messages: en, de, es, sk, ru, zh_TW
                               (default: from LC_ALL / LC_MESSAGES / LANG, else English)
  -h, --help                   this help

Exit code:
  0  every URL indexable (within the byte limit) and every sitemap read whole
  1  a URL not indexable or at risk (or its server unreachable), or a sitemap problem:
     malformed, capped, not fetched, bad entries, URLs it may not list
  2  nothing could be checked, the run was cancelled (Ctrl-C) or reached --max-time,
     or a usage error
`;

class UsageError extends Error {}

function intOption(v: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${v}")`);
  return Number(v);
}

function httpUrl(v: string, what: string): string {
  try {
    const u = new URL(v);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.href;
  } catch {
    /* falls through */
  }
  throw new UsageError(`${what} must be an http(s) URL (got "${v}")`);
}

const pad = (s: string, n: number) => {
  const w = displayWidth(s);
  return w >= n ? s : s + ' '.repeat(n - w);
};

/** The columns of the table: the page's, with what lies past the cut on a line of its own. */
const COLUMNS = SITE_COLUMNS.filter((c) => c !== 'lost');

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
  });
  return out.join('\n');
}

export async function main(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  if (argv[0] === 'render') return renderMain(argv.slice(1), out, err);
  let opts;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        sitemap: { type: 'string', multiple: true },
        site: { type: 'string' },
        agent: { type: 'string' },
        limit: { type: 'string' },
        concurrency: { type: 'string' },
        'max-urls': { type: 'string' },
        timeout: { type: 'string' },
        'max-time': { type: 'string' },
        'follow-foreign': { type: 'boolean' },
        json: { type: 'boolean' },
        crawlers: { type: 'boolean' },
        lang: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      out.write(HELP);
      return 0;
    }
    const agentArg = values.agent ?? D.agent;
    const googlebot = agentArg === 'smartphone' || agentArg === 'desktop';
    // Any other value: a crawler of the catalog, sent with its operator's documented User-Agent.
    const asCrawler = googlebot ? null : crawlerUserAgent(agentArg);
    if (asCrawler && !asCrawler.ok) {
      if (asCrawler.code === 'controlToken') throw new UsageError(`--agent ${asCrawler.token} is a control token: no crawler sends it`);
      if (asCrawler.code === 'noUserAgent') throw new UsageError(`--agent ${asCrawler.token}: its operator documents no User-Agent string, so Crawlscope cannot send one`);
      throw new UsageError(`--agent must be smartphone, desktop or a crawler token of the catalog, e.g. GPTBot (got "${agentArg}")`);
    }
    const agent = googlebot ? agentArg : D.agent;
    const limit = values.limit === undefined ? D.limit : Number(values.limit);
    if (!(LIMIT_CHOICES as readonly number[]).includes(limit)) throw new UsageError(`--limit must be one of ${LIMIT_CHOICES.join(', ')} (got "${values.limit}")`);
    const urls = positionals.map((p) => httpUrl(p, 'A URL'));
    const sitemaps = (values.sitemap ?? []).map((s) => httpUrl(s, '--sitemap'));
    const site = values.site === undefined ? undefined : httpUrl(values.site, '--site');
    if (!urls.length && !sitemaps.length && !site) throw new UsageError('Give URLs, --sitemap <url> or --site <url>.');
    opts = {
      agent: agent as 'smartphone' | 'desktop',
      limit,
      urls,
      sitemaps,
      site,
      concurrency: intOption(values.concurrency, 'concurrency', D.minConcurrency, D.maxConcurrency, D.concurrency),
      maxUrls: intOption(values['max-urls'], 'max-urls', 1, D.maxMaxUrls, D.maxUrls),
      timeoutMs: intOption(values.timeout, 'timeout', D.minTimeoutMs / 1000, D.maxTimeoutMs / 1000, D.timeoutMs / 1000) * 1000,
      maxTimeMs: intOption(values['max-time'], 'max-time', D.minMaxTimeMs / 1000, D.maxMaxTimeMs / 1000, D.maxTimeMs / 1000) * 1000,
      followForeign: values['follow-foreign'] === true,
      json: values.json === true,
      crawlers: values.crawlers === true,
      crawler: asCrawler?.ok ? { token: asCrawler.token, userAgent: asCrawler.userAgent } : undefined,
      lang: values.lang,
    };
    if (values.lang !== undefined && cliLanguage(values.lang, {}) === 'en' && !/^en\b/i.test(values.lang)) {
      throw new UsageError(`--lang must be one of en, de, es, sk, ru, zh_TW (got "${values.lang}")`);
    }
  } catch (e) {
    err.write(`crawlscope: ${e instanceof Error ? e.message : String(e)}\n\n${HELP}`);
    return 2;
  }

  const text = cliText(cliLanguage(opts.lang));
  const t = text.t;
  const rows: SiteRow[] = [];
  const crawlerRows: CrawlersRow[] = [];
  /** With --agent <crawler>: the URLs robots.txt keeps from that crawler (not requested), with the reason's words. */
  const keptOut: string[] = [];
  const progress = err === process.stderr && process.stderr.isTTY;
  const check = startSiteCheck({
    fetchHop: nodeFetchHop(),
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
    otherCrawlers: opts.crawlers,
    onReport: (r: Report) => {
      // JSON Lines go out as they come; the table keeps one small row per URL, never the report.
      const kept = r.reasons.find((x) => x.code === 'crawlerRobotsBlocked');
      if (kept) keptOut.push(`${r.siteCheck?.requestedUrl ?? r.url}: ${kept.message}`);
      if (opts.json) out.write(JSON.stringify(r) + '\n');
      else if (opts.crawlers) crawlerRows.push(crawlersRow(r));
      else rows.push(siteRow(r));
    },
    onProgress: progress
      ? (p) => {
          const w = progressText(p, t, text.duration);
          err.write(`\r${[w.progress, w.discovering, w.eta].filter(Boolean).join(' — ')}\x1b[K`);
        }
      : undefined,
  });
  const stop = () => check.cancel();
  process.once('SIGINT', stop);
  let summary: SiteCheckSummary;
  try {
    summary = await check.done;
  } finally {
    process.removeListener('SIGINT', stop);
  }
  if (progress) err.write('\r\x1b[K');

  const problems = [...summary.problems, ...summary.sitemaps.flatMap((s) => s.problems)];
  if (!opts.json) {
    rows.sort(worstFirst);
    if (rows.length) out.write(table(rows, text) + '\n\n');
    if (crawlerRows.length) out.write(crawlersTable(crawlerRows, opts.crawler?.token ?? 'Googlebot', text) + '\n\n');
    if (keptOut.length) out.write(keptOut.join('\n') + '\n\n');
    for (const s of summary.sitemaps) out.write(sitemapText(s, t).text + '\n');
    const w = progressText(summary.progress, t, text.duration);
    out.write(`${[w.ended, w.progress, w.counts, w.notAccepted, w.duplicates].filter(Boolean).join('\n')}\n`);
  } else {
    // JSON Lines keep stdout for reports: why the run ended early, and what was left out, go to stderr.
    const w = progressText(summary.progress, t, text.duration);
    for (const line of [w.ended, w.notAccepted, w.duplicates]) if (line) err.write(line + '\n');
  }
  for (const p of problems) err.write(`${p.sitemap}: ${problemText(p, t)}\n`);
  for (const e of summary.errors) err.write(`${e.url}: ${e.error}\n`);
  if (summary.progress.done === 0 && summary.progress.state === 'done') err.write(t('sitecheck.nothing') + '\n');
  return runOutcome(summary);
}

process.exitCode = await main(process.argv.slice(2));
