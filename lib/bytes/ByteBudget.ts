import { ANC, CHARREF, classifyHeadTag, domText, HTML, NUL, RegionFold, relTokens, SVG, type El, type HtmlSink, type Region, type TagToken, type TextRun } from '../html';
import type { BreakdownCategory, CharRange, CutContextKind, FoundItem, HtmlScan, ItemKind, ItemStatus } from './scanTypes';

const PER_KIND_CAP = 200;
const FIRST_LOST_LINKS = 20;
const TEXT_CAP = 200;
const JSON_IDS = /^(__NEXT_DATA__|__NUXT_DATA__|__NUXT__|__APOLLO_STATE__|__INITIAL_STATE__|__PRELOADED_STATE__)$/;
/** Raw-text elements whose content is not text a reader sees (the title's and textarea's is). */
const RAW_KIND = new Map<string, 'script' | 'style' | 'rawtext' | 'title' | 'textarea'>([
  ['script', 'script'],
  ['style', 'style'],
  ['xmp', 'rawtext'],
  ['iframe', 'rawtext'],
  ['noembed', 'rawtext'],
  ['noframes', 'rawtext'],
  ['noscript', 'rawtext'],
  ['title', 'title'],
  ['textarea', 'textarea'],
]);

const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > TEXT_CAP ? `${t.slice(0, TEXT_CAP)}…` : t;
};
/** 1 for the whitespace of HTML (space, tab, LF, FF, CR), by ASCII code. */
const WS_ASCII = new Uint8Array(0x80);
for (const c of [0x20, 0x0a, 0x09, 0x0d, 0x0c]) WS_ASCII[c] = 1;

/** What scanRun found in a text run (one object, reused: no allocation per run). */
const runScan = { chars: 0, ws: 0, collapsible: 0, endsInWs: false };

/**
 * The whitespace of a text run's DOM text: its characters, its whitespace characters, and those
 * that follow another (`prev`: 1 when the text before it in the same node ended in whitespace).
 * Read in place in the piece; only a run whose CRs become LFs, or a U+0000, is made into its DOM
 * text first. This loop is about a third of the analysis of a text-heavy page.
 */
function scanRun(run: TextRun, prev: number): typeof runScan {
  let s = run.s;
  let from = run.from;
  let to = run.to;
  if (run.kind === NUL || (run.kind !== CHARREF && run.hasCr)) {
    s = domText(run);
    from = 0;
    to = s.length;
  }
  // Without branches (whitespace comes every few characters of prose: a branch on it is mispredicted as often).
  let ws = 0;
  let collapsible = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    const w = c < 0x80 ? WS_ASCII[c]! : 0;
    ws += w;
    collapsible += w & prev;
    prev = w;
  }
  runScan.chars = to - from;
  runScan.ws = ws;
  runScan.collapsible = collapsible;
  runScan.endsInWs = prev === 1;
  return runScan;
}
const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c;
const attrOf = (t: TagToken | null, name: string): string | null => {
  if (!t) return null;
  for (const a of t.attrs) if (a.name === name) return a.value;
  return null;
};

interface OpenRaw {
  el: El;
  kind: 'script' | 'json' | 'jsonld' | 'style' | 'rawtext' | 'title' | 'textarea';
  start: number;
  contentStart: number;
  ordinal: number;
  id: string | null;
  line: number;
  /** The start of its content, for the JSON-LD @type and the title. */
  head: string;
  /** In a <template>'s content: only its place counts. */
  tmpl: boolean;
}

/** What the byte budget reads: everything (the popup's "Find the cut"), or the elements and their place only (the site check). */
export type ByteBudgetDetail = 'full' | 'items';

/**
 * What Googlebot loses past the cut and where the bytes of the HTML go, read from lib/html's
 * reader as the document streams by: the elements that matter (title, robots and description
 * meta, canonical, hreflang, JSON-LD, microdata and RDFa roots, headings, links) with their byte
 * offsets, kept, cut in two or lost; the visible text before and after the cut; the bytes of
 * inline scripts, JSON, styles, data: URIs, inline SVG, comments and collapsible whitespace; the
 * first element past the cut and what the cut falls into. Offsets are body bytes. Elements in a
 * <template>'s content are not in the document and are not listed (their bytes still count).
 *
 * `cut()` says where the cut is as soon as the reader knows it (the reader finds it before it
 * hands on anything past it); before that, it is past everything seen.
 */
export class ByteBudget implements HtmlSink {
  readonly scan: HtmlScan;
  private readonly ordinals = new Map<string, number>();
  private readonly counts = new Map<ItemKind, number>();
  private raw: OpenRaw | null = null;
  /** Headings being read (their text, in tree order, is the item's detail). */
  private readonly headings = new Map<El, FoundItem>();
  private readonly headingText = new RegionFold<Map<El, string>>(
    () => new Map(),
    (into, next) => {
      for (const [el, t] of next) into.set(el, ((into.get(el) ?? '') + t).slice(0, TEXT_CAP * 4));
    },
  );
  /** Outermost <svg> open, and where it started. */
  private svg: El | null = null;
  private svgStart = 0;
  private readonly full: boolean;

  constructor(
    private readonly cut: () => number,
    detail: ByteBudgetDetail = 'full',
    /**
     * A reader of the whole document that needs only start tags, opens and closes (the site check's
     * StructuredTokens): handed them here, by direct calls, rather than as one more reader of the
     * tree builder's — one more reader there cost the site check's analysis ~3 % per page.
     */
    private readonly rider: Pick<HtmlSink, 'startTag' | 'open' | 'close'> | null = null,
  ) {
    this.full = detail === 'full';
    this.scan = {
      textLength: 0,
      cut: Infinity,
      items: [],
      links: { total: 0, lost: 0, firstLost: [] },
      headings: { total: 0, lost: 0 },
      visibleText: { total: 0, lost: 0 },
      ranges: { inlineScript: [], jsonData: [], inlineStyle: [], dataUri: [], inlineSvg: [], comments: [] },
      collapsibleWhitespace: 0,
      firstPastCut: null,
      cutContext: { kind: 'none', start: 0, tag: null },
    };
  }

  private status(startTagEnd: number, end: number): ItemStatus {
    const cut = this.cut();
    if (startTagEnd > cut) return 'lost';
    return end > cut ? 'cut' : 'kept';
  }

  private push(item: FoundItem): FoundItem | null {
    const n = this.counts.get(item.kind) ?? 0;
    this.counts.set(item.kind, n + 1);
    if (n >= PER_KIND_CAP) return null;
    this.scan.items.push(item);
    return item;
  }

  private add(kind: ItemKind, el: El, t: TagToken, ordinal: number, detail: string): FoundItem | null {
    return this.push({ kind, status: this.status(t.end, t.end), start: t.start, end: t.end, line: t.line, tag: el.name, ordinal, id: attrOf(t, 'id'), detail });
  }

  /**
   * Names what the cut falls into, from the markup around it: the content of a raw-text element
   * or of an <svg>, a tag or comment that straddles it, the text between two pieces of markup, or
   * the gap right before the next thing. Decided at the first markup token that ends past the
   * cut (or at the end of the document).
   */
  private markup(start: number, end: number, kind: 'tag' | 'comment', tag: string | null): void {
    if (this.full && this.scan.cutContext.kind === 'none' && !this.ctxDone) {
      const cut = this.cut();
      if (end > cut) this.decide(cut, { start, kind, tag });
    }
    this.lastMarkupEnd = end;
  }
  private decide(cut: number, next: { start: number; kind: 'tag' | 'comment'; tag: string | null } | null, docEnd?: number): void {
    this.ctxDone = true;
    const r = this.raw;
    if (r && r.kind !== 'title' && r.kind !== 'textarea' && r.contentStart <= cut) {
      this.scan.cutContext = { kind: r.kind === 'json' || r.kind === 'jsonld' ? 'script' : r.kind, start: r.start, tag: r.el.name };
    } else if ((this.svg && this.svgTagEnd <= cut) || (this.lastSvg && this.lastSvg.tagEnd <= cut && cut < this.lastSvg.end)) {
      // Inside an <svg> (one the token that ends past the cut may just have closed).
      this.scan.cutContext = { kind: 'svg', start: this.svg ? this.svgStart : this.lastSvg!.start, tag: 'svg' };
    }
    else if (next && next.start < cut) this.scan.cutContext = { kind: next.kind, start: next.start, tag: next.tag };
    else {
      const textEnd = next ? next.start : docEnd!;
      // Nothing but a byte-order mark past the cut: nothing is cut.
      if (!next && textEnd <= this.bodyStart) return;
      if (this.lastMarkupEnd < cut && cut < textEnd) this.scan.cutContext = { kind: 'text', start: this.lastMarkupEnd, tag: null };
      else if (cut < textEnd) this.scan.cutContext = { kind: 'between', start: cut, tag: null };
      else if (next) this.scan.cutContext = { kind: 'between', start: next.start, tag: next.tag };
    }
  }
  private ctxDone = false;
  /** Where the last tag, comment or DOCTYPE ended (text runs from there to the next one). */
  private lastMarkupEnd = 0;
  private svgTagEnd = 0;
  private lastSvg: { start: number; tagEnd: number; end: number } | null = null;

  // ---- Tokens and elements ----

  begin(at: number): void {
    this.lastMarkupEnd = at;
    this.bodyStart = at;
  }
  /** Where the document's text starts (after a byte-order mark). */
  private bodyStart = 0;

  startTag(t: TagToken, el: El | null): void {
    this.rider?.startTag?.(t, el);
    // Every start tag, whether it made an element or not (a second <body>, a misplaced <td>…).
    this.markup(t.start, t.end, 'tag', t.name);
  }

  endTag(t: TagToken): void {
    this.markup(t.start, t.end, 'tag', t.name);
  }

  doctype(d: { start: number; end: number }): void {
    this.markup(d.start, d.end, 'tag', null);
  }

  comment(start: number, end: number, parent: El | null): void {
    this.markup(start, end, 'comment', null);
    // A comment splits the text of the element it goes into (after </html> it goes to the document).
    if (parent === this.textParent) this.textParent = null;
    if (!this.full) return;
    // In SVG (counted with it), or in a <template>'s content (not in the document): not a comment's bytes.
    if (parent && (parent.ns === SVG || parent.anc & ANC.svg || parent.inTemplate || (parent.ns === HTML && parent.name === 'template'))) return;
    this.scan.ranges.comments.push({ start, end, label: '<!-- -->' });
  }

  open(el: El): void {
    this.rider?.open?.(el);
    const t = el.tag;
    this.textParent = null;
    if (el.ns === HTML && el.name === 'body' && !el.inTemplate) this.atBody = this.snapshot();
    // A formatting element the parser reopened or the adoption agency cloned has no tag of its own.
    if (!t || el.cloneOf) return;
    const name = el.name;
    if (el.inTemplate) {
      // Not in the document; only where raw text starts and ends (the cut may fall into it).
      const rk = el.ns === HTML ? RAW_KIND.get(name) : undefined;
      if (rk) this.raw = { el, kind: rk, start: t.start, contentStart: t.end, ordinal: 0, id: null, line: t.line, head: '', tmpl: true };
      return;
    }
    const ordinal = this.ordinals.get(name) ?? 0;
    this.ordinals.set(name, ordinal + 1);
    const cut = this.cut();
    if (!this.scan.firstPastCut && t.end > cut) {
      this.scan.firstPastCut = { tag: name, ordinal, id: attrOf(t, 'id'), className: attrOf(t, 'class'), start: t.start, line: t.line };
    }
    const inSvg = (el.anc & ANC.svg) !== 0;
    // One pass over the attributes: inline styles, data: URIs, microdata and RDFa roots.
    let itemscope = false;
    let itemprop = false;
    let rdfaRoot: string | null = null;
    let property = false;
    for (const a of t.attrs) {
      switch (a.name) {
        case 'style':
          if (this.full && !inSvg) this.scan.ranges.inlineStyle.push({ start: a.start, end: a.end, label: `${name}[style]` });
          continue;
        case 'itemscope':
          itemscope = true;
          break;
        case 'itemprop':
          itemprop = true;
          break;
        case 'typeof':
          rdfaRoot = a.value;
          break;
        case 'vocab':
          rdfaRoot ??= a.value;
          break;
        case 'property':
          property = true;
          break;
      }
      if (this.full && !inSvg) {
        const v0 = a.value.charCodeAt(0);
        if ((v0 === 0x64 || v0 === 0x44 || isWs(v0)) && /^\s*data:/i.test(a.value.slice(0, 16))) {
          this.scan.ranges.dataUri.push({ start: a.start, end: a.end, label: `${name}[${a.name}]` });
        }
      }
    }
    if (itemscope && !itemprop) this.add('microdata', el, t, ordinal, attrOf(t, 'itemtype') ?? '');
    if (rdfaRoot !== null && !property) this.add('rdfa', el, t, ordinal, attrOf(t, 'typeof') ?? attrOf(t, 'vocab') ?? '');
    if (el.ns === SVG && name === 'svg' && !inSvg && !this.svg) {
      this.svg = el;
      this.svgStart = t.start;
      this.svgTagEnd = t.end;
    }
    if (name === 'a' && el.ns !== 2) {
      const href = attrOf(t, 'href') ?? attrOf(t, 'xlink:href');
      if (href !== null) {
        this.scan.links.total++;
        if (t.end > cut) {
          this.scan.links.lost++;
          if (this.scan.links.firstLost.length < FIRST_LOST_LINKS) {
            this.scan.links.firstLost.push({ kind: 'link', status: 'lost', start: t.start, end: t.end, line: t.line, tag: name, ordinal, id: attrOf(t, 'id'), detail: href });
          }
        }
      }
    }
    if (el.ns !== HTML) return;
    if (name === 'meta') {
      for (const k of classifyHeadTag(name, (n) => attrOf(t, n))) {
        if (k.kind === 'robots') this.add('metaRobots', el, t, ordinal, `${k.name}: ${k.content}`);
        else if (k.kind === 'description') this.add('metaDescription', el, t, ordinal, clip(k.content));
      }
      return;
    }
    if (name === 'link') {
      const rel = relTokens(attrOf(t, 'rel'));
      const href = attrOf(t, 'href') ?? '';
      const hreflang = attrOf(t, 'hreflang');
      if (rel.includes('canonical')) this.add('canonical', el, t, ordinal, href);
      else if (rel.includes('alternate') && hreflang !== null) this.add('hreflang', el, t, ordinal, `${hreflang} → ${href}`);
      return;
    }
    if (name.length === 2 && name[0] === 'h' && name[1]! >= '1' && name[1]! <= '6') {
      this.scan.headings.total++;
      if (t.end > cut) this.scan.headings.lost++;
      const item = this.add('heading', el, t, ordinal, '');
      if (item) this.headings.set(el, item);
      return;
    }
    const rk = RAW_KIND.get(name);
    if (rk) {
      const id = attrOf(t, 'id');
      let kind: OpenRaw['kind'] = rk;
      if (rk === 'script') {
        const type = (attrOf(t, 'type') ?? '').toLowerCase().trim();
        kind = type === 'application/ld+json' ? 'jsonld' : type.includes('json') || JSON_IDS.test(id ?? '') ? 'json' : 'script';
      }
      this.raw = { el, kind, start: t.start, contentStart: t.end, ordinal, id, line: t.line, head: '', tmpl: false };
    }
  }

  close(el: El, end: TagToken | null, at: number, agency?: boolean): void {
    this.rider?.close?.(el, end, at, agency);
    this.textParent = null;
    if (this.raw && this.raw.el === el) {
      const contentEnd = end ? end.start : at;
      this.closeRaw(contentEnd, end ? end.end : at);
      return;
    }
    if (el === this.svg) {
      const svgEnd = end ? end.end : at;
      if (this.full && !this.ctxDone) {
        const cut = this.cut();
        if (this.svgTagEnd <= cut && cut < svgEnd && !end) this.decide(cut, null, svgEnd);
      }
      this.svg = null;
      this.lastSvg = { start: this.svgStart, tagEnd: this.svgTagEnd, end: svgEnd };
      if (this.full) this.scan.ranges.inlineSvg.push({ start: this.svgStart, end: end ? end.end : at, label: 'svg' });
      return;
    }
    const h = this.headings.size ? this.headings.get(el) : undefined;
    if (h) {
      this.headings.delete(el);
      const texts = this.headingText.at(el.region);
      h.detail = clip(texts.get(el) ?? '');
      texts.delete(el);
      const endAt = end ? end.end : at;
      h.end = endAt;
      if (h.status !== 'lost' && endAt > this.cut()) h.status = 'cut';
    }
  }

  private closeRaw(contentEnd: number, end: number): void {
    const r = this.raw!;
    if (this.full && !this.ctxDone && r.kind !== 'title' && r.kind !== 'textarea') {
      // Raw text that runs to the end of the document, with the cut inside it.
      const cut = this.cut();
      if (r.contentStart <= cut && cut < end) this.decide(cut, null, end);
    }
    this.raw = null;
    if (r.tmpl) return;
    const range: CharRange = { start: r.contentStart, end: contentEnd, label: r.id ? `${r.el.name}#${r.id}` : r.el.name };
    const cut = this.cut();
    // A container is whole in Googlebot's copy when its end tag is, or when the cut falls exactly after its content.
    const status: ItemStatus = r.contentStart > cut ? 'lost' : end <= cut || contentEnd === cut ? 'kept' : 'cut';
    const item = (kind: ItemKind, detail: string) => this.push({ kind, status, start: r.start, end, line: r.line, tag: r.el.name, ordinal: r.ordinal, id: r.id, detail });
    if (r.kind === 'script') {
      if (this.full) this.scan.ranges.inlineScript.push(range);
    } else if (r.kind === 'json') {
      if (this.full) this.scan.ranges.jsonData.push(range);
    } else if (r.kind === 'style') {
      if (this.full) this.scan.ranges.inlineStyle.push(range);
    } else if (r.kind === 'jsonld') {
      if (this.full) this.scan.ranges.jsonData.push(range);
      const m = /"@type"\s*:\s*"([^"]{1,80})"/.exec(r.head);
      item('jsonLd', m ? m[1]! : '');
    } else if (r.kind === 'title') item('title', clip(r.head));
  }

  // ---- Text ----

  text(run: TextRun): void {
    const r = this.raw;
    if (run.raw && r && run.parent === r.el && (r.kind === 'title' || r.kind === 'jsonld') && r.head.length < 4096) r.head += domText(run);
    const parent = run.parent;
    if (this.headings.size && !run.inTemplate) {
      for (let e: El | null = parent; e; e = e.parent) {
        if (!this.headings.has(e)) continue;
        const texts = this.headingText.at(run.region);
        const mine = texts.get(e) ?? '';
        if (mine.length < TEXT_CAP * 4) texts.set(e, mine + domText(run));
      }
    }
    if (!this.full || run.raw || run.inTemplate) {
      this.textParent = null;
      return;
    }
    const anc = parent.anc | (parent.ns === SVG ? ANC.svg : parent.ns === 2 ? ANC.math : 0);
    this.count(run, !(anc & (ANC.svg | ANC.math)) && parent.ns === HTML, !(anc & ANC.svg));
  }

  private textParent: El | null = null;
  private wsTail = false;

  /**
   * Visible characters (the DOM text's, other than whitespace) and collapsible whitespace (each
   * whitespace character that follows another in the same text node), as the DOM holds the text.
   */
  private count(run: TextRun, visible: boolean, collapse: boolean): void {
    // Text right after text in the same element is one text node: its whitespace run goes on.
    const r = scanRun(run, this.textParent === run.parent && this.wsTail ? 1 : 0);
    this.textParent = run.parent;
    this.wsTail = r.endsInWs;
    if (visible) this.visible.total += r.chars - r.ws;
    if (collapse) this.scan.collapsibleWhitespace += r.collapsible;
  }
  private readonly visible = { total: 0 };

  /** Where the lists stood when the body opened. */
  private atBody: ReturnType<ByteBudget['snapshot']> | null = null;
  private snapshot() {
    const sc = this.scan;
    return {
      items: sc.items.length,
      visible: this.visible.total,
      collapsible: sc.collapsibleWhitespace,
      counts: new Map(this.counts),
      ordinals: new Map(this.ordinals),
      links: { ...sc.links, firstLost: sc.links.firstLost.length },
      headings: { ...sc.headings },
      ranges: Object.fromEntries(Object.entries(sc.ranges).map(([k, v]) => [k, v.length])) as Record<BreakdownCategory, number>,
      firstPastCut: sc.firstPastCut,
    };
  }

  /** A <frameset> threw the body out: what was read in it is not in the document. */
  bodyDropped(): void {
    const s = this.atBody;
    if (!s) return;
    const sc = this.scan;
    sc.items.length = s.items;
    this.counts.clear();
    for (const [k, v] of s.counts) this.counts.set(k, v);
    this.ordinals.clear();
    for (const [k, v] of s.ordinals) this.ordinals.set(k, v);
    sc.links.total = s.links.total;
    sc.links.lost = s.links.lost;
    sc.links.firstLost.length = s.links.firstLost;
    sc.headings.total = s.headings.total;
    sc.headings.lost = s.headings.lost;
    for (const k of Object.keys(sc.ranges) as BreakdownCategory[]) sc.ranges[k].length = s.ranges[k];
    this.visible.total = s.visible;
    sc.collapsibleWhitespace = s.collapsible;
    sc.firstPastCut = s.firstPastCut;
    this.headings.clear();
    this.raw = null;
    this.svg = null;
    this.dropping = true;
  }
  /** The body's elements are closing after a frameset threw it out: nothing of them is recorded. */
  private dropping = false;

  regionClose(_table: El, fostered: Region, inner: Region, into: Region): void {
    this.headingText.close(fostered, inner, into);
  }

  end(at: number): void {
    if (this.full && !this.ctxDone && this.scan.cutContext.kind === 'none') {
      const cut = this.cut();
      if (cut < at) this.decide(cut, null, at);
    }
    if (this.raw) this.closeRaw(at, at);
    if (this.svg && this.full) this.scan.ranges.inlineSvg.push({ start: this.svgStart, end: at, label: 'svg' });
    this.svg = null;
    this.headings.clear();
    const cut = this.cut();
    this.scan.cut = Number.isFinite(cut) ? cut : at;
    if (this.scan.cutContext.kind === 'none') this.scan.cutContext.start = this.scan.cut;
    this.scan.visibleText.total = this.visible.total;
    this.scan.visibleText.lost = Math.max(0, this.visible.total - (this.keptVisible ?? this.visible.total));
  }

  /**
   * A reader of the part Googlebot keeps (the reader's `kept` group) that counts its visible text:
   * what is lost is the page's visible text less the kept part's.
   */
  keptText(): HtmlSink {
    const kept = { total: 0 };
    const self = this;
    return {
      text(run) {
        if (!self.full || run.raw || run.inTemplate) return;
        const p = run.parent;
        const anc = p.anc | (p.ns === SVG ? ANC.svg : p.ns === 2 ? ANC.math : 0);
        if (p.ns !== HTML || anc & (ANC.svg | ANC.math)) return;
        const r = scanRun(run, 0);
        kept.total += r.chars - r.ws;
      },
      end: () => {
        self.keptVisible = kept.total;
      },
    };
  }
  /** Visible characters of the kept part (null until it ended: nothing was cut). */
  keptVisible: number | null = null;
}

export type { BreakdownCategory };
