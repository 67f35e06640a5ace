import { describe, expect, it } from 'vitest';
import { isNotSent, type HopReply, type HopRequest } from '../../../lib/crawl';
import { webRequestHops, type WebRequestHopsOptions } from '../../../lib/crawl/webRequestHops';
import { BROWSER_UA, fakeExtension, OWN_HOST, settle } from './fakeExtension';

const X = 'http://a.test/x';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const asGooglebot = (signal = new AbortController().signal): HopRequest => ({ userAgent: GOOGLEBOT, signal });
const bodyText = async (r: HopReply) => (r.body ? new Response(r.body).text() : null);

function setup(opts: { tabId?: number; granted?: string[]; eventWaitMs?: number } = {}) {
  const fake = fakeExtension(opts);
  const options: WebRequestHopsOptions = {
    api: fake.api,
    fetch: fake.fetch,
    tabId: opts.tabId ?? -1,
    ownHost: OWN_HOST,
    responseHeaderOptions: ['responseHeaders', 'extraHeaders'],
    contextId: 'ctx',
    eventWaitMs: opts.eventWaitMs ?? 50,
  };
  return { fake, hops: webRequestHops(options) };
}

describe('webRequestHops: the extension’s hop fetcher, on a fake webRequest', () => {
  it('two fetches of the same URL at once: both go without waiting, each under a rule of its own, each with its own answer', async () => {
    const { fake, hops } = setup();
    const sent: (string | null)[] = [];
    const fetchHop = hops.fetcher({ onSent: (s) => sent.push(`${s.url} ${s.userAgent}`), ip: true });
    const first = fetchHop(X, asGooglebot());
    const second = fetchHop(X, asGooglebot());
    await settle();
    // Neither waited for the other's headers to go out: both requests are under way.
    expect(fake.requests.map((r) => r.url)).toEqual([`${X}#crawlscope-ctx-0-1`, `${X}#crawlscope-ctx-0-2`]);
    // Each carried Googlebot's User-Agent, through a rule that names its own tag only.
    expect(fake.requests.map((r) => [r.userAgent, r.ruleId])).toEqual([
      [GOOGLEBOT, 610_000],
      [GOOGLEBOT, 610_001],
    ]);
    expect(fake.rules.map((r) => r.condition)).toEqual([
      { urlFilter: '#crawlscope-ctx-0-1|', tabIds: [-1], initiatorDomains: [OWN_HOST], resourceTypes: ['xmlhttprequest', 'other'] },
      { urlFilter: '#crawlscope-ctx-0-2|', tabIds: [-1], initiatorDomains: [OWN_HOST], resourceTypes: ['xmlhttprequest', 'other'] },
    ]);
    // Meanwhile a request of the same URL that is not ours (another extension page, the user's tab) keeps the browser's.
    expect(fake.userAgentFor(X, -1, OWN_HOST)).toBe(BROWSER_UA);
    expect(fake.userAgentFor(X, 4, 'example.org')).toBe(BROWSER_UA);
    // One set of listeners for both, on the context's tab only (the headers sent for onSent, the response's start for the IP).
    expect(fake.listenerCounts()).toEqual([1, 1, 1, 1, 1]);
    expect(fake.filters()[0]).toEqual([{ filter: { urls: ['<all_urls>'], tabId: -1, types: ['xmlhttprequest', 'other'] }, extra: ['requestHeaders'] }]);
    expect(fake.filters()[1][0].extra).toEqual(['responseHeaders', 'extraHeaders']);
    // The events of the two come crossed: the second's first.
    const [a, b] = fake.requests;
    b.send();
    a.send();
    await settle();
    // Each rule went once its request's headers were out.
    expect(fake.rules).toEqual([]);
    b.headers(404, [{ name: 'X-Which', value: 'second' }]);
    a.headers(301, [{ name: 'Location', value: '/moved' }, { name: 'X-Which', value: 'first' }]);
    b.started('10.0.0.2');
    b.resolve(404, 'not here', [{ name: 'X-Which', value: 'second' }]);
    a.resolveRedirect();
    const [r1, r2] = await Promise.all([first, second]);
    expect({ ...r1, body: null }).toEqual({
      status: 301,
      statusLine: 'HTTP/1.1 301 Fake',
      headers: [
        { name: 'Location', value: '/moved' },
        { name: 'X-Which', value: 'first' },
      ],
      body: null,
      ip: null,
    });
    expect({ status: r2.status, statusLine: r2.statusLine, headers: r2.headers, ip: r2.ip }).toEqual({
      status: 404,
      statusLine: 'HTTP/1.1 404 Fake',
      headers: [{ name: 'X-Which', value: 'second' }],
      ip: '10.0.0.2',
    });
    expect(await bodyText(r2)).toBe('not here');
    expect(sent).toEqual([`${X} ${GOOGLEBOT}`, `${X} ${GOOGLEBOT}`]);
    // Nothing is left: no rule, no listener.
    expect(fake.rules).toEqual([]);
    expect(fake.listenerCounts()).toEqual([0, 0, 0, 0, 0]);
    expect(hops.activeRuleIds().size).toBe(0);
  });

  it('a late event of an earlier fetch of the same URL is not taken for the next fetch’s', async () => {
    const { fake, hops } = setup();
    const fetchHop = hops.fetcher({ ip: true });
    // The earlier fetch fails before any of its events arrive, and gives up.
    const earlier = fetchHop(X, asGooglebot());
    await settle();
    fake.requests[0].reject(new TypeError('Failed to fetch'));
    await expect(earlier).rejects.toThrow('Failed to fetch');
    // The next fetch of the same URL is under way, its headers not out yet, when the earlier one's events come.
    const next = fetchHop(X, asGooglebot());
    await settle();
    const [late, own] = fake.requests;
    late.send();
    late.headers(503, [{ name: 'X-Which', value: 'earlier' }]);
    late.started();
    await settle();
    own.send();
    own.headers(200, [{ name: 'X-Which', value: 'next' }]);
    own.started('10.0.0.9');
    own.resolve(200, 'the next one', [{ name: 'x-which', value: 'next' }]);
    const got = await next;
    expect({ status: got.status, statusLine: got.statusLine, headers: got.headers, ip: got.ip }).toEqual({
      status: 200,
      statusLine: 'HTTP/1.1 200 Fake',
      headers: [{ name: 'X-Which', value: 'next' }],
      ip: '10.0.0.9',
    });
    expect(await bodyText(got)).toBe('the next one');
  });

  it('host access refused: NotSentError, nothing sent, no rule; the answer is kept until the grants change; a failed request asks again', async () => {
    const { fake, hops } = setup({ granted: [] });
    const fetchHop = hops.fetcher();
    const asked = () => fake.log.filter((l) => l.startsWith('contains'));
    // Two requests at once to a site Crawlscope may not read: the browser is asked once.
    const refused = await Promise.allSettled([fetchHop(X, asGooglebot()), fetchHop(`${X}2`, asGooglebot())]);
    expect(refused.map((r) => r.status === 'rejected' && isNotSent(r.reason) && r.reason.url)).toEqual([X, `${X}2`]);
    expect(asked()).toEqual(['contains http://a.test/*']);
    expect(fake.requests).toEqual([]);
    expect(fake.log.filter((l) => l.startsWith('add'))).toEqual([]);

    // A request to another site keeps the listeners (and what is known of the access) meanwhile.
    fake.granted.add('http://b.test/*');
    const slow = fetchHop('http://b.test/', asGooglebot());
    await settle();
    await expect(fetchHop(X, asGooglebot())).rejects.toSatisfy(isNotSent);
    await expect(fetchHop(X, asGooglebot())).rejects.toSatisfy(isNotSent);
    // Asked once more when the listeners came back, then the answer was kept.
    expect(asked()).toEqual(['contains http://a.test/*', 'contains http://b.test/*', 'contains http://a.test/*']);
    expect(fake.requests.map((r) => r.url)).toEqual(['http://b.test/#crawlscope-ctx-0-3']);
    // The user grants access: asked again, and the request goes.
    fake.grant('http://a.test/*');
    const allowed = fetchHop(X, asGooglebot());
    await settle();
    expect(asked()).toHaveLength(4);
    expect(fake.requests.map((r) => r.url)).toEqual(['http://b.test/#crawlscope-ctx-0-3', `${X}#crawlscope-ctx-0-6`]);
    fake.requests[1].answer(200, 'ok');
    expect((await allowed).status).toBe(200);

    // A request that fails while the access still holds: the failure is the site's.
    fake.requests[0].reject(new TypeError('Failed to fetch'));
    await expect(slow).rejects.toThrow('Failed to fetch');
    // A request that fails after the access was withdrawn (no event reached this context): NotSentError.
    const withdrawn = fetchHop(X, asGooglebot());
    await settle();
    fake.granted.delete('http://a.test/*');
    fake.requests[2].reject(new TypeError('Failed to fetch'));
    await expect(withdrawn).rejects.toSatisfy((e: unknown) => isNotSent(e) && (e as { url: string }).url === X);
  });

  it('listeners only while a request is watched; none before, none after; no fetch before the browser has them', async () => {
    const { fake, hops } = setup();
    const fetchHop = hops.fetcher({ asAgent: false, includeCookies: true });
    expect(fake.listenerCounts()).toEqual([0, 0, 0, 0, 0]);
    const release = fake.busy();
    const pending = fetchHop(X, { ...asGooglebot(), headers: [{ name: 'Cookie', value: 'a=1' }, { name: 'X-Requested-With', value: 'page' }] });
    await settle();
    // Registered at once — only what this request needs: its answer's headers (no onSent, no IP) —
    // but the fetch waits for a call that answers after them.
    expect(fake.listenerCounts()).toEqual([0, 1, 0, 1, 1]);
    expect(hops.listening()).toBe(true);
    expect(fake.requests).toEqual([]);
    release();
    await settle();
    const [r] = fake.requests;
    // As the browser: no rule; the browser's cookies asked for; never the HTTP cache; redirects not followed.
    expect([r.ruleId, r.userAgent, fake.rules.length]).toEqual([null, BROWSER_UA, 0]);
    expect({ ...r.init, signal: undefined }).toEqual({
      method: 'GET',
      redirect: 'manual',
      credentials: 'include',
      cache: 'no-store',
      signal: undefined,
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'X-Requested-With': 'page' },
    });
    r.answer(200, 'x');
    await pending;
    expect(fake.listenerCounts()).toEqual([0, 0, 0, 0, 0]);
    expect(hops.listening()).toBe(false);
  });

  it('events that never come: the fetch’s own answer after the wait; a redirect without its headers is an error', async () => {
    const { fake, hops } = setup({ eventWaitMs: 20 });
    const fetchHop = hops.fetcher();
    const plain = fetchHop(X, asGooglebot());
    await settle();
    fake.requests[0].resolve(200, 'body', [{ name: 'Content-Type', value: 'text/plain' }]);
    const got = await plain;
    expect([got.status, got.statusLine, got.headers, got.ip]).toEqual([200, '', [{ name: 'content-type', value: 'text/plain' }], null]);
    expect(fake.rules).toEqual([]);
    const redirect = fetchHop(X, asGooglebot());
    await settle();
    fake.requests[1].resolveRedirect();
    await expect(redirect).rejects.toThrow('The redirect response was not visible to the extension');
  });

  it('a run: one rule for all its fetches (its tab, its tag prefix), added with the first, removed at the end; one User-Agent', async () => {
    const { fake, hops } = setup({ tabId: 41 });
    const run = hops.startRun();
    const one = run.fetchHop(X, asGooglebot());
    const two = run.fetchHop(X, asGooglebot());
    await settle();
    expect(fake.rules.map((r) => ({ id: r.id, condition: r.condition }))).toEqual([
      { id: 620_000, condition: { urlFilter: '#crawlscope-ctx-1-', tabIds: [41], initiatorDomains: [OWN_HOST], resourceTypes: ['xmlhttprequest', 'other'] } },
    ]);
    expect(fake.requests.map((r) => [r.url, r.userAgent, r.ruleId])).toEqual([
      [`${X}#crawlscope-ctx-1-1`, GOOGLEBOT, 620_000],
      [`${X}#crawlscope-ctx-1-2`, GOOGLEBOT, 620_000],
    ]);
    // Another run of this page, and fetches outside the run, are not touched by it.
    expect(fake.userAgentFor(`${X}#crawlscope-ctx-2-1`, 41, OWN_HOST)).toBe(BROWSER_UA);
    expect(fake.userAgentFor(`${X}#crawlscope-ctx-0-1`, 41, OWN_HOST)).toBe(BROWSER_UA);
    expect(fake.userAgentFor(`${X}#crawlscope-ctx-1-1`, -1, OWN_HOST)).toBe(BROWSER_UA);
    for (const r of fake.requests) r.answer(200, 'ok');
    expect((await Promise.all([one, two])).map((r) => r.status)).toEqual([200, 200]);
    // Still the run's: the rule and the listeners stay between requests.
    expect(fake.rules.map((r) => r.id)).toEqual([620_000]);
    expect(fake.listenerCounts()).toEqual([0, 1, 0, 1, 1]);
    await expect(run.fetchHop(X, { ...asGooglebot(), userAgent: 'Other' })).rejects.toThrow('One User-Agent per run.');
    await run.end();
    expect(fake.rules).toEqual([]);
    await expect(run.fetchHop(X, asGooglebot())).rejects.toThrow('The run has ended.');
    expect(fake.listenerCounts()).toEqual([0, 0, 0, 0, 0]);
  });

  it('a rule id taken by another context is skipped, never replaced; the sweep leaves the rules in use', async () => {
    const { fake, hops } = setup();
    fake.rules.push({ id: 610_000, priority: 1000, action: { type: 'modifyHeaders', requestHeaders: [{ header: 'user-agent', operation: 'set', value: 'other context' }] }, condition: { urlFilter: '#other|', tabIds: [-1], initiatorDomains: [OWN_HOST], resourceTypes: ['xmlhttprequest'] } });
    const pending = hops.fetcher()(X, asGooglebot());
    await settle();
    expect(fake.rules.map((r) => r.id)).toEqual([610_000, 610_001]);
    expect(fake.requests[0].ruleId).toBe(610_001);
    // The background's sweep at its start: the other context's left-over rule goes, this fetch's stays.
    await hops.sweep(null);
    expect(fake.rules.map((r) => r.id)).toEqual([610_001]);
    fake.requests[0].answer(200);
    await pending;
    expect(fake.rules).toEqual([]);
  });

  it('an aborted request: rejected, its rule removed, its listeners gone', async () => {
    const { fake, hops } = setup();
    const ctl = new AbortController();
    const pending = hops.fetcher()(X, asGooglebot(ctl.signal));
    await settle();
    ctl.abort();
    await expect(pending).rejects.toThrow('aborted');
    await settle();
    expect(fake.rules).toEqual([]);
    expect(fake.listenerCounts()).toEqual([0, 0, 0, 0, 0]);
    await expect(hops.fetcher()(X, asGooglebot(ctl.signal))).rejects.toThrow('aborted');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('webRequestHops: the browser calls a hop costs', () => {
  const answerAll = async (fake: ReturnType<typeof fakeExtension>, from: number) => {
    await settle();
    for (const r of fake.requests.slice(from)) r.answer(200, 'ok');
  };

  it('from the background, one at a time: its host access, its rule added and removed, one listener and one event; nothing kept between hops', async () => {
    const { fake, hops } = setup();
    const fetchHop = hops.fetcher();
    const perHop = {
      contains: 1,
      updateSessionRules: 2,
      'onHeadersReceived.addListener': 1,
      'onHeadersReceived delivered': 1,
      'onHeadersReceived.removeListener': 1,
      'permissions.onAdded.addListener': 1,
      'permissions.onAdded.removeListener': 1,
      'permissions.onRemoved.addListener': 1,
      'permissions.onRemoved.removeListener': 1,
    };
    for (let i = 0; i < 3; i++) {
      const got = fetchHop(`http://a.test/${i}`, asGooglebot());
      await answerAll(fake, i);
      expect((await got).status).toBe(200);
      // No getSessionRules: the host access asked after the listener went in shows the browser has it.
      expect(fake.calls(true)).toEqual(perHop);
    }
  });

  it('from the background, four at once on one host: the host access and the listeners once, a rule each', async () => {
    const { fake, hops } = setup();
    const fetchHop = hops.fetcher();
    const got = Promise.all([0, 1, 2, 3].map((i) => fetchHop(`http://a.test/${i}`, asGooglebot())));
    await answerAll(fake, 0);
    expect((await got).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(fake.calls()).toEqual({
      contains: 1,
      updateSessionRules: 8,
      'onHeadersReceived.addListener': 1,
      'onHeadersReceived delivered': 4,
      'onHeadersReceived.removeListener': 1,
      'permissions.onAdded.addListener': 1,
      'permissions.onAdded.removeListener': 1,
      'permissions.onRemoved.addListener': 1,
      'permissions.onRemoved.removeListener': 1,
    });
  });

  it('as the browser with the host access known: one call that answers after the listener, then the fetch', async () => {
    const { fake, hops } = setup();
    const asAgent = hops.fetcher();
    const asBrowser = hops.fetcher({ asAgent: false });
    const first = asAgent(X, asGooglebot());
    await settle();
    fake.calls(true);
    // The listener is in place and the access known: nothing to ask.
    const second = asBrowser(`${X}2`, asGooglebot());
    await answerAll(fake, 0);
    expect((await Promise.all([first, second])).map((r) => r.status)).toEqual([200, 200]);
    expect(fake.calls(true)).toEqual({ updateSessionRules: 1, 'onHeadersReceived delivered': 2, 'onHeadersReceived.removeListener': 1, 'permissions.onAdded.removeListener': 1, 'permissions.onRemoved.removeListener': 1 });
    // Alone again, with the access asked anew: that call answers after the listener.
    const third = asBrowser(X, asGooglebot());
    await answerAll(fake, 2);
    expect((await third).status).toBe(200);
    expect(fake.calls()).toMatchObject({ contains: 1 });
    expect(fake.calls().getSessionRules).toBeUndefined();
  });

  it('a run of 20 hops: the rule, the host access and the listeners once for the run; one event per hop', async () => {
    const { fake, hops } = setup({ tabId: 41 });
    const run = hops.startRun();
    const got: Promise<HopReply>[] = [];
    for (let i = 0; i < 20; i++) got.push(run.fetchHop(`http://a.test/${i}`, asGooglebot()));
    await answerAll(fake, 0);
    expect((await Promise.all(got)).every((r) => r.status === 200)).toBe(true);
    await run.end();
    expect(fake.calls()).toEqual({
      getSessionRules: 1,
      contains: 1,
      updateSessionRules: 2,
      'onHeadersReceived.addListener': 1,
      'onHeadersReceived delivered': 20,
      'onHeadersReceived.removeListener': 1,
      'permissions.onAdded.addListener': 1,
      'permissions.onAdded.removeListener': 1,
      'permissions.onRemoved.addListener': 1,
      'permissions.onRemoved.removeListener': 1,
    });
  });
});
