import { describe, expect, it } from 'vitest';
import { createRobotsReader, NotSentError, ROBOTS_CACHE_MS, ROBOTS_FAILURE_CACHE_MS, type RobotsCache, type RobotsReport } from '../../../lib/crawl';
import { answer, GOOGLEBOT, server, text } from './helpers';

const O = 'https://site.example';

function memoryCache(): RobotsCache & { store: Map<string, RobotsReport> } {
  const store = new Map<string, RobotsReport>();
  return { store, get: async (o) => store.get(o) ?? null, put: async (r) => void store.set(r.origin, r) };
}

describe('createRobotsReader (lib/crawl): one reader, Google’s cache lifetimes, one fetch per origin', () => {
  it('fetches once per origin however many ask at once, as Googlebot', async () => {
    const hop = server({ [`${O}/robots.txt`]: text('User-agent: *\nDisallow: /x\n') });
    const reader = createRobotsReader({ fetchHop: hop, userAgent: () => GOOGLEBOT });
    const all = await Promise.all([reader.get(`${O}/a`), reader.get(`${O}/b`), reader.get(`${O}/c?d`)]);
    expect(hop.calls).toEqual([{ url: `${O}/robots.txt`, userAgent: GOOGLEBOT }]);
    expect(new Set(all).size).toBe(1);
  });

  it('serves the cached report for 24 h (fromCache), then fetches again; refresh skips the cache', async () => {
    let t = 1_000_000;
    const hop = server({ [`${O}/robots.txt`]: text('User-agent: *\nAllow: /\n') });
    const cache = memoryCache();
    const reader = createRobotsReader({ fetchHop: hop, userAgent: async () => GOOGLEBOT, cache, now: () => t });
    expect((await reader.get(`${O}/`)).fromCache).toBe(false);
    expect(cache.store.get(O)?.fetchedAt).toBe(1_000_000);
    t += ROBOTS_CACHE_MS - 1;
    expect((await reader.get(`${O}/p`)).fromCache).toBe(true);
    expect(await reader.cached(`${O}/q`)).toMatchObject({ fromCache: true });
    expect(hop.calls).toHaveLength(1);
    expect((await reader.get(`${O}/p`, { refresh: true })).fromCache).toBe(false);
    expect(hop.calls).toHaveLength(2);
    t += ROBOTS_CACHE_MS;
    expect(await reader.cached(`${O}/q`)).toBeNull();
    expect((await reader.get(`${O}/p`)).fromCache).toBe(false);
    expect(hop.calls).toHaveLength(3);
  });

  it('a request the tool never sent (its access withdrawn) is no answer of the site: rejected, never cached as unreachable', async () => {
    let withdrawn = true;
    const site = server({ [`${O}/robots.txt`]: text('User-agent: *\nAllow: /\n') });
    const hop = Object.assign(
      (url: string, req: Parameters<typeof site>[1]) => (withdrawn ? Promise.reject(new NotSentError(url)) : site(url, req)),
      { calls: site.calls },
    );
    const cache = memoryCache();
    const reader = createRobotsReader({ fetchHop: hop, userAgent: () => GOOGLEBOT, cache });
    await expect(reader.get(`${O}/page`)).rejects.toMatchObject({ name: 'NotSentError', code: 'no-host-access', url: `${O}/robots.txt` });
    expect(cache.store.size).toBe(0);
    withdrawn = false;
    const report = await reader.get(`${O}/page`);
    expect(report.outcome.kind).toBe('parse');
    expect(report.fromCache).toBe(false);
  });

  it('an unreachable robots.txt is kept 5 minutes only', async () => {
    let t = 0;
    const hop = server({ [`${O}/robots.txt`]: () => answer(503, 'Service Unavailable') });
    const reader = createRobotsReader({ fetchHop: hop, userAgent: () => GOOGLEBOT, cache: memoryCache(), now: () => t });
    expect((await reader.get(O)).outcome.kind).toBe('disallow-all');
    t = ROBOTS_FAILURE_CACHE_MS - 1;
    expect((await reader.get(O)).fromCache).toBe(true);
    t = ROBOTS_FAILURE_CACHE_MS;
    expect((await reader.get(O)).fromCache).toBe(false);
    expect(hop.calls).toHaveLength(2);
  });

  it('a cache that fails to read or store costs the cache, never the answer', async () => {
    const hop = server({ [`${O}/robots.txt`]: text('User-agent: *\nAllow: /\n') });
    const broken: RobotsCache = { get: async () => Promise.reject(new Error('quota')), put: async () => Promise.reject(new Error('quota')) };
    const reader = createRobotsReader({ fetchHop: hop, userAgent: () => GOOGLEBOT, cache: broken });
    expect((await reader.get(`${O}/`)).outcome.kind).toBe('parse');
  });

  it('without a cache nothing is kept: cached() is null and the next read fetches again', async () => {
    const hop = server({ [`${O}/robots.txt`]: text('User-agent: *\nAllow: /\n') });
    const reader = createRobotsReader({ fetchHop: hop, userAgent: () => GOOGLEBOT });
    await reader.get(O);
    expect(await reader.cached(O)).toBeNull();
    await reader.get(O);
    expect(hop.calls).toHaveLength(2);
  });

  it('reads the User-Agent at each fetch (a setting may change it)', async () => {
    let ua = 'Googlebot/A';
    const hop = server({ [`${O}/robots.txt`]: text('') });
    const reader = createRobotsReader({ fetchHop: hop, userAgent: () => ua });
    await reader.get(O);
    ua = 'Googlebot/B';
    await reader.get(O);
    expect(hop.calls.map((c) => c.userAgent)).toEqual(['Googlebot/A', 'Googlebot/B']);
  });

  it('rejects a URL that is not HTTP(S)', async () => {
    const reader = createRobotsReader({ fetchHop: server({}), userAgent: () => GOOGLEBOT });
    await expect(reader.get('chrome://settings')).rejects.toThrow('Not an HTTP(S) URL');
    expect(await reader.cached('chrome://settings')).toBeNull();
  });
});
