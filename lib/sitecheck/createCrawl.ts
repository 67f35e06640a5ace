import type { Report } from '../report';
import type { CheckedPage } from './checkUrl';
import { EDGE_FOREIGN, EDGE_NOFOLLOW, EDGE_NOT_FOLLOWED, EDGE_PAGE_NOFOLLOW, EDGE_PAST_CUT, EDGE_RENDERED, type EdgeSpill } from './EdgeStore';
import {
  HOW_CANONICAL,
  HOW_HREFLANG,
  HOW_LINK,
  HOW_RENDER,
  LinkGraph,
  NODE_CHECKED,
  NODE_FACTS,
  NODE_FOUND,
  NODE_IN_SITEMAP,
  NODE_NOINDEX,
  NODE_PAGE_NOFOLLOW,
  NODE_QUEUED,
  NODE_READ,
  NODE_REDIRECT_LOOP,
  NODE_ROBOTS_BLOCKED,
  NODE_START,
  VERDICT_AT_RISK,
  VERDICT_INDEXABLE,
  VERDICT_NOT_INDEXABLE,
} from './LinkGraph';
import { normalizeUrl } from './normalizeUrl';
import type { LinkProblem } from './linkTarget';
import type { QueuedUrl } from './types';

/** Schemes of links that are not meant to be crawled (a mail address, a phone number): never reported. */
const NOT_WEB = /^\s*(mailto|tel|sms|callto|geo|fax|skype|whatsapp):/i;
/** Examples kept of each note (bad links, links past the depth limit, pages with more links than kept). */
export const CRAWL_EXAMPLES = 200;

export interface CrawlOptions {
  /** The pages the crawl starts from (depth 0). */
  from: string[];
  /** Links away from a page given or listed that are still followed (default 10). */
  maxDepth?: number;
  /** URLs the graph keeps at most (the crawled ones and every target met); default 4 × maxUrls, at least 100,000. */
  maxNodes?: number;
  /** Where the edges go past a threshold (the extension: IndexedDB). */
  spill?: EdgeSpill;
  /** Edge blocks kept in memory before they spill (default 64: about a million links). */
  keepBlocks?: number;
}

export const CRAWL_DEFAULT_MAX_DEPTH = 10;
/** The largest depth limit a user may set. */
export const CRAWL_MAX_DEPTH = 1000;

/** A link Googlebot cannot follow for what it is (no http(s) URL, a port browsers refuse). */
export interface BadLink {
  from: string;
  href: string;
  offset: number;
  problem: LinkProblem;
}

/** The crawl's counts of links, over every page whose links were read. */
export interface CrawlCounts {
  /** Pages whose links were read (2xx HTML). */
  pages: number;
  /** Links recorded (one per page and target). */
  links: number;
  /** Of them, to URLs the crawl queued. */
  followed: number;
  /** rel=nofollow, or on a page that says nofollow. */
  nofollow: number;
  pastCut: number;
  /** Links only in Googlebot's render. */
  afterRendering: number;
  /** To other hosts (not followed unless asked). */
  foreign: number;
  /** hrefs that are no URL Googlebot follows. */
  bad: number;
  /** Links not followed because of the depth limit. */
  depthLimited: number;
  /** Links not kept: past a page's 10,000 targets, or past the graph's size. */
  notKept: number;
}

export interface Crawl {
  readonly graph: LinkGraph;
  readonly counts: CrawlCounts;
  readonly maxDepth: number;
  readonly badLinks: BadLink[];
  readonly depthLimited: { url: string; from: string }[];
  readonly linksNotKept: { url: string; seen: number; kept: number }[];
  /** A URL was taken into the run (fresh), or listed again by a sitemap (`fresh` false). */
  taken(src: QueuedUrl, fresh: boolean): void;
  /** The URL is in the run's queue already (given, listed by a sitemap, or found and fed in). */
  queued(url: string): boolean;
  /**
   * A URL's check: its facts recorded, its page's links (and its canonical and hreflang targets)
   * added to the graph. Returns the URLs to queue (each through the run's intake), and the page's
   * node and the targets of its served links (for its render's links).
   */
  checked(src: QueuedUrl, page: CheckedPage): { queue: QueuedUrl[]; page: number; served: Set<number> | null };
  /** Links of a page's render (Googlebot's): those not in its served HTML are added, marked as only after rendering; returns the URLs to queue. */
  rendered(page: number, depth: number, links: readonly string[], served: Set<number> | null): QueuedUrl[];
}

const verdictCode = (v: Report['verdict']) => (v === 'indexable' ? VERDICT_INDEXABLE : v === 'at-risk' ? VERDICT_AT_RISK : VERDICT_NOT_INDEXABLE);
const originOf = (u: string) => {
  try {
    return new URL(u).origin;
  } catch {
    return '';
  }
};
const sourceText = (s: Report['reasons'][number]['sources'][number] | undefined): string | null =>
  !s ? null : s.kind === 'header' ? `${s.name}: ${s.value}` : s.kind === 'tag' ? s.html : null;

/**
 * What a crawl learns, page by page, into its link graph — and which links it follows, as
 * Googlebot does: `<a href>` in the HTML Googlebot keeps (the first 2 MB, headers included) and,
 * with a render, the links of Googlebot's render; not links under rel=nofollow or a page-level
 * nofollow, not links past the cut, not hrefs that are no http(s) URL or name a port browsers
 * refuse; only to the hosts the crawl started on (unless `followForeign`), at most `maxDepth`
 * links away from a page given or listed. Canonical and hreflang targets are checked too (Google
 * fetches them), without counting as links. robots.txt is applied when a queued URL is checked
 * (checkUrl: a disallowed URL is reported with the deciding line, never requested).
 */
export function createCrawl(opts: CrawlOptions & { maxUrls: number; followForeign: boolean }): Crawl {
  const maxDepth = Math.max(0, Math.floor(opts.maxDepth ?? CRAWL_DEFAULT_MAX_DEPTH));
  const g = new LinkGraph(opts.maxNodes ?? Math.max(100_000, 4 * opts.maxUrls), { spill: opts.spill, keepBlocks: opts.keepBlocks });
  const origins = new Set(opts.from.map(originOf));
  const inScope = (url: string) => opts.followForeign || origins.has(originOf(url));
  const counts: CrawlCounts = { pages: 0, links: 0, followed: 0, nofollow: 0, pastCut: 0, afterRendering: 0, foreign: 0, bad: 0, depthLimited: 0, notKept: 0 };
  const badLinks: BadLink[] = [];
  const depthLimited: { url: string; from: string }[] = [];
  const linksNotKept: { url: string; seen: number; kept: number }[] = [];
  for (const u of opts.from) {
    const id = g.node(normalizeUrl(u) ?? u);
    if (id >= 0) g.flags.or(id, NODE_START);
  }

  /** The first link to a target, replaced by the first Googlebot follows if the first was not one. */
  const discovered = (tgt: number, from: number, anchor: number, offset: number, how: number, followed: boolean) => {
    if (g.firstFrom.get(tgt) >= 0 && (g.firstFollowed.get(tgt) || !followed)) return;
    g.firstFrom.set(tgt, from);
    g.firstAnchor.set(tgt, anchor);
    g.firstOffset.set(tgt, offset);
    g.firstHow.set(tgt, how);
    g.firstFollowed.set(tgt, followed ? 1 : 0);
  };

  /** A target the crawl would queue: in scope and within the depth limit. */
  const follow = (url: string, tgt: number, from: number, depth: number, queue: QueuedUrl[]): boolean => {
    if (!inScope(url)) return false;
    if (depth > maxDepth) {
      counts.depthLimited++;
      if (depthLimited.length < CRAWL_EXAMPLES && !g.has(tgt, NODE_QUEUED)) depthLimited.push({ url, from: g.url(from) });
      return false;
    }
    // Once: a URL found again before it is queued is not handed over twice.
    if (!g.has(tgt, NODE_QUEUED | NODE_FOUND)) {
      g.flags.or(tgt, NODE_FOUND);
      queue.push({ url, sitemap: null, line: null, depth });
    }
    return true;
  };

  /** A page's facts (status, verdict, noindex, robots.txt, canonical, hreflang, title) from its report. */
  const facts = (id: number, r: Report, title: string | null, queue: QueuedUrl[], depth: number) => {
    g.flags.or(id, NODE_FACTS);
    g.status.set(id, r.status?.code ?? 0);
    g.verdict.set(id, verdictCode(r.verdict));
    const noindex = r.reasons.find((x) => x.code === 'noindex');
    if (noindex) {
      g.flags.or(id, NODE_NOINDEX);
      const tag = sourceText(noindex.sources[0]);
      if (tag) g.noindexTag.set(id, g.strings.id(tag));
    }
    const blocked = r.reasons.find((x) => x.code === 'robotsBlocked');
    const rs = blocked?.sources.find((s) => s.kind === 'robotsTxt');
    if (blocked && rs && rs.kind === 'robotsTxt') {
      g.flags.or(id, NODE_ROBOTS_BLOCKED);
      g.robotsUrl.set(id, g.strings.id(rs.url));
      g.robotsLine.set(id, rs.line ?? -1);
      if (rs.rule) g.robotsRule.set(id, g.strings.id(rs.rule));
    }
    if (r.bytes?.truncated && r.bytes.cutOffset !== null) g.cutOffset.set(id, r.bytes.cutOffset);
    const decisive = r.reasons.find((x) => x.severity === 'block');
    if (decisive) {
      g.reason.set(id, g.strings.id(decisive.code));
      g.reasonText.set(id, g.strings.id(decisive.message));
    }
    if (r.directives.nofollow) g.flags.or(id, NODE_PAGE_NOFOLLOW);
    if (title !== null) {
      const tt = title.replace(/\s+/g, ' ').trim();
      if (tt) g.title.set(id, g.strings.id(tt));
    }
    const canonical = r.canonical.url ? normalizeUrl(r.canonical.url) : null;
    if (canonical) {
      const c = g.node(canonical);
      if (c >= 0) {
        g.canonicalId.set(id, c);
        if (c !== id) {
          // The tag as written is evidence only of a canonical to another URL (most pages name themselves).
          const link = r.canonical.links.find((l) => l.resolved && normalizeUrl(l.resolved) === canonical) ?? r.canonical.links[0];
          if (link) g.canonicalTag.set(id, g.strings.id(link.from === 'header' ? `Link: <${link.href}>; rel="canonical"` : `<link rel="canonical" href="${link.href}">`));
          discovered(c, id, -1, -1, HOW_CANONICAL, false);
          follow(canonical, c, id, depth + 1, queue);
        }
      } else counts.notKept++;
    }
    for (const h of r.hreflang) {
      const target = h.resolved ? normalizeUrl(h.resolved) : null;
      if (!target) continue;
      const t = g.node(target);
      if (t < 0) {
        counts.notKept++;
        continue;
      }
      const tag = h.from === 'header' ? `Link: <${h.href}>; rel="alternate"; hreflang="${h.lang}"` : `<link rel="alternate" hreflang="${h.lang}" href="${h.href}">`;
      g.addHreflang(id, t, g.strings.id(h.lang.toLowerCase()), g.strings.id(tag));
      if (t !== id) {
        discovered(t, id, -1, -1, HOW_HREFLANG, false);
        follow(target, t, id, depth + 1, queue);
      }
    }
  };

  const addEdge = (page: number, tgt: number, url: string, anchor: number, offset: number, flags: number, depth: number, how: number, queue: QueuedUrl[]) => {
    let f = flags;
    if (!inScope(url)) {
      f |= EDGE_FOREIGN;
      counts.foreign++;
    }
    g.edges.add(page, tgt, anchor, offset, f);
    counts.links++;
    if (f & (EDGE_NOFOLLOW | EDGE_PAGE_NOFOLLOW)) counts.nofollow++;
    if (f & EDGE_PAST_CUT) counts.pastCut++;
    if (f & EDGE_RENDERED) counts.afterRendering++;
    const googlebotFollows = (f & EDGE_NOT_FOLLOWED) === 0;
    discovered(tgt, page, anchor, offset, how, googlebotFollows);
    if (googlebotFollows && follow(url, tgt, page, depth + 1, queue)) counts.followed++;
  };

  return {
    graph: g,
    counts,
    maxDepth,
    badLinks,
    depthLimited,
    linksNotKept,
    queued(url) {
      const id = g.find(url);
      return id >= 0 && g.has(id, NODE_QUEUED);
    },
    taken(src, fresh) {
      const id = g.node(src.url);
      if (id < 0) return;
      if (fresh) {
        g.flags.or(id, NODE_QUEUED);
        g.seedDepth.set(id, src.depth);
      }
      if (src.sitemap !== null && !g.has(id, NODE_IN_SITEMAP)) {
        g.flags.or(id, NODE_IN_SITEMAP);
        g.sitemap.set(id, g.strings.id(src.sitemap));
        g.sitemapLine.set(id, src.line ?? -1);
      }
    },
    checked(src, { report: r, links, title }) {
      const queue: QueuedUrl[] = [];
      const id = g.node(src.url);
      if (id < 0) return { queue, page: -1, served: null };
      g.flags.or(id, NODE_CHECKED);
      const depth = src.depth;
      const hops = r.redirects.length;
      g.hops.set(id, Math.min(255, hops));
      if (r.siteCheck?.error === 'redirect-loop') {
        g.flags.or(id, NODE_REDIRECT_LOOP);
        g.chains.set(id, r.redirects.map((h) => h.url));
      } else if (hops >= 2) g.chains.set(id, [...r.redirects.map((h) => h.url), r.url]);
      const finalUrl = normalizeUrl(r.url) ?? r.url;
      let page = id;
      if (finalUrl !== src.url && r.siteCheck?.error !== 'redirect-loop' && (hops > 0 || r.siteCheck?.fetched === false)) {
        const f = g.node(finalUrl);
        if (f >= 0) {
          g.finalId.set(id, f);
          page = f;
          // A start page that redirects: where it lands is the crawl's host too.
          if (g.has(id, NODE_START)) origins.add(originOf(finalUrl));
        }
      }
      facts(id, r, title, queue, depth);
      if (page !== id && !g.has(page, NODE_FACTS)) facts(page, r, title, queue, depth);
      const code = r.status?.code ?? 0;
      if (!links || code < 200 || code > 299 || g.has(page, NODE_READ)) return { queue, page, served: null };
      g.flags.or(page, NODE_READ);
      counts.pages++;
      if (links.dropped) {
        counts.notKept += links.dropped;
        if (linksNotKept.length < CRAWL_EXAMPLES) linksNotKept.push({ url: g.url(page), seen: links.seen, kept: links.links.length });
      }
      const pageNofollow = r.directives.nofollow ? EDGE_PAGE_NOFOLLOW : 0;
      const served = new Set<number>();
      for (const l of links.links) {
        if (l.url === null) {
          if (l.problem && !NOT_WEB.test(l.href)) {
            counts.bad++;
            if (badLinks.length < CRAWL_EXAMPLES) badLinks.push({ from: g.url(page), href: l.href, offset: l.offset, problem: l.problem });
          }
          continue;
        }
        const tgt = g.node(l.url);
        if (tgt < 0) {
          counts.notKept++;
          continue;
        }
        if (tgt === page || tgt === id) continue;
        served.add(tgt);
        const flags = (l.nofollow ? EDGE_NOFOLLOW : 0) | (l.pastCut ? EDGE_PAST_CUT : 0) | pageNofollow;
        addEdge(page, tgt, l.url, l.text ? g.anchors.id(l.text) : -1, l.offset, flags, depth, HOW_LINK, queue);
      }
      return { queue, page, served };
    },
    rendered(page, depth, links, served) {
      const queue: QueuedUrl[] = [];
      if (page < 0 || !g.has(page, NODE_READ)) return queue;
      const pageNofollow = g.has(page, NODE_PAGE_NOFOLLOW) ? EDGE_PAGE_NOFOLLOW : 0;
      const seen = new Set<number>();
      for (const raw of links) {
        const url = normalizeUrl(raw);
        if (!url) continue;
        const tgt = g.node(url);
        if (tgt < 0) {
          counts.notKept++;
          continue;
        }
        if (tgt === page || served?.has(tgt) || seen.has(tgt)) continue;
        seen.add(tgt);
        addEdge(page, tgt, url, -1, -1, EDGE_RENDERED | pageNofollow, depth, HOW_RENDER, queue);
      }
      return queue;
    },
  };
}
