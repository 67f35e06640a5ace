// What `crawlscope --help` shows, as data: each usage line and flag with the locale key of its words
// (cli/helpText.ts lays it out). A module of its own so that tests read it without running the command.
import { LIMIT_CHOICES } from '../lib/bytes';
import { CRAWL_DEFAULT_MAX_DEPTH, CRAWL_MAX_DEPTH, SITE_CHECK_DEFAULTS as D } from '../lib/sitecheck';
import { LIVE_SAMPLE_DEFAULT, LIVE_SAMPLE_MAX } from '../lib/livefetch';
import type { HelpSpec } from './helpText';

/** `crawlscope --help`: one line per flag, its words under cli.help.flag.<key> in locales/<lang>.yml. */
export const MAIN_HELP: HelpSpec = {
  usage: [
    { syntax: 'crawlscope [options] <url>…', key: 'cli.help.command.urls' },
    { syntax: 'crawlscope [options] --sitemap <url>', key: 'cli.help.command.sitemap' },
    { syntax: 'crawlscope [options] --site <url>', key: 'cli.help.command.site' },
    { syntax: 'crawlscope [options] --crawl <url>', key: 'cli.help.command.crawl' },
    { syntax: 'crawlscope render [options] <url>', key: 'cli.help.command.render' },
    { syntax: 'crawlscope mcp', key: 'cli.help.command.mcp' },
  ],
  about: [{ key: 'cli.help.about' }],
  flags: [
    { syntax: '--agent smartphone|desktop', key: 'cli.help.flag.agent', params: [D.agent] },
    { syntax: '--agent <token>', key: 'cli.help.flag.agentCrawler' },
    { syntax: '--crawlers', key: 'cli.help.flag.crawlers' },
    { syntax: '--crawlers-live', key: 'cli.help.flag.crawlersLive' },
    { syntax: '--live-sample <n>', key: 'cli.help.flag.liveSample', params: [String(LIVE_SAMPLE_DEFAULT), String(LIVE_SAMPLE_MAX)] },
    // Values a user types back: as digits, not in the language's number format.
    { syntax: '--limit <bytes>', key: 'cli.help.flag.limit', params: [LIMIT_CHOICES.join(', '), String(D.limit)] },
    { syntax: '--concurrency <n>', key: 'cli.help.flag.concurrency', params: [String(D.minConcurrency), String(D.maxConcurrency), String(D.concurrency)] },
    { syntax: '--max-urls <n>', key: 'cli.help.flag.maxUrls', params: [String(D.maxUrls)] },
    { syntax: '--max-depth <n>', key: 'cli.help.flag.maxDepth', params: ['0', String(CRAWL_MAX_DEPTH), String(CRAWL_DEFAULT_MAX_DEPTH)] },
    { syntax: '--timeout <seconds>', key: 'cli.help.flag.timeout', params: [String(D.timeoutMs / 1000)] },
    { syntax: '--max-time <seconds>', key: 'cli.help.flag.maxTime', params: [String(D.maxTimeMs / 1000), String(D.maxTimeMs / 60_000)] },
    { syntax: '--follow-foreign', key: 'cli.help.flag.followForeign' },
    { syntax: '--json', key: 'cli.help.flag.json' },
    { syntax: '--links-csv <file>', key: 'cli.help.flag.linksCsv' },
    { syntax: '--render', key: 'cli.help.flag.render' },
    { syntax: '--baseline <previous.jsonl>', key: 'cli.help.flag.baseline' },
    { syntax: '--fail-on regressions|problems', key: 'cli.help.flag.failOn' },
    { syntax: '--lang <language>', key: 'cli.help.flag.lang' },
    { syntax: '-h, --help', key: 'cli.help.flag.help' },
  ],
  after: [{ key: 'cli.help.exit' }],
};
