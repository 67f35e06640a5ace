import { EdgeStore, type EdgeSpill } from './EdgeStore';
import { IntColumn } from './IntColumn';
import { StringTable } from './StringTable';

/** Node flags. */
export const NODE_START = 1;
/** Listed by a sitemap (accepted from it). */
export const NODE_IN_SITEMAP = 2;
/** Taken into the run's queue (it is, or will be, checked). */
export const NODE_QUEUED = 4;
/** Its report arrived. */
export const NODE_CHECKED = 8;
/** Its page's links were read (a 2xx HTML page, through its own URL or a redirect to it). */
export const NODE_READ = 16;
/** A noindex Google obeys. */
export const NODE_NOINDEX = 32;
/** robots.txt keeps Googlebot from it (not requested). */
export const NODE_ROBOTS_BLOCKED = 64;
/** Its redirects loop. */
export const NODE_REDIRECT_LOOP = 128;
/** Its page says nofollow (meta robots / googlebot, X-Robots-Tag). */
export const NODE_PAGE_NOFOLLOW = 256;
/** Its facts are those of a page (status, verdict, title…): checked, or the end of a checked URL's redirects. */
export const NODE_FACTS = 512;
/** A crawl found a link to it that it follows: it waits to be queued (the run feeds found URLs in as its queue has room). */
export const NODE_FOUND = 1024;

/** Verdicts as numbers. */
export const VERDICT_NONE = 0;
export const VERDICT_INDEXABLE = 1;
export const VERDICT_AT_RISK = 2;
export const VERDICT_NOT_INDEXABLE = 3;

/** How a URL was first found: a link in the served HTML, a link only in the render, a canonical, an hreflang, a redirect. */
export const HOW_LINK = 1;
export const HOW_RENDER = 2;
export const HOW_CANONICAL = 3;
export const HOW_HREFLANG = 4;

/**
 * A crawl's link graph in flat memory: every URL met gets an integer id; what is known of it sits
 * in typed-array columns by id (flags, status, verdict, redirects, canonical, sitemap line,
 * robots.txt line, title…; strings as numbers of shared string tables); links are edges in typed
 * arrays (EdgeStore), hreflang pairs likewise. Nothing per URL is an object.
 */
export class LinkGraph {
  private readonly ids = new Map<string, number>();
  private readonly urls: string[] = [];
  /** URLs not given an id because the graph was full. */
  refused = 0;

  readonly flags = new IntColumn('i32');
  readonly status = new IntColumn('u16');
  readonly verdict = new IntColumn('u8');
  /** Redirects followed (3xx responses). */
  readonly hops = new IntColumn('u8');
  /** Where its redirects end (-1: none). */
  readonly finalId = new IntColumn('i32', -1);
  /** Its canonical (-1: none; itself when it names itself). */
  readonly canonicalId = new IntColumn('i32', -1);
  /** The canonical link as written (a string number). */
  readonly canonicalTag = new IntColumn('i32', -1);
  readonly sitemap = new IntColumn('i32', -1);
  readonly sitemapLine = new IntColumn('i32', -1);
  readonly robotsUrl = new IntColumn('i32', -1);
  readonly robotsLine = new IntColumn('i32', -1);
  readonly robotsRule = new IntColumn('i32', -1);
  readonly title = new IntColumn('i32', -1);
  /** The noindex as written (the tag or header). */
  readonly noindexTag = new IntColumn('i32', -1);
  /** Where its cut falls (response offset), when it is over the byte limit. */
  readonly cutOffset = new IntColumn('i32', -1);
  /** The decisive reason's code when not indexable. */
  readonly reason = new IntColumn('i32', -1);
  /** That reason in words (the report's message). */
  readonly reasonText = new IntColumn('i32', -1);
  /** Links away from a page given or listed (the crawl's depth limit counts these); -1: not queued. */
  readonly seedDepth = new IntColumn('i32', -1);
  /** The first page linking to it (or naming it as canonical / hreflang), its anchor text, the offset of the link, and how. */
  readonly firstFrom = new IntColumn('i32', -1);
  readonly firstAnchor = new IntColumn('i32', -1);
  readonly firstOffset = new IntColumn('i32', -1);
  readonly firstHow = new IntColumn('u8');
  /** Whether that first link is one Googlebot follows. */
  readonly firstFollowed = new IntColumn('u8');

  readonly edges: EdgeStore;
  /** hreflang pairs: page, target, language (string number), the link as written (string number). */
  readonly hlSrc = new IntColumn('i32');
  readonly hlTgt = new IntColumn('i32');
  readonly hlLang = new IntColumn('i32');
  readonly hlTag = new IntColumn('i32');
  hreflangs = 0;

  /** Anchor texts (capped), and every other string: titles, sitemaps, robots.txt files and rules, tags. */
  readonly anchors: StringTable;
  readonly strings = new StringTable();
  /** Redirect chains of 2 hops or more, and loops: the URLs in order. */
  readonly chains = new Map<number, string[]>();

  constructor(
    readonly maxNodes: number,
    opts: { spill?: EdgeSpill; keepBlocks?: number; maxAnchors?: number; maxHreflang?: number } = {},
  ) {
    this.edges = new EdgeStore({ spill: opts.spill, keepBlocks: opts.keepBlocks });
    this.anchors = new StringTable(opts.maxAnchors ?? 500_000);
    this.maxHreflang = opts.maxHreflang ?? 1_000_000;
  }
  private readonly maxHreflang: number;

  /** The id of a URL (normalised), given one if new; -1 when the graph is full. */
  node(url: string): number {
    let id = this.ids.get(url);
    if (id !== undefined) return id;
    if (this.urls.length >= this.maxNodes) {
      this.refused++;
      return -1;
    }
    id = this.urls.length;
    this.urls.push(url);
    this.ids.set(url, id);
    return id;
  }

  /** The id of a URL already met, or -1. */
  find(url: string): number {
    return this.ids.get(url) ?? -1;
  }

  url(id: number): string {
    return this.urls[id]!;
  }

  get size(): number {
    return this.urls.length;
  }

  has(id: number, flag: number): boolean {
    return (this.flags.get(id) & flag) !== 0;
  }

  addHreflang(src: number, tgt: number, lang: number, tag: number): void {
    if (this.hreflangs >= this.maxHreflang) return;
    const i = this.hreflangs++;
    this.hlSrc.set(i, src);
    this.hlTgt.set(i, tgt);
    this.hlLang.set(i, lang);
    this.hlTag.set(i, tag);
  }
}
