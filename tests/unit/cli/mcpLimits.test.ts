// README "Crawlscope for agents" documents the limits an agent cannot exceed: its table must say
// what cli/mcp/mcpLimits.ts enforces, figure for figure.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCP_LIMITS as L } from '../../../cli/mcp/mcpLimits';
import { LIVE_FETCH_LIMITS } from '../../../lib/livefetch';

const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const section = readme.slice(readme.indexOf('## Crawlscope for agents'), readme.indexOf('\n## ', readme.indexOf('## Crawlscope for agents') + 1));
const n = (x: number) => x.toLocaleString('en-US');
const row = (label: string) => section.split('\n').find((l) => l.startsWith(`| ${label}`)) ?? `(no row "${label}")`;

describe('README: the MCP limits table is mcpLimits.ts', () => {
  it('has every limit with its default and cap', () => {
    expect(section.length).toBeGreaterThan(100);
    expect(row('tool calls running at once')).toContain(`| ${L.running} / ${L.queued} |`);
    expect(row('`check_url` `timeoutSec`')).toBe(`| \`check_url\` \`timeoutSec\` | ${L.check_url.timeoutSec.default} | ${L.check_url.timeoutSec.max} |`);
    const s = L.site_check;
    expect(row('`site_check` `maxUrls`')).toContain(
      `| ${s.maxUrls.default} / ${s.concurrency.default} / ${s.timeoutSec.default} / ${s.maxTimeSec.default} | ${s.maxUrls.max} / ${s.concurrency.max} / ${s.timeoutSec.max} / ${s.maxTimeSec.max} |`,
    );
    expect(row('`site_check` `urls` given')).toContain(`| ${s.urls} |`);
    const r = L.robots_verdict;
    expect(row('`robots_verdict` URLs')).toContain(`| ${r.urls} / ${r.tokens} / ${n(r.robotsTxtBytes)} bytes |`);
    expect(row('`render` `timeLimitSec`')).toContain(`| ${L.render.timeLimitSec.default} / — | ${L.render.timeLimitSec.max} / ${L.render.running} |`);
    const v = L.verify_ip;
    expect(row('`verify_ip` log lines')).toContain(`| ${n(v.lines)} / ${v.logBytes / 1024 / 1024} MiB / ${v.dnsLookups} |`);
    expect(row('live fetch')).toContain(`${LIVE_FETCH_LIMITS.concurrency}, ${LIVE_FETCH_LIMITS.timeoutMs / 1000} s | ${LIVE_FETCH_LIMITS.keepBytes / 1024 / 1024} MiB kept, ${LIVE_FETCH_LIMITS.countCap / 1024 / 1024} MiB counted |`);
  });

  it('names every tool', () => {
    for (const tool of ['check_url', 'robots_verdict', 'render', 'site_check', 'verify_ip']) expect(section).toContain(`| \`${tool}\` |`);
  });
});
