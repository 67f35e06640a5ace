import { ANC, ANC_RAW, domText, HTML, relTokens, type El, type HtmlSink, type TagToken, type TextRun } from '../html';
import { linkTarget, type LinkProblem } from './linkTarget';

/** Distinct link targets kept per page; more are counted, not kept. */
export const MAX_PAGE_LINKS = 10_000;
/** Characters of anchor text kept per link (whitespace squashed). */
export const MAX_ANCHOR_CHARS = 100;
/** Characters of an href kept as written. */
const MAX_HREF_CHARS = 500;
/** How far up from a text's element the reader looks for its <a> (deeper nesting: the text is not anchor text). */
const MAX_ANCHOR_DEPTH = 32;

/** One link of a page as Googlebot reads it: the first `<a href>` of its target that counts most (see `PageLinks`). */
export interface FoundLink {
  /** The target: absolute, normalised (normalizeUrl), no fragment; null when Googlebot cannot follow it (`problem`). */
  url: string | null;
  /** The href as written (at most 500 characters). */
  href: string;
  /** The anchor text (an image's alt when there is no text), whitespace squashed, at most 100 characters. */
  text: string;
  /** Response offset of the `<a` (headers included). */
  offset: number;
  /** rel="nofollow" on this link. */
  nofollow: boolean;
  /** The start tag ends past the cut: Googlebot never sees this link. */
  pastCut: boolean;
  /** Why the href is no URL Googlebot follows: another scheme than http(s), a port browsers refuse, or not a URL. */
  problem: LinkProblem | null;
}

/** The links of one page, read from the served HTML (the part Googlebot keeps, and what follows it up to the reader's end). */
export interface PageLinks {
  /**
   * One entry per target, in the order the targets first appear. Of several links to one
   * target, the one kept is the first Googlebot follows (before the cut, not nofollow), else
   * the first it sees (a nofollow before the cut), else the first past the cut.
   */
  links: FoundLink[];
  /** `<a href>` elements read. */
  seen: number;
  /** Links to targets past the first 10,000 distinct ones: counted, not kept. */
  dropped: number;
  /** The `<base href>` Googlebot resolves the links against (the first one before the cut), as written, or null. */
  base: string | null;
}

interface Occurrence {
  offset: number;
  tagEnd: number;
  nofollow: boolean;
  text: string;
}

interface Target {
  href: string;
  first: Occurrence;
  /** The first occurrence without rel=nofollow. */
  firstFollow: Occurrence | null;
}

interface OpenAnchor {
  target: Target | null;
  occurrence: Occurrence;
  /** Text read so far, squashed. */
  text: string;
  alt: string;
}

const attr = (t: TagToken, name: string): string | null => {
  for (const a of t.attrs) if (a.name === name) return a.value;
  return null;
};
const squash = (s: string) => s.replace(/\s+/g, ' ');

/**
 * The links of a page (`<a href>` in HTML, as Googlebot follows them), read from lib/html's
 * reader as the body streams — one more reader of the same pass as the byte budget and the
 * served signals, in `whole` (it reads on past the cut, to say which links lie beyond it). For
 * each link: the anchor text, the response offset of its `<a`, rel=nofollow; the page's first
 * `<base href>`. Which links lie past the cut is decided at the end (`result`), once the cut is
 * known. Memory: one entry per distinct href, at most 10,000, and 100 characters of text each.
 */
export class LinkReader implements HtmlSink {
  private readonly targets = new Map<string, Target>();
  private readonly anchors = new Map<El, OpenAnchor>();
  private seen = 0;
  private dropped = 0;
  private base: { href: string; tagEnd: number } | null = null;

  constructor(private readonly headerBytes = 0) {}

  open(el: El): void {
    if (el.ns !== HTML || el.inTemplate) return;
    const t = el.tag;
    if (el.name === 'base') {
      const href = t ? attr(t, 'href') : null;
      if (href !== null && !this.base) this.base = { href, tagEnd: t!.end };
      return;
    }
    if (el.name === 'img' && el.anc & ANC.a && t) {
      const a = this.anchorOf(el.parent);
      const alt = attr(t, 'alt');
      if (a && alt && !a.alt) a.alt = squash(alt).trim().slice(0, MAX_ANCHOR_CHARS);
      return;
    }
    // An <a> the parser reopened or the adoption agency cloned is the same link: its text goes to the original.
    if (el.name !== 'a' || !t || el.cloneOf) {
      if (el.name === 'a' && el.cloneOf) {
        const a = this.anchors.get(el.cloneOf);
        if (a) this.anchors.set(el, a);
      }
      return;
    }
    const raw = attr(t, 'href');
    if (raw === null) return;
    this.seen++;
    const href = raw.length > MAX_HREF_CHARS ? raw.slice(0, MAX_HREF_CHARS) : raw;
    let target = this.targets.get(href) ?? null;
    if (!target && this.targets.size >= MAX_PAGE_LINKS) this.dropped++;
    const occurrence: Occurrence = { offset: t.start, tagEnd: t.end, nofollow: relTokens(attr(t, 'rel')).includes('nofollow'), text: '' };
    if (!target && this.targets.size < MAX_PAGE_LINKS) {
      target = { href, first: occurrence, firstFollow: occurrence.nofollow ? null : occurrence };
      this.targets.set(href, target);
    } else if (target && !target.firstFollow && !occurrence.nofollow) target.firstFollow = occurrence;
    this.anchors.set(el, { target, occurrence, text: '', alt: '' });
  }

  close(el: El): void {
    const a = this.anchors.get(el);
    if (!a) return;
    this.anchors.delete(el);
    if (el.cloneOf) return;
    this.finish(a);
  }

  text(r: TextRun): void {
    if (this.anchors.size === 0 || r.inTemplate) return;
    const p = r.parent;
    if (!(p.anc & ANC.a) && !(p.ns === HTML && p.name === 'a')) return;
    if (p.anc & ANC_RAW) return;
    const a = this.anchorOf(p);
    if (!a || a.text.length > MAX_ANCHOR_CHARS) return;
    a.text += squash(domText(r));
  }

  /** The open <a> an element is in (itself, or up to 32 levels above it). */
  private anchorOf(el: El | null): OpenAnchor | null {
    for (let i = 0; el && i < MAX_ANCHOR_DEPTH; i++, el = el.parent) {
      if (el.ns === HTML && el.name === 'a') return this.anchors.get(el) ?? null;
    }
    return null;
  }

  private finish(a: OpenAnchor): void {
    const text = a.text.trim() || a.alt;
    a.occurrence.text = text.length > MAX_ANCHOR_CHARS ? `${text.slice(0, MAX_ANCHOR_CHARS)}…` : text;
  }

  end(): void {
    for (const [el, a] of this.anchors) if (!el.cloneOf) this.finish(a);
    this.anchors.clear();
  }

  /**
   * The page's links, once the body is read: `cut` is the body offset where Googlebot's part
   * ends (Infinity when the page fits), `pageUrl` the response's URL (the base of relative links).
   */
  result(cut: number, pageUrl: string): PageLinks {
    this.end();
    const H = this.headerBytes;
    const base = this.base && this.base.tagEnd <= cut ? this.base.href : null;
    let baseUrl = pageUrl;
    if (base !== null) {
      try {
        baseUrl = new URL(base, pageUrl).href;
      } catch {
        baseUrl = pageUrl;
      }
    }
    const byUrl = new Map<string, FoundLink>();
    const links: FoundLink[] = [];
    const rank = (l: FoundLink) => (l.pastCut ? 2 : l.nofollow ? 1 : 0);
    for (const t of this.targets.values()) {
      const follow = t.firstFollow && t.firstFollow.tagEnd <= cut ? t.firstFollow : null;
      const seenFirst = t.first.tagEnd <= cut ? t.first : null;
      const o = follow ?? seenFirst ?? t.firstFollow ?? t.first;
      const { url, problem } = linkTarget(t.href, baseUrl);
      const link: FoundLink = { url, href: t.href, text: o.text, offset: H + o.offset, nofollow: o.nofollow, pastCut: o.tagEnd > cut, problem };
      // Hrefs written two ways for one target (a relative and an absolute one): one link, the one that counts most.
      const key = url ?? `\u0000${t.href}`;
      const had = byUrl.get(key);
      if (!had) {
        byUrl.set(key, link);
        links.push(link);
      } else if (rank(link) < rank(had) || (rank(link) === rank(had) && link.offset < had.offset)) {
        Object.assign(had, link);
      }
    }
    return { links, seen: this.seen, dropped: this.dropped, base };
  }
}
