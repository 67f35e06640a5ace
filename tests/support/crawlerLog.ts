// An access log whose user-agents claim other crawlers of the catalog, from addresses the demo
// site's stand-ins know (routes/verify.mjs DNS table, tests/fixtures/crawler-ipranges): the browser
// suites drop it on the verify page and expect these rows.
import { CRAWLER_CATALOG } from '../../lib/crawlers';

const ua = (token: string) => {
  const c = CRAWLER_CATALOG.find((x) => x.token === token)!;
  return Array.isArray(c.userAgents.value) && c.userAgents.value.length ? c.userAgents.value[0]!.value : `Mozilla/5.0 (compatible; ${token}/1.0)`;
};
const line = (ip: string, userAgent: string, i: number) => `${ip} - - [29/Nov/2026:10:${String(i % 60).padStart(2, '0')}:00 +0000] "GET /p${i} HTTP/1.1" 200 512 "-" "${userAgent}"`;

const CLAIMS: [ip: string, token: string, lines: number][] = [
  ['20.171.206.5', 'GPTBot', 5], // inside gptbot.json
  ['45.83.64.10', 'GPTBot', 3], // outside it: not theirs
  ['17.58.101.179', 'Applebot', 4], // Apple's own example: reverse + forward DNS in applebot.apple.com
  ['45.83.64.11', 'Applebot', 2], // PTR outside applebot.apple.com: not theirs
  ['157.55.39.39', 'bingbot', 2], // msnbot-….search.msn.com, forward confirmed
  ['1.2.3.4', 'ClaudeBot', 6], // Anthropic publishes nothing to check against
];

export function crawlerLog(): string {
  let i = 0;
  const out: string[] = [];
  for (const [ip, token, n] of CLAIMS) for (let k = 0; k < n; k++) out.push(line(ip, ua(token), i++));
  out.push(line('66.249.66.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', i++));
  return out.join('\n') + '\n';
}

/** The rows expected once the lists are fetched: token, requests, verified, not theirs, unverified, how. */
export const CRAWLER_LOG_ROWS: [token: string, requests: string, verified: string, notTheirs: string, unverified: string, method: string][] = [
  ['GPTBot', '8', '5', '3', '0', 'list'],
  ['Applebot', '6', '4', '2', '0', 'both'],
  ['ClaudeBot', '6', '0', '0', '6', 'none'],
  ['bingbot', '2', '2', '0', '0', 'dns'],
];
