// The command line and the other crawlers, on the demo's 'others' robots.txt (GPTBot Disallow: /,
// CCBot Disallow: /private, Googlebot Disallow: /g-only): --crawlers (robots.txt only, no extra
// requests), and --agent with a catalog crawler's token (its documented User-Agent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { OTHERS_LINES as L } from '../../fixtures/demo-site/routes/crawlers.mjs';
import { jsonLines, runCli } from '../../support/cli';
import { reportSchemaErrors } from '../../support/reportSchema';
import { say } from '../../support/say';
import { crawlersCell, crawlersNote } from '../../../lib/sitecheck';
import { translatorOf } from '../../support/say';

let site: DemoSite;
const robotsRequests: string[] = [];
const url = (p: string) => `${site.origin}${p}`;
beforeAll(async () => {
  site = await startDemoSite({ robotsVariant: 'others', robotsRequests });
});
afterAll(() => site.close());

describe('crawlscope --crawlers', () => {
  it('a line per URL, worst first: who robots.txt keeps out, with the lines and the fallback; the may-not-apply note', async () => {
    robotsRequests.length = 0;
    const { code, out, err } = await runCli(['--crawlers', url('/others/page.html'), url('/private/page.html'), url('/g-only/page.html')]);
    expect(err).toBe('');
    // /g-only/ is blocked for Googlebot (not indexable): exit 1, as without --crawlers.
    expect(code).toBe(1);
    const w = url('/private/page.html').length;
    const pad = (u: string) => u + ' '.repeat(w - u.length);
    expect(out.split('\n\n')[0]!.split('\n')).toEqual([
      say('sitecheck.cli.crawlersHeading', ['Googlebot']),
      `${pad(url('/g-only/page.html'))}  ${say('sitecheck.cli.crawlersBlocked', [`${say('sitecheck.cli.crawlerLine', ['GPTBot', L.gptbotAll])}, ${say('sitecheck.cli.crawlerVia', ['Applebot', L.googlebotGOnly, 'Googlebot'])}`])}`,
      `${pad(url('/others/page.html'))}  ${say('sitecheck.cli.crawlersBlocked', [say('sitecheck.cli.crawlerLine', ['GPTBot', L.gptbotAll])])}`,
      `${pad(url('/private/page.html'))}  ${say('sitecheck.cli.crawlersBlocked', [`${say('sitecheck.cli.crawlerLine', ['GPTBot', L.gptbotAll])}, ${say('sitecheck.cli.crawlerLine', ['CCBot', L.ccbotPrivate])}`])}`,
    ]);
    expect(out).toContain(say('sitecheck.cli.crawlersMayNotApply', ['ChatGPT-User, Perplexity-User']));
    // robots.txt once, as Googlebot: no request per crawler.
    expect(robotsRequests).toHaveLength(1);
    expect(robotsRequests[0]).toContain('Googlebot/2.1');
  });

  it('--json --crawlers: every report carries robots.others, valid against the schema', async () => {
    const { out } = await runCli(['--json', '--crawlers', url('/g-only/page.html')]);
    const [r] = jsonLines(out);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(r!.robots!.others!.find((o) => o.token === 'Applebot')).toMatchObject({ verdict: 'blocked', group: 'fallback', groupToken: 'Googlebot', line: L.googlebotGOnly, rule: 'Disallow: /g-only' });
    expect(r!.robots!.others!.find((o) => o.token === 'ChatGPT-User')).toMatchObject({ verdict: 'may-not-apply' });
    // Without --crawlers the reports stay as they were.
    const [plain] = jsonLines((await runCli(['--json', url('/g-only/page.html')])).out);
    expect(plain!.robots).not.toHaveProperty('others');
  });
});

describe('crawlscope --agent <crawler token>', () => {
  it("GPTBot: its documented User-Agent; robots.txt obeyed for GPTBot, so nothing is requested, and the report says why, with the line", async () => {
    robotsRequests.length = 0;
    const { code, out } = await runCli(['--json', '--agent', 'gptbot', url('/others/page.html')]);
    expect(code).toBe(1);
    const [r] = jsonLines(out);
    expect(reportSchemaErrors(r)).toEqual([]);
    expect(r!.siteCheck).toMatchObject({
      crawler: 'GPTBot', fetched: false, userAgent: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot',
    });
    const why = r!.reasons.find((x) => x.code === 'crawlerRobotsBlocked')!;
    expect(why).toMatchObject({ severity: 'risk', message: say('indexability.reason.crawlerRobotsBlocked', [`${site.origin}/robots.txt`, L.gptbotAll, 'GPTBot']) });
    expect(why.sources).toEqual([{ kind: 'robotsTxt', url: `${site.origin}/robots.txt`, line: L.gptbotAll, rule: 'Disallow: /', userAgent: 'GPTBot' }]);
    expect(r!.robots!.others).toHaveLength(16);
    // robots.txt itself was asked for as GPTBot.
    expect(robotsRequests).toEqual(['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot']);
  });

  it('CCBot: fetched where its group allows, kept out of /private (line 6); the table names why under it', async () => {
    const { out } = await runCli(['--agent', 'CCBot', url('/others/page.html'), url('/private/page.html')]);
    expect(out).toContain(`${url('/private/page.html')}: ${say('indexability.reason.crawlerRobotsBlocked', [`${site.origin}/robots.txt`, L.ccbotPrivate, 'CCBot'])}`);
    const reports = jsonLines((await runCli(['--json', '--agent', 'CCBot', url('/others/page.html')])).out);
    expect(reports[0]!.siteCheck).toMatchObject({ crawler: 'CCBot', fetched: true, userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)' });
    expect(reports[0]!.status?.code).toBe(200);
  });

  it('usage errors: no documented User-Agent, a control token, an unknown token (exit 2)', async () => {
    const claude = await runCli(['--agent', 'ClaudeBot', url('/')]);
    expect(claude.code).toBe(2);
    expect(claude.err.split('\n')[0]).toBe(`crawlscope: ${say('cli.error.agentNoUserAgent', ['ClaudeBot'])}`);
    expect((await runCli(['--agent', 'Applebot-Extended', url('/')])).err.split('\n')[0]).toBe(`crawlscope: ${say('cli.error.agentControlToken', ['Applebot-Extended'])}`);
    expect((await runCli(['--agent', 'NoSuchBot', url('/')])).err.split('\n')[0]).toBe(`crawlscope: ${say('cli.error.agentUnknown', ['NoSuchBot'])}`);
  });
});

describe('the words of the crawlers cell', () => {
  const t = translatorOf('de').t;
  it('robots.txt not read; nobody blocked; in another language', () => {
    expect(crawlersCell(null, t)).toBe(t('sitecheck.none'));
    expect(crawlersCell([], t)).toBe(t('sitecheck.cli.crawlersAll'));
    expect(crawlersNote([], t)).toBeNull();
  });
});
