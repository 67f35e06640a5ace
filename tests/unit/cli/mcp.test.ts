// `crawlscope mcp` with the SDK's own client over stdio (the command as an agent starts it): the
// tools and their schemas, each tool against the demo site, bad arguments, 1,000 calls at once and a
// call cancelled midway. A small gate server holds pages until the test lets them go: the figures are
// exact without sleeping.
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { AI_LINES, AI_PAGE_USAGE } from '../../fixtures/demo-site/routes/ai.mjs';
import { reportSchemaErrors, renderBlockErrors } from '../../support/reportSchema';
import { say } from '../../support/say';
import { MCP_LIMITS } from '../../../cli/mcp/mcpLimits';
import { verdictKey, type Report } from '../../../lib/report';

const BIN = path.resolve(import.meta.dirname, '../../../bin/crawlscope.mjs');

/** A server whose pages wait until `release()`; robots.txt answers 404 at once. */
function gateServer() {
  const held: http.ServerResponse[] = [];
  let open = false;
  let arrived = 0;
  let dropped = 0;
  const waiters: { n: number; resolve: () => void }[] = [];
  const dropWaiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt' || req.url === '/llms.txt') {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return void res.end('none');
    }
    arrived++;
    for (const w of waiters.filter((x) => arrived >= x.n)) w.resolve();
    const answer = (r: http.ServerResponse) => {
      r.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      r.end('<!doctype html><title>Held</title><p>A page that waited.</p>');
    };
    if (open) return answer(res);
    held.push(res);
    // The client gave up on a held page (its request aborted).
    res.on('close', () => {
      if (res.writableEnded) return;
      dropped++;
      for (const w of dropWaiters.filter((x) => dropped >= x.n)) w.resolve();
    });
  });
  return {
    listen: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as { port: number }).port}`))),
    /** Resolves once `n` page requests have arrived in all. */
    requests: (n: number) => new Promise<void>((resolve) => (arrived >= n ? resolve() : waiters.push({ n, resolve }))),
    arrived: () => arrived,
    /** Resolves once `n` held requests have been given up by their client. */
    dropped: (n: number) => new Promise<void>((resolve) => (dropped >= n ? resolve() : dropWaiters.push({ n, resolve }))),
    release() {
      open = true;
      for (const r of held.splice(0)) {
        r.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        r.end('<!doctype html><title>Held</title><p>A page that waited.</p>');
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function connect(): Promise<Client> {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...env } = process.env as Record<string, string>;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { ...env, LANG: 'C' }, stderr: 'pipe' });
  const client = new Client({ name: 'crawlscope-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

let demo: DemoSite;
let client: Client;
beforeAll(async () => {
  demo = await startDemoSite({ robotsVariant: 'ai', llmsVariant: 'good' });
  client = await connect();
}, 60_000);
afterAll(async () => {
  await client?.close();
  await demo?.close();
});

describe('crawlscope mcp', () => {
  it('lists five tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['check_url', 'robots_verdict', 'render', 'site_check', 'verify_ip']);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations).toEqual({ readOnlyHint: true, openWorldHint: true });
    }
    const site = tools.find((t) => t.name === 'site_check')!.inputSchema.properties as Record<string, { maximum?: number; default?: number }>;
    expect([site.maxUrls!.default, site.maxUrls!.maximum, site.concurrency!.maximum, site.maxTimeSec!.maximum]).toEqual([50, 500, 4, 600]);
  });

  it('check_url: the report of /ai/page.html — preferences, the live fetch (GPTBot refused), llms.txt — valid against the schema', async () => {
    const url = `${demo.origin}/ai/page.html`;
    const res = await client.callTool({ name: 'check_url', arguments: { url, crawlersLive: true, llmsTxt: true } });
    expect(res.isError).toBeFalsy();
    const { report, exitCode } = res.structuredContent as { report: Report; exitCode: number };
    expect(exitCode).toBe(0);
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.verdict).toBe('indexable');
    expect(report.aiPreferences!.header).toBe(AI_PAGE_USAGE);
    expect(report.aiPreferences!.purposes.map((p) => [p.purpose, p.value, p.statements.map((s) => [s.kind, s.line])])).toEqual([
      ['search', 'y', [['content-signal', AI_LINES.contentSignal], ['header', null]]],
      ['ai-input', 'y', [['content-signal', AI_LINES.contentSignal]]],
      ['ai-train', 'n', [['content-usage', AI_LINES.usageAll], ['content-signal', AI_LINES.contentSignal], ['policy-group', AI_LINES.policyAi], ['header', null]]],
      ['train-genai', 'n', [['content-usage', AI_LINES.usageAll], ['content-signal', AI_LINES.contentSignal], ['policy-group', AI_LINES.policyAi], ['header', null]]],
    ]);
    const live = report.liveFetch!;
    expect(live.results.filter((r) => r.userAgent).length).toBe(12);
    expect(live.results.find((r) => r.token === 'GPTBot')).toMatchObject({ comparison: 'challenge', status: 403 });
    expect(live.results.filter((r) => r.comparison === 'same').length).toBe(10);
    expect(live.findings.map((f) => [f.code, f.token])).toEqual([['allowedButRefused', 'GPTBot'], ['disallowedButServed', 'CCBot']]);
    expect(report.llmsTxt).toMatchObject({ outcome: 'found', status: 200, wellFormed: true, links: 3 });
    const text = (res.content as { type: string; text: string }[])[0]!.text;
    expect(text.split('\n')[0]).toBe(`${say(`indexability.verdict.${verdictKey('indexable')}`)}: ${url}`);
  }, 60_000);

  it('robots_verdict: the fetched file, each token with its line; a text given; preferences with their lines', async () => {
    const url = `${demo.origin}/ai/page.html`;
    const res = await client.callTool({ name: 'robots_verdict', arguments: { urls: [url], tokens: ['Googlebot', 'CCBot', 'train-ai'] } });
    const s = res.structuredContent as { robotsUrl: string; verdicts: { token: string; allowed: boolean; line: number | null }[]; diagnostics: { line: number; code: string }[] };
    expect(s.robotsUrl).toBe(`${demo.origin}/robots.txt`);
    expect(s.verdicts.map((v) => [v.token, v.allowed, v.line])).toEqual([['Googlebot', true, AI_LINES.allowAll], ['CCBot', false, AI_LINES.ccbotAi], ['train-ai', false, AI_LINES.policyAi]]);
    expect(s.diagnostics.filter((d) => ['badValue', 'usageYesNo'].includes(d.code)).map((d) => [d.line, d.code])).toEqual([[AI_LINES.badSignal, 'badValue'], [AI_LINES.badUsage, 'usageYesNo']]);
    const given = await client.callTool({ name: 'robots_verdict', arguments: { robotsTxt: 'User-agent: *\nDisallow: /private\n', urls: ['https://x.test/private/a'], tokens: ['GPTBot'] } });
    expect((given.structuredContent as { verdicts: unknown[] }).verdicts).toEqual([
      { url: 'https://x.test/private/a', token: 'GPTBot', allowed: false, group: 'global', groupToken: '*', line: 2, rule: 'Disallow: /private', reason: say('robots.reason.disallowedByRule', [2, '/private', '*']) },
    ]);
  });

  it('render: the demo page rendered as Googlebot, its block valid against the schema', async () => {
    const res = await client.callTool({ name: 'render', arguments: { url: `${demo.origin}/small.html`, timeLimitSec: 20 } });
    expect(res.isError).toBeFalsy();
    const s = res.structuredContent as { render: unknown; changesIndexing: boolean; exitCode: number };
    expect(renderBlockErrors(s.render)).toEqual([]);
    expect([s.changesIndexing, s.exitCode]).toEqual([false, 0]);
  }, 60_000);

  it('site_check: three URLs, worst first, with a progress notification per URL', async () => {
    const progress: number[] = [];
    const urls = ['/ai/page.html', '/ai/open/page.html', '/blocked/noindex.html'].map((p) => `${demo.origin}${p}`);
    const res = await client.callTool({ name: 'site_check', arguments: { urls } }, undefined, { onprogress: (p) => progress.push(p.progress) });
    const s = res.structuredContent as { state: string; done: number; total: number; rows: { url: string; verdict: string }[]; exitCode: number };
    // The noindex page is not indexable: exit code 1, as the command line's.
    expect([s.state, s.done, s.total, s.exitCode]).toEqual(['done', 3, 3, 1]);
    expect(s.rows.map((r) => [r.url.slice(demo.origin.length), r.verdict])).toEqual([['/blocked/noindex.html', 'not-indexable'], ['/ai/open/page.html', 'indexable'], ['/ai/page.html', 'indexable']]);
    // Progress arrived, in order, within the total. Not asserted: that the last one (3) arrives — the
    // SDK's client drops a notification it reads in the same chunk as the result
    // (modelcontextprotocol/typescript-sdk#2580); the server pauses 25 ms to make that rare.
    expect(progress.length).toBeGreaterThanOrEqual(1);
    // MCP: progress increases with each notification.
    expect(progress.every((p, i) => i === 0 || p > progress[i - 1]!)).toBe(true);
    expect(progress.every((p) => p >= 1 && p <= 3)).toBe(true);
  }, 60_000);

  it('verify_ip: an address in Google\'s ranges; log lines; the five range files, two of them not in the snapshot', async () => {
    const one = await client.callTool({ name: 'verify_ip', arguments: { ip: '66.249.66.1' } });
    const s = one.structuredContent as { ranges: { name: string; source: string }[]; ip: { verdict: string; category: string } };
    expect(s.ip).toMatchObject({ verdict: 'google', category: 'common-crawlers' });
    expect(s.ranges.map((r) => [r.name, r.source])).toEqual([
      ['common-crawlers', 'snapshot'], ['special-crawlers', 'snapshot'], ['user-triggered-fetchers', 'snapshot'], ['user-triggered-fetchers-google', 'none'], ['user-triggered-agents', 'none'],
    ]);
    const ua = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const log = [`66.249.66.1 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 100 "-" "${ua}"`, `203.0.113.9 - - [10/Oct/2026:13:55:37 +0000] "GET / HTTP/1.1" 200 100 "-" "${ua}"`].join('\n');
    const lines = await client.callTool({ name: 'verify_ip', arguments: { logLines: log } });
    expect((lines.structuredContent as { log: { realLines: number; unverifiedLines: number } }).log).toMatchObject({ realLines: 1, unverifiedLines: 1 });
  });

  it('bad arguments are MCP errors (-32602) with the command line\'s exit code 2', async () => {
    const bad = async (name: string, args: Record<string, unknown>) => {
      try {
        await client.callTool({ name, arguments: args });
      } catch (e) {
        return e as McpError;
      }
      throw new Error('no error');
    };
    for (const [name, args] of [
      ['check_url', { url: 'ftp://example.com/' }],
      ['check_url', { url: 'https://example.com/', timeoutSec: 31 }],
      ['site_check', { urls: ['https://example.com/'], site: 'https://example.com/' }],
      ['robots_verdict', { urls: ['https://example.com/'], tokens: ['bad token'] }],
      ['verify_ip', {}],
      ['no_such_tool', {}],
    ] as const) {
      const e = await bad(name, args);
      expect(e, name).toBeInstanceOf(McpError);
      expect([e.code, (e.data as { exitCode: number; code: string }).exitCode, (e.data as { code: string }).code], name).toEqual([-32602, 2, 'usage']);
    }
    const notIp = await bad('verify_ip', { ip: 'not-an-ip' });
    expect([notIp.code, notIp.data]).toEqual([-32602, { code: 'usage', exitCode: 2 }]);
  });
});

describe('crawlscope mcp under load', () => {
  it(`1,000 calls at once: ${MCP_LIMITS.running} run, ${MCP_LIMITS.queued} wait, the other ${1000 - MCP_LIMITS.running - MCP_LIMITS.queued} are told "busy" at once; all answer`, async () => {
    const gate = gateServer();
    const origin = await gate.listen();
    const c = await connect();
    try {
      const busyWanted = 1000 - MCP_LIMITS.running - MCP_LIMITS.queued;
      let resolveBusy!: () => void;
      const allBusy = new Promise<void>((r) => (resolveBusy = r));
      const busy: McpError[] = [];
      const settled = Array.from({ length: 1000 }, (_, i) =>
        c.callTool({ name: 'check_url', arguments: { url: `${origin}/p${i}.html`, timeoutSec: 30 } }, undefined, { timeout: 120_000 }).then(
          (r) => ({ ok: true as const, r }),
          (e: McpError) => {
            busy.push(e);
            if (busy.length === busyWanted) resolveBusy();
            return { ok: false as const, e };
          },
        ),
      );
      // The busy answers all come back while the first pages are still held.
      await Promise.all([allBusy, gate.requests(MCP_LIMITS.running)]);
      expect(gate.arrived()).toBe(MCP_LIMITS.running);
      expect(new Set(busy.map((e) => `${e.code} ${JSON.stringify(e.data)}`))).toEqual(new Set(['-32010 {"code":"busy","exitCode":2}']));
      gate.release();
      const results = await Promise.all(settled);
      expect(results.filter((x) => !x.ok).length).toBe(busyWanted);
      expect(results.filter((x) => x.ok).length).toBe(MCP_LIMITS.running + MCP_LIMITS.queued);
      expect(gate.arrived()).toBe(MCP_LIMITS.running + MCP_LIMITS.queued);
    } finally {
      gate.release();
      await c.close();
      await gate.close();
    }
  }, 120_000);

  it('a site check cancelled midway stops: no request after the cancel, and the server answers the next call', async () => {
    const gate = gateServer();
    const origin = await gate.listen();
    const c = await connect();
    try {
      const ctl = new AbortController();
      const urls = Array.from({ length: 20 }, (_, i) => `${origin}/s${i}.html`);
      const call = c.callTool({ name: 'site_check', arguments: { urls, concurrency: 1 } }, undefined, { signal: ctl.signal });
      await gate.requests(1);
      ctl.abort();
      await expect(call).rejects.toThrow();
      // The server hears the cancel and stops the check: the held request is given up …
      await gate.dropped(1);
      // … and, pages answering from now on, no other URL is asked for.
      gate.release();
      const after = await c.callTool({ name: 'verify_ip', arguments: { ip: '66.249.66.1' } });
      expect(after.isError).toBeFalsy();
      expect(gate.arrived()).toBe(1);
    } finally {
      gate.release();
      await c.close();
      await gate.close();
    }
  }, 60_000);
});
