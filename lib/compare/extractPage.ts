import { ANC, ancBit, domText, HTML, HtmlReader, RegionFold, robotsMetaName, relTokens, type El, type HtmlSink, type Region, type TextRun } from '../html';
import { readJsonLd } from './readJsonLd';
import { splitWords } from './splitWords';

/** What Googlebot reads from one HTML response, before rendering. */
export interface PageExtract {
  title: string | null;
  metaDescription: string | null;
  /** Robots meta tags (`robots`, `googlebot`, `googlebot-news`: lib/html's one definition), name lower-cased, in document order. */
  robotsMeta: { name: string; content: string }[];
  /** Resolved `<link rel="canonical">` targets, in document order. */
  canonical: string[];
  hreflang: { lang: string; href: string }[];
  viewport: string | null;
  headings: { level: 1 | 2 | 3; text: string }[];
  /** Visible-text words (scripts, styles, templates and <head> left out). */
  words: string[];
  /** The same text cut at block elements (paragraphs, headings, list items…), whitespace squashed; empty blocks left out. */
  blocks: string[];
  /** Unique http(s) link targets (fragment removed), first-seen order. */
  links: { internal: string[]; external: string[] };
  /** One entry per JSON-LD block: its @types and its content as canonical JSON (or the raw text when it does not parse). */
  jsonLd: { types: string[]; text: string; valid: boolean }[];
  images: { count: number; missingAlt: string[] };
}

/** Elements whose content is not visible text (their descendants are not read for links either, but for <head>'s and <noscript>'s). */
const SKIP = ANC.head | ANC.script | ANC.style | ANC.noscript | ANC.template | ANC.svg | ANC.math | ANC.iframe | ANC.object | ANC.textarea | ANC.select;
const SKIP_ELEMENTS = SKIP & ~(ANC.head | ANC.noscript);
const SKIP_NAMES = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'textarea', 'select']);
/** Elements that do not break text into blocks. */
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
]);

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const attrOf = (el: El, name: string): string | null => el.tag?.attrs.find((a) => a.name === name)?.value ?? null;

function resolve(href: string, base: string): URL | null {
  try {
    const u = new URL(href.trim(), base);
    u.hash = '';
    return u;
  } catch {
    return null;
  }
}

/** A fact of the page, in tree order (resolved against the base at the end). */
type Fact = (
  | { k: 'title'; el: El }
  | { k: 'meta'; name: string; content: string }
  | { k: 'link'; rel: string[]; href: string; hreflang: string | null }
  | { k: 'heading'; level: 1 | 2 | 3; el: El }
  | { k: 'a'; href: string }
  | { k: 'img'; alt: string | null; src: string }
  | { k: 'jsonld'; el: El }
  | { k: 'base'; href: string }
) & { inBody?: boolean };

/** Text cut into blocks, in tree order: what came before the first block boundary, the blocks, what came after the last. */
interface Seq {
  boundary: boolean;
  head: string[];
  blocks: string[];
  tail: string[];
}

interface Acc {
  seq: Seq;
  facts: Fact[];
  /** Text of the elements whose text is a fact (title, headings, JSON-LD), as it went into this region. */
  text: Map<El, string[]>;
}

const flushInto = (blocks: string[], parts: string[]) => {
  if (parts.length === 0) return;
  const b = squash(parts.join(''));
  if (b) blocks.push(b);
};

const appendSeq = (a: Seq, b: Seq) => {
  if (!b.boundary) {
    (a.boundary ? a.tail : a.head).push(...b.head);
    return;
  }
  if (!a.boundary) {
    a.head.push(...b.head);
    a.boundary = true;
  } else {
    a.tail.push(...b.head);
    flushInto(a.blocks, a.tail);
  }
  a.blocks.push(...b.blocks);
  a.tail = [...b.tail];
};

/**
 * The facts the mobile-vs-desktop comparison and the render's snapshots read from a page, read
 * from lib/html's reader as the document streams by: title, description, robots meta, canonical,
 * hreflang, viewport, h1–h3, the visible text cut into blocks and words, links, JSON-LD, images.
 * The same facts a walk of the DOM tree gives (the tests hold it to parse5's), in tree order.
 */
export class PageExtractor implements HtmlSink {
  private readonly fold = new RegionFold<Acc>(
    () => ({ seq: { boundary: false, head: [], blocks: [], tail: [] }, facts: [], text: new Map() }),
    (into, next) => {
      appendSeq(into.seq, next.seq);
      into.facts.push(...next.facts);
      for (const [el, parts] of next.text) {
        const mine = into.text.get(el);
        if (mine) mine.push(...parts);
        else into.text.set(el, parts);
      }
    },
  );
  private root: Region | null = null;
  /** Open elements whose text is read (title, h1–h3, JSON-LD scripts). */
  private readonly reading = new Set<El>();
  /** A <frameset> is replacing the body: what was read in it is not in the document (until the frameset opens). */
  private dropping = false;

  private boundary(el: El): void {
    const seq = this.fold.at(el.inner ?? el.region).seq;
    if (!seq.boundary) seq.boundary = true;
    else flushInto(seq.blocks, seq.tail);
    seq.tail = [];
  }

  open(el: El): void {
    let r = el.region;
    while (r.parent) r = r.parent;
    this.root ??= r;
    if (this.dropping) {
      // The frameset opens: the body and all that was read in it are gone.
      this.dropping = false;
      const acc = this.fold.at(this.root);
      acc.seq = { boundary: false, head: [], blocks: [], tail: [] };
      acc.facts = acc.facts.filter((f) => !f.inBody);
    }
    if (el.inTemplate || el.anc & SKIP_ELEMENTS) return;
    // (An element the adoption agency made wraps a block already begun: no boundary of its own.)
    if (el.ns === HTML && !el.agency && !SKIP_NAMES.has(el.name) && !INLINE.has(el.name) && !(el.anc & SKIP)) this.boundary(el);
    if (el.ns !== HTML) return;
    const all = this.fold.at(el.region).facts;
    const inBody = (el.anc & ANC.body) !== 0;
    const facts = { push: (f: Fact) => all.push(inBody ? { ...f, inBody } : f) };
    switch (el.name) {
      case 'title':
        facts.push({ k: 'title', el });
        this.reading.add(el);
        break;
      case 'meta': {
        const name = (attrOf(el, 'name') ?? '').trim().toLowerCase();
        facts.push({ k: 'meta', name, content: attrOf(el, 'content') ?? '' });
        break;
      }
      case 'link': {
        const href = attrOf(el, 'href');
        if (href !== null) facts.push({ k: 'link', rel: relTokens(attrOf(el, 'rel')), href, hreflang: attrOf(el, 'hreflang') });
        break;
      }
      case 'h1':
      case 'h2':
      case 'h3':
        facts.push({ k: 'heading', level: Number(el.name[1]) as 1 | 2 | 3, el });
        this.reading.add(el);
        break;
      case 'a': {
        const href = attrOf(el, 'href');
        if (href !== null) facts.push({ k: 'a', href });
        break;
      }
      case 'img':
        facts.push({ k: 'img', alt: attrOf(el, 'alt'), src: attrOf(el, 'src') ?? '' });
        break;
      case 'script':
        if ((attrOf(el, 'type') ?? '').trim().toLowerCase() === 'application/ld+json') {
          facts.push({ k: 'jsonld', el });
          this.reading.add(el);
        }
        break;
      case 'base': {
        const href = attrOf(el, 'href');
        if (href !== null) facts.push({ k: 'base', href });
        break;
      }
    }
  }

  close(el: El, _end: unknown, _at: number, agency?: boolean): void {
    this.reading.delete(el);
    if (this.dropping) return;
    if (el.inTemplate || el.anc & SKIP_ELEMENTS) return;
    // (Taken off the stack by the adoption agency: its content ended before the block it moved.)
    if (el.ns === HTML && !agency && !SKIP_NAMES.has(el.name) && !INLINE.has(el.name) && !(el.anc & SKIP)) this.boundary(el);
  }

  text(r: TextRun): void {
    if (r.inTemplate) return;
    const parent = r.parent;
    const anc = parent.anc | ancBit(parent.name, parent.ns);
    let t: string | null = null;
    if (!(anc & SKIP)) {
      t = domText(r);
      const seq = this.fold.at(r.region).seq;
      (seq.boundary ? seq.tail : seq.head).push(t);
    }
    if (this.reading.size === 0) return;
    // The text of a title, heading or JSON-LD block: its descendants' text, scripts' and styles' left out.
    for (let e: El | null = parent; e; e = e.parent) {
      if (this.reading.has(e)) {
        const parts = this.fold.at(r.region).text;
        const mine = parts.get(e);
        t ??= domText(r);
        if (mine) mine.push(t);
        else parts.set(e, [t]);
      }
      if (e.name === 'script' || e.name === 'style' || e.name === 'template') break;
    }
  }

  regionClose(_table: El, fostered: Region, inner: Region, into: Region): void {
    if (!this.dropping) this.fold.close(fostered, inner, into);
  }

  bodyDropped(): void {
    this.dropping = true;
  }

  /** The page's facts, once the reader has ended; links resolve against `pageUrl` (or the page's <base>). */
  result(pageUrl: string): PageExtract {
    const acc = this.root ? this.fold.at(this.root) : null;
    const out: PageExtract = {
      title: null,
      metaDescription: null,
      robotsMeta: [],
      canonical: [],
      hreflang: [],
      viewport: null,
      headings: [],
      words: [],
      blocks: [],
      links: { internal: [], external: [] },
      jsonLd: [],
      images: { count: 0, missingAlt: [] },
    };
    if (!acc) return out;
    const seq = acc.seq;
    const blocks: string[] = [];
    flushInto(blocks, seq.head);
    blocks.push(...seq.blocks);
    if (seq.boundary) flushInto(blocks, seq.tail);
    out.blocks = blocks;
    out.words = splitWords(blocks.join(' '));
    const textOf = (el: El) => (acc.text.get(el) ?? []).join('');
    const baseFact = acc.facts.find((f): f is Extract<Fact, { k: 'base' }> => f.k === 'base');
    const base = baseFact ? (resolve(baseFact.href, pageUrl)?.href ?? pageUrl) : pageUrl;
    const pageHost = resolve(pageUrl, pageUrl)?.host ?? '';
    const seenLinks = new Set<string>();
    for (const f of acc.facts) {
      switch (f.k) {
        case 'title':
          if (out.title === null) out.title = squash(textOf(f.el));
          break;
        case 'meta': {
          const robots = robotsMetaName(f.name);
          if (f.name === 'description' && out.metaDescription === null) out.metaDescription = squash(f.content);
          else if (f.name === 'viewport' && out.viewport === null) out.viewport = squash(f.content);
          else if (robots) out.robotsMeta.push({ name: robots, content: squash(f.content) });
          break;
        }
        case 'link': {
          const u = resolve(f.href, base);
          if (!u) break;
          if (f.rel.includes('canonical')) out.canonical.push(u.href);
          if (f.rel.includes('alternate') && f.hreflang !== null) out.hreflang.push({ lang: f.hreflang.trim().toLowerCase(), href: u.href });
          break;
        }
        case 'heading':
          out.headings.push({ level: f.level, text: squash(textOf(f.el)) });
          break;
        case 'a': {
          const u = resolve(f.href, base);
          if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || seenLinks.has(u.href)) break;
          seenLinks.add(u.href);
          (u.host === pageHost ? out.links.internal : out.links.external).push(u.href);
          break;
        }
        case 'img':
          out.images.count++;
          if (f.alt === null || f.alt.trim() === '') out.images.missingAlt.push(f.src);
          break;
        case 'jsonld':
          out.jsonLd.push(readJsonLd(textOf(f.el)));
          break;
      }
    }
    return out;
  }
}

/** The facts of an HTML text (already decoded): read by lib/html's reader. Linear in the size of the HTML; deep nesting is safe. */
export function extractPage(html: string, pageUrl: string): PageExtract {
  const x = new PageExtractor();
  const r = new HtmlReader({ kept: [x] });
  r.writeText(html);
  r.end();
  return x.result(pageUrl);
}
