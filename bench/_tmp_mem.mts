import { createCrawl } from '../lib/sitecheck/createCrawl';
const gc = (globalThis as any).gc;
gc(); const h0 = process.memoryUsage().heapUsed;
const N = 10000, O = 'http://127.0.0.1:1';
const c = createCrawl({ from: [`${O}/p/0.html`], maxUrls: N, followForeign: false, maxDepth: 1000 });
const queued: any[] = [];
for (let i = 0; i < N; i++) {
  const src = { url: `${O}/p/${i}.html`, sitemap: null, line: null, depth: 1 };
  c.taken(src, true);
  const links = [];
  for (let k = 0; k < 10; k++) links.push({ url: `${O}/p/${k}.html`, href: `/p/${k}.html`, text: `Section ${k}`, offset: 100 + k, nofollow: false, pastCut: false, problem: null });
  for (let k = 10 * i + 1; k <= 10 * i + 10 && k < N; k++) links.push({ url: `${O}/p/${k}.html`, href: '', text: `Product ${k}`, offset: 500 + k, nofollow: false, pastCut: false, problem: null });
  const report: any = { url: src.url, status: { code: 200 }, verdict: 'indexable', reasons: [], redirects: [], directives: { nofollow: false }, canonical: { url: src.url, links: [{ from: 'tag', href: `/p/${i}.html`, resolved: src.url }] }, hreflang: [], bytes: { truncated: false }, siteCheck: {} };
  const r = c.checked(src, { report, links: { links, seen: links.length, dropped: 0, base: null }, title: `Product ${i} — Shop` } as any);
  queued.push(...r.queue);
}
queued.length = 0;
gc(); const h1 = process.memoryUsage().heapUsed;
console.log('graph bytes/page', ((h1 - h0) / N).toFixed(0), 'total MiB', ((h1 - h0) / 2 ** 20).toFixed(2), 'edges', c.graph.edges.count);
