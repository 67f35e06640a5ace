// The comparison's run: Googlebot's render and a visitor's at once, then renders with one rule
// lifted only while a difference has more than one possible cause, within the time limit — with
// scripted passes, no browser needed.
import { describe, expect, it } from 'vitest';
import { noPageEvents, renderCompared, renderSnapshot, type RenderOptions, type RenderOutput, type RenderResource, type RenderRole, type RenderSnapshot } from '../../../lib/render';
import { server } from '../crawl/helpers';
import { reportRender } from '../../../lib/report';
import { renderBlockErrors } from '../../support/reportSchema';
import { say } from '../../support/say';

const U = 'https://app.example/';
const snap = (body: string) => renderSnapshot(`<!doctype html><title>App</title><body>${body}</body>`, U);
const EMPTY = snap('');
const FULL = snap('<h1>Pet Store API</h1><p><a href="/op/list">list</a> List every pet</p>');
const blockedData: RenderResource = { url: `${U}api/catalog.json`, kind: 'fetch', method: 'GET', outcome: 'blocked-robots', status: null, bytes: null, keptBytes: null, robots: { robotsUrl: `${U}robots.txt`, line: 2, rule: 'Disallow: /api/' }, error: null };
const refusedLogo: RenderResource = { url: `${U}logo.png`, kind: 'image', method: 'GET', outcome: 'not-fetched', status: null, bytes: null, keptBytes: null, robots: null, error: null };
const loadedLogo: RenderResource = { ...refusedLogo, outcome: 'loaded', status: 200, bytes: 10 };

function output(opts: RenderOptions, rendered: RenderSnapshot, resources: RenderResource[], durationMs = 100): RenderOutput {
  return {
    result: {
      url: opts.url, finalUrl: opts.url, agent: opts.agent, userAgent: opts.rules!.userAgent, renderedAt: 0, durationMs, stoppedBecause: 'idle', skippedNoindex: false, forced: false,
      document: { status: 200, headerBytes: 100, bodyBytes: 500, limit: 2_097_152, cutAt: null, noindex: null },
      served: EMPTY, rendered, visitor: null, browser: null, resources, console: [], differences: [], experiments: [],
      limits: { timeMs: 20_000, idleMs: 500, viewport: { width: 412, height: 732, mobile: true } }, page: noPageEvents(), error: null,
    },
    screenshot: null,
    evidence: { wholeBytes: new Uint8Array([1, 2, 3]), servedWhole: () => EMPTY, readBytes: 3, readWhole: true, pastCut: [] },
  };
}

/** An app whose content comes from a request robots.txt disallows; its page also has a logo Googlebot does not fetch. */
function appPasses(delayMs = 20) {
  const calls: { role: RenderRole; lifted: string; at: number }[] = [];
  const t0 = Date.now();
  const runPass = async (opts: RenderOptions, role: RenderRole): Promise<RenderOutput> => {
    const r = opts.rules!;
    calls.push({ role, lifted: r.as === 'visitor' ? 'visitor' : r.robotsExempt.length ? 'robots' : r.fetchAllKinds ? 'notFetched' : r.userAgent !== opts.userAgent ? 'userAgent' : 'none', at: Date.now() - t0 });
    await new Promise((res) => setTimeout(res, delayMs));
    const dataAllowed = !r.robots || r.robotsExempt.includes(blockedData.url);
    return output(opts, dataAllowed ? FULL : EMPTY, [dataAllowed ? { ...blockedData, outcome: 'loaded', status: 200, robots: null } : blockedData, r.fetchAllKinds ? loadedLogo : refusedLogo]);
  };
  return { runPass, calls };
}

const base = (runPass: (o: RenderOptions, role: RenderRole) => Promise<RenderOutput>, over: Partial<Parameters<typeof renderCompared>[0]> = {}) =>
  renderCompared({ url: U, agent: 'smartphone', userAgent: 'Googlebot/2.1', visitorUserAgent: 'Mozilla/5.0 Chrome/156', fetchHop: server({}), robots: { get: async () => { throw new Error('unused'); } } as never, browser: null, runPass, ...over });

describe('renderCompared: Googlebot’s render beside a visitor’s, and the cause found by lifting one rule at a time', () => {
  it('the two renders run at once; two possible causes: each lifted in a render of its own, the one whose render has the content named', async () => {
    const { runPass, calls } = appPasses();
    const { result } = await base(runPass);
    expect(calls.slice(0, 2).map((c) => c.role).sort()).toEqual(['googlebot', 'visitor']);
    expect(Math.abs(calls[0]!.at - calls[1]!.at)).toBeLessThan(15);
    expect(calls.slice(2).map((c) => [c.role, c.lifted])).toEqual([
      ['experiment', 'robots'],
      ['experiment', 'notFetched'],
    ]);
    expect(result.experiments.map((x) => [x.lift.rule, x.explained])).toEqual([
      ['robots', 4],
      ['notFetched', 0],
    ]);
    expect(result.differences[0]).toMatchObject({ code: 'nearlyEmpty', severity: 'critical', cause: { code: 'requestBlocked', evidence: 'experiment' } });
    expect(result.visitor).toMatchObject({ userAgent: 'Mozilla/5.0 Chrome/156', stoppedBecause: 'idle' });
    expect(result.visitor!.rendered!.headings).toEqual([{ level: 1, text: 'Pet Store API' }]);
    // The report block (JSON export, `crawlscope render --json`) carries both renders, each difference's cause and the experiments; valid against the schema.
    const block = reportRender(result, say)!;
    expect(renderBlockErrors(block)).toEqual([]);
    expect(block.differences[0]!.cause).toMatchObject({ code: 'requestBlocked', params: [blockedData.url, `${U}robots.txt`, '2', 'Disallow: /api/', '0'], evidence: 'experiment' });
    expect(block.differences[0]!.cause!.message).toBe(`${say('render.cause.requestBlocked', [blockedData.url, `${U}robots.txt`, 2, 'Disallow: /api/'])} ${say('render.evidence.experiment')}`);
    expect(block.experiments.map((x) => x.message)).toEqual([say('render.lift.robots', [`${U}robots.txt`, 2, 'Disallow: /api/', 1]), say('render.lift.notFetched')]);
  });

  it('no room left in the time limit for an experiment: undecided, with both candidates; none run', async () => {
    const { runPass, calls } = appPasses(40);
    const { result } = await base(runPass, { timeLimitMs: 1_000 });
    expect(calls.map((c) => c.role)).not.toContain('experiment');
    expect(result.experiments).toEqual([]);
    expect(result.differences[0]!.cause).toMatchObject({ code: 'undecided', params: [2] });
  });

  it('Googlebot’s render ends without a page (robots.txt, a served noindex): the visitor’s render is stopped, nothing compared', async () => {
    let visitorStopped = false;
    const runPass = async (opts: RenderOptions, role: RenderRole): Promise<RenderOutput> => {
      if (role === 'visitor') {
        await new Promise<void>((res) => opts.signal!.addEventListener('abort', () => res(), { once: true }));
        visitorStopped = true;
        return output(opts, FULL, []);
      }
      const out = output(opts, EMPTY, []);
      return { ...out, result: { ...out.result, stoppedBecause: 'robots-blocked', rendered: null } };
    };
    const { result } = await base(runPass);
    expect(visitorStopped).toBe(true);
    expect(result).toMatchObject({ stoppedBecause: 'robots-blocked', visitor: null, differences: [] });
  });

  it('a visitor’s render that fails: said, and only what JavaScript changes is compared', async () => {
    const runPass = async (opts: RenderOptions, role: RenderRole): Promise<RenderOutput> => {
      if (role === 'visitor') throw new Error('The render window could not be opened');
      return output(opts, EMPTY, []);
    };
    const { result } = await base(runPass);
    expect(result.visitor).toMatchObject({ stoppedBecause: 'error', error: 'The render window could not be opened', rendered: null });
  });
});
