import type { Crawl } from './createCrawl';
import { EDGE_NOFOLLOW, EDGE_NOT_FOLLOWED, EDGE_PAGE_NOFOLLOW, EDGE_PAST_CUT, EDGE_RENDERED } from './EdgeStore';
import {
  HOW_LINK,
  HOW_RENDER,
  NODE_CHECKED,
  NODE_FACTS,
  NODE_IN_SITEMAP,
  NODE_NOINDEX,
  NODE_READ,
  NODE_REDIRECT_LOOP,
  NODE_ROBOTS_BLOCKED,
  NODE_START,
  VERDICT_INDEXABLE,
  VERDICT_NOT_INDEXABLE,
} from './LinkGraph';
import type { CrawlEnd, CrawlLink, CrawlResult, SiteFinding, SiteFindingCode, SiteFindingItem, SiteFindingSeverity } from './types';

/** Cases kept per finding (every one is counted). */
export const FINDING_ITEMS = 200;
/** More clicks than this from the start: the page is deep. */
export const DEEP_CLICKS = 5;
/** Links of a path from the start shown at most. */
const MAX_PATH = 12;

const SEVERITY: Record<SiteFindingCode, SiteFindingSeverity> = {
  redirectLoop: 'critical',
  canonicalNotIndexable: 'critical',
  onlyPastCut: 'critical',
  orphan: 'warning',
  sitemapNotIndexable: 'warning',
  linkBroken: 'warning',
  linkRedirectChain: 'warning',
  linkNoindex: 'warning',
  linkRobotsBlocked: 'warning',
  redirectChain: 'warning',
  canonicalChain: 'warning',
  hreflangNoReturn: 'warning',
  hreflangNotOk: 'warning',
  hreflangNotCanonical: 'warning',
  duplicateTitle: 'warning',
  onlyRendered: 'warning',
  badLink: 'warning',
  notInSitemap: 'info',
  hreflangNoXDefault: 'info',
  deep: 'info',
  depthLimit: 'info',
  linksNotKept: 'info',
};

/** The order findings are listed in: by severity, then as here. */
export const FINDING_ORDER = Object.keys(SEVERITY) as SiteFindingCode[];

/**
 * The site's findings once the crawl is over (or cancelled: then `partial`), computed from the
 * link graph in a few passes over its edges — no per-URL objects: counts and a breadth-first
 * search in typed arrays. A redirect costs no click; links Googlebot does not follow (nofollow,
 * past the cut) make no path and no inlink.
 */
export async function crawlFindings(crawl: Crawl, ctx: { ended: CrawlResult['ended']; sitemapsRead: boolean; rendered: boolean }): Promise<CrawlEnd> {
  const g = crawl.graph;
  const n = g.size;
  const inFollow = new Int32Array(n);
  const inServed = new Int32Array(n);
  const inRendered = new Int32Array(n);
  const inPastCut = new Int32Array(n);
  const outCount = new Int32Array(n + 1);
  /** The first link past the cut to each node (an edge's source and offset). */
  const pcFrom = new Int32Array(n).fill(-1);
  const pcOffset = new Int32Array(n).fill(-1);
  const rFrom = new Int32Array(n).fill(-1);

  // Pass 1: inlinks by kind; out-degree of links Googlebot follows (for the search).
  for await (const b of g.edges.all()) {
    for (let i = 0; i < b.length; i++) {
      const s = b.src[i]!;
      const t = b.tgt[i]!;
      const f = b.flags[i]!;
      if ((f & EDGE_NOT_FOLLOWED) === 0) {
        inFollow[t]!++;
        outCount[s]!++;
        if (f & EDGE_RENDERED) {
          inRendered[t]!++;
          if (rFrom[t] === -1) rFrom[t] = s;
        } else inServed[t]!++;
      } else if (f & EDGE_PAST_CUT) {
        inPastCut[t]!++;
        if (pcFrom[t] === -1) {
          pcFrom[t] = s;
          pcOffset[t] = b.offset[i]!;
        }
      }
    }
  }
  // Pass 2: adjacency of followed links (compressed rows).
  const rowStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = rowStart[i]! + outCount[i]!;
  const fill = rowStart.slice(0, n);
  const adj = new Int32Array(rowStart[n]!);
  for await (const b of g.edges.all()) {
    for (let i = 0; i < b.length; i++) if ((b.flags[i]! & EDGE_NOT_FOLLOWED) === 0) adj[fill[b.src[i]!]!++] = b.tgt[i]!;
  }
  // Clicks from the start: a breadth-first search where a redirect costs nothing (0-1 BFS).
  const depth = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const deque = new Int32Array(2 * n + 2);
  let head = n + 1;
  let tail = n + 1;
  for (let i = 0; i < n; i++) {
    if (g.has(i, NODE_START)) {
      depth[i] = 0;
      deque[tail++] = i;
    }
  }
  while (head < tail) {
    const v = deque[head++]!;
    const d = depth[v]!;
    const f = g.finalId.get(v);
    if (f >= 0 && (depth[f] === -1 || depth[f]! > d)) {
      depth[f] = d;
      parent[f] = v;
      deque[--head] = f;
    }
    for (let k = rowStart[v]!; k < rowStart[v + 1]!; k++) {
      const w = adj[k]!;
      if (depth[w] === -1) {
        depth[w] = d + 1;
        parent[w] = v;
        deque[tail++] = w;
      }
    }
  }

  const out = new Map<SiteFindingCode, SiteFinding>();
  const add = (code: SiteFindingCode, item: SiteFindingItem) => {
    let f = out.get(code);
    if (!f) out.set(code, (f = { code, severity: SEVERITY[code], count: 0, items: [] }));
    f.count++;
    if (f.items.length < FINDING_ITEMS) f.items.push(item);
  };
  const url = (i: number) => g.url(i);
  const str = (i: number) => g.strings.at(i);
  const finalOf = (i: number) => (g.finalId.get(i) >= 0 ? g.finalId.get(i) : i);
  const pathTo = (i: number): string[] => {
    const p: number[] = [];
    for (let v = i; v >= 0 && p.length <= MAX_PATH * 2; v = parent[v]!) p.push(v);
    return p.reverse().map(url);
  };
  const firstLink = (i: number): Pick<SiteFindingItem, 'from' | 'anchorText' | 'offset'> | null => {
    const from = g.firstFrom.get(i);
    const how = g.firstHow.get(i);
    if (from < 0 || (how !== HOW_LINK && how !== HOW_RENDER)) return null;
    const off = g.firstOffset.get(i);
    return { from: url(from), anchorText: g.anchors.at(g.firstAnchor.get(i)) ?? '', offset: off >= 0 ? off : null };
  };

  // Per URL.
  for (let i = 0; i < n; i++) {
    const fl = g.flags.get(i);
    const checked = (fl & NODE_CHECKED) !== 0;
    if (ctx.sitemapsRead && fl & NODE_IN_SITEMAP && !(fl & NODE_START) && inFollow[i] === 0 && (checked || (fl & NODE_FACTS) !== 0)) {
      add('orphan', { url: url(i), sitemap: str(g.sitemap.get(i)) ?? '', sitemapLine: g.sitemapLine.get(i) >= 0 ? g.sitemapLine.get(i) : null });
    }
    if (ctx.sitemapsRead && checked && fl & NODE_IN_SITEMAP && g.verdict.get(i) === VERDICT_NOT_INDEXABLE) {
      add('sitemapNotIndexable', { url: url(i), sitemap: str(g.sitemap.get(i)) ?? '', sitemapLine: g.sitemapLine.get(i) >= 0 ? g.sitemapLine.get(i) : null, status: g.status.get(i), reason: str(g.reason.get(i)) ?? '', reasonText: str(g.reasonText.get(i)) ?? '' });
    }
    if (ctx.sitemapsRead && checked && !(fl & NODE_IN_SITEMAP) && g.verdict.get(i) === VERDICT_INDEXABLE && g.hops.get(i) === 0 && inFollow[i]! > 0) {
      const via = firstLink(i);
      add('notInSitemap', { url: url(i), ...(via ?? {}) });
    }
    if (fl & NODE_REDIRECT_LOOP) add('redirectLoop', { url: url(i), chain: g.chains.get(i) ?? [] });
    else if (checked && g.hops.get(i) >= 2) add('redirectChain', { url: url(i), hops: g.hops.get(i), chain: g.chains.get(i) ?? [], target: url(finalOf(i)) });
    // Canonicals: of the page a URL ends at, once.
    if (fl & NODE_FACTS && fl & NODE_READ) {
      const c = g.canonicalId.get(i);
      if (c >= 0 && c !== i) {
        const cc = finalOf(c);
        const tag = str(g.canonicalTag.get(i)) ?? '';
        if (g.has(cc, NODE_FACTS)) {
          const c2 = g.canonicalId.get(cc);
          const bad = g.verdict.get(cc) === VERDICT_NOT_INDEXABLE || g.status.get(cc) !== 200 || cc !== c || g.has(cc, NODE_NOINDEX) || g.has(c, NODE_ROBOTS_BLOCKED);
          if (bad) {
            const why = g.reason.get(c) >= 0 ? c : cc;
            add('canonicalNotIndexable', { url: url(i), target: url(c), tag, status: g.status.get(cc), hops: g.hops.get(c), ...(g.reason.get(why) >= 0 ? { reason: str(g.reason.get(why))!, reasonText: str(g.reasonText.get(why)) ?? '' } : {}) });
          }
          else if (c2 >= 0 && c2 !== cc && c2 !== c) add('canonicalChain', { url: url(i), target: url(c), chain: [url(i), url(c), url(c2)], tag });
        }
      }
    }
    if (inFollow[i] === 0 && inPastCut[i]! > 0 && !(fl & NODE_START)) {
      const from = pcFrom[i]!;
      add('onlyPastCut', { url: url(i), from: url(from), offset: pcOffset[i]!, ...cutOf(from) });
    }
    if (ctx.rendered && inServed[i] === 0 && inRendered[i]! > 0 && !(fl & NODE_START)) add('onlyRendered', { url: url(i), from: url(rFrom[i]!), offset: null });
    if (checked && depth[i]! > DEEP_CLICKS) add('deep', { url: url(i), depth: depth[i]!, path: pathTo(i) });
  }

  // Links to pages that are broken, redirect in a chain, say noindex or that robots.txt blocks.
  for await (const b of g.edges.all()) {
    for (let k = 0; k < b.length; k++) {
      if (b.flags[k]! & EDGE_PAST_CUT) continue;
      const t = b.tgt[k]!;
      if (!g.has(t, NODE_CHECKED)) continue;
      const base = (): SiteFindingItem => ({ url: url(t), from: url(b.src[k]!), anchorText: g.anchors.at(b.anchor[k]!) ?? '', offset: b.offset[k]! >= 0 ? b.offset[k]! : null });
      if (g.has(t, NODE_ROBOTS_BLOCKED)) {
        add('linkRobotsBlocked', { ...base(), robotsUrl: str(g.robotsUrl.get(t)) ?? '', line: g.robotsLine.get(t) >= 0 ? g.robotsLine.get(t) : null, rule: str(g.robotsRule.get(t)) });
        continue;
      }
      const status = g.status.get(t);
      if (status >= 400 || (status === 0 && !g.has(t, NODE_REDIRECT_LOOP))) add('linkBroken', { ...base(), status });
      // A link into a redirect loop is the loop's finding (redirectLoop), not a chain's.
      if (g.hops.get(t) >= 2 && !g.has(t, NODE_REDIRECT_LOOP)) add('linkRedirectChain', { ...base(), hops: g.hops.get(t), target: url(finalOf(t)) });
      if (g.has(t, NODE_NOINDEX)) add('linkNoindex', { ...base(), tag: str(g.noindexTag.get(t)) ?? '' });
    }
  }

  // hreflang: each pair's return link, its target's status and canonical; x-default.
  const pairs = new Set<number>();
  const langsOf = new Map<number, Set<number>>();
  for (let k = 0; k < g.hreflangs; k++) {
    const s = g.hlSrc.get(k);
    pairs.add(s * n + finalOf(g.hlTgt.get(k)));
    let l = langsOf.get(s);
    if (!l) langsOf.set(s, (l = new Set()));
    l.add(g.hlLang.get(k));
  }
  for (let k = 0; k < g.hreflangs; k++) {
    const s = g.hlSrc.get(k);
    const t = g.hlTgt.get(k);
    if (t === s || !g.has(s, NODE_READ)) continue;
    const item = { url: url(s), target: url(t), lang: str(g.hlLang.get(k)) ?? '', tag: str(g.hlTag.get(k)) ?? '' };
    const tf = finalOf(t);
    if (!g.has(t, NODE_FACTS)) continue;
    if (g.status.get(t) !== 200 || g.hops.get(t) > 0 || g.has(t, NODE_ROBOTS_BLOCKED)) add('hreflangNotOk', { ...item, status: g.status.get(t), hops: g.hops.get(t) });
    else {
      const c = g.canonicalId.get(tf);
      if (c >= 0 && c !== tf) add('hreflangNotCanonical', { ...item, chain: [url(tf), url(c)] });
      else if (g.has(tf, NODE_READ) && !pairs.has(tf * n + s)) add('hreflangNoReturn', item);
    }
  }
  const xDefault = g.strings.find('x-default');
  for (const [s, langs] of langsOf) if (g.has(s, NODE_READ) && !langs.has(xDefault)) add('hreflangNoXDefault', { url: url(s) });

  // Duplicate titles: indexable pages that are their own canonical, by title.
  const byTitle = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    if (!g.has(i, NODE_READ) || g.status.get(i) !== 200 || g.verdict.get(i) === VERDICT_NOT_INDEXABLE) continue;
    const c = g.canonicalId.get(i);
    if (c >= 0 && c !== i) continue;
    const t = g.title.get(i);
    if (t < 0) continue;
    const list = byTitle.get(t);
    if (list) list.push(i);
    else byTitle.set(t, [i]);
  }
  for (const [t, ids] of byTitle) if (ids.length > 1) add('duplicateTitle', { url: url(ids[0]!), title: str(t) ?? '', urls: ids.slice(0, FINDING_ITEMS).map(url) });

  for (const b of crawl.badLinks) add('badLink', { url: b.from, from: b.from, href: b.href, offset: b.offset, problem: b.problem });
  fixCount('badLink', crawl.counts.bad);
  for (const d of crawl.depthLimited) add('depthLimit', { url: d.url, from: d.from });
  fixCount('depthLimit', crawl.counts.depthLimited);
  for (const x of crawl.linksNotKept) add('linksNotKept', { url: x.url, seen: x.seen, kept: x.kept });

  function fixCount(code: SiteFindingCode, count: number) {
    const f = out.get(code);
    if (f) f.count = Math.max(f.count, count);
  }
  function cutOf(page: number): { cutOffset?: number } {
    const c = g.cutOffset.get(page);
    return c < 0 ? {} : { cutOffset: c };
  }

  const order = (a: SiteFinding, b: SiteFinding) => sevRank(a.severity) - sevRank(b.severity) || FINDING_ORDER.indexOf(a.code) - FINDING_ORDER.indexOf(b.code);
  const findings = [...out.values()].sort(order);
  let checkedCount = 0;
  for (let i = 0; i < n; i++) if (g.has(i, NODE_CHECKED)) checkedCount++;
  const result: CrawlResult = {
    start: [...Array(n).keys()].filter((i) => g.has(i, NODE_START)).map(url),
    partial: ctx.ended !== 'done',
    ended: ctx.ended,
    sitemapsRead: ctx.sitemapsRead,
    rendered: ctx.rendered,
    maxDepth: crawl.maxDepth,
    urls: { checked: checkedCount, known: n, notKept: g.refused },
    links: { ...crawl.counts },
    findings,
  };
  return {
    result,
    facts(u) {
      const i = g.find(u);
      if (i < 0) return null;
      const via = firstLink(i);
      return {
        depth: depth[i]! >= 0 ? depth[i]! : null,
        discoveredFrom: via ? { url: via.from!, anchorText: via.anchorText ?? '', offset: via.offset ?? null, afterRendering: g.firstHow.get(i) === HOW_RENDER } : null,
        inlinks: inFollow[i]!,
      };
    },
    async *links(): AsyncIterable<CrawlLink> {
      for await (const b of g.edges.all()) {
        for (let k = 0; k < b.length; k++) {
          const f = b.flags[k]!;
          yield {
            source: url(b.src[k]!),
            target: url(b.tgt[k]!),
            anchorText: g.anchors.at(b.anchor[k]!) ?? '',
            nofollow: (f & (EDGE_NOFOLLOW | EDGE_PAGE_NOFOLLOW)) !== 0,
            pastCut: (f & EDGE_PAST_CUT) !== 0,
            afterRendering: (f & EDGE_RENDERED) !== 0,
          };
        }
      }
    },
  };
}

const sevRank = (s: SiteFindingSeverity) => (s === 'critical' ? 0 : s === 'warning' ? 1 : 2);

