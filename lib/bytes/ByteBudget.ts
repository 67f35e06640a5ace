import { ANC, classifyHeadTag, domText, HTML, relTokens, SVG, type El, type HtmlSink, type TagToken, type TextRun } from '../html';
import type { BreakdownCategory, CharRange, CutContextKind, FoundItem, HtmlScan, ItemKind, ItemStatus } from './scanTypes';

const PER_KIND_CAP = 200;
const FIRST_LOST_LINKS = 20;
const TEXT_CAP = 200;
const JSON_IDS = /^(__NEXT_DATA__|__NUXT_DATA__|__NUXT__|__APOLLO_STATE__|__INITIAL_STATE__|__PRELOADED_STATE__)$/;
/** Raw-text elements whose content is not text a reader sees (the title's and textarea's is). */
const RAW_KIND: Record<string, 'script' | 'style' | 'rawtext' | 'title' | 'textarea'> = {
  script: 'script',
  style: 'style',
  xmp: 'rawtext',
  iframe: 'rawtext',
  noembed: 'rawtext',
  noframes: 'rawtext',
  noscript: 'rawtext',
  title: 'title',
  textarea: 'textarea',
};

const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > TEXT_CAP ? `${t.slice(0, TEXT_CAP)}…` : t;
};
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
  /** Headings being read (their text is the item's detail). */
  private readonly headings = new Map<El, { item: FoundItem; text: string }>();
  /** Outermost <svg> open, and where it started. */
  private svg: El | null = null;
  private svgStart = 0;
  /** Where the last whitespace of counted text ended (a whitespace run continues across runs). */
  private wsEnd = -1;
  /** The last word or whitespace run of text before the cut, for naming what the cut falls into. */
  private lastRun: { start: number; end: number; ws: boolean } | null = null;
  private readonly full: boolean;

  constructor(
    private readonly cut: () => number,
    detail: ByteBudgetDetail = 'full',
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

  /** Names what the cut falls into, the first time something reaches past it. */
  private seen(start: number, end: number, kind: CutContextKind, tag: string | null): void {
    if (!this.full || this.scan.cutContext.kind !== 'none') return;
    const cut = this.cut();
    if (end <= cut) return;
    const r = this.raw;
    if (r && r.kind !== 'title' && r.kind !== 'textarea' && r.contentStart <= cut) {
      this.scan.cutContext = { kind: r.kind === 'json' || r.kind === 'jsonld' ? 'script' : r.kind, start: r.start, tag: r.el.name };
    } else if (this.svg && this.svgStart < cut && this.svgTagEnd <= cut) this.scan.cutContext = { kind: 'svg', start: this.svgStart, tag: 'svg' };
    else if (start >= cut) {
      // The cut falls between two things — unless it splits a word or a run of whitespace.
      const l = this.lastRun;
      if (kind === 'text' && l && l.end === cut && l.end === start && l.ws === this.runWs) this.scan.cutContext = { kind: 'text', start: l.start, tag: null };
      else this.scan.cutContext = { kind: 'between', start, tag };
    } else this.scan.cutContext = { kind, start, tag };
  }
  private svgTagEnd = 0;
  private runWs = false;

  // ---- Tokens and elements ----

  startTag(t: TagToken, el: El | null): void {
    if (el) return;
    // A start tag that made no element (a second <body>, a misplaced <td>…): only its place.
    this.seen(t.start, t.end, 'tag', t.name);
  }

  endTag(t: TagToken): void {
    this.seen(t.start, t.end, 'tag', t.name);
  }

  doctype(d: { start: number; end: number }): void {
    this.seen(d.start, d.end, 'tag', null);
  }

  comment(start: number, end: number, parent: El | null): void {
    this.seen(start, end, 'comment', null);
    if (!this.full) return;
    if (parent && (parent.ns === SVG || parent.anc & ANC.svg)) return;
    this.scan.ranges.comments.push({ start, end, label: '<!-- -->' });
  }

  open(el: El): void {
    const t = el.tag;
    if (!t) return;
    const name = el.name;
    this.seen(t.start, t.end, 'tag', name);
    if (el.inTemplate) return;
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
      if (item) this.headings.set(el, { item, text: '' });
      return;
    }
    const rk = RAW_KIND[name];
    if (rk) {
      const base = { el, start: t.start, contentStart: t.end, ordinal, id: attrOf(t, 'id'), line: t.line, head: '' };
      if (rk === 'script') {
        const type = (attrOf(t, 'type') ?? '').toLowerCase().trim();
        this.raw = { ...base, kind: type === 'application/ld+json' ? 'jsonld' : type.includes('json') || JSON_IDS.test(base.id ?? '') ? 'json' : 'script' };
      } else this.raw = { ...base, kind: rk };
    }
  }

  close(el: El, end: TagToken | null, at: number): void {
    if (this.raw && this.raw.el === el) {
      const contentEnd = end ? end.start : at;
      this.closeRaw(contentEnd, end ? end.end : at);
      return;
    }
    if (el === this.svg) {
      this.svg = null;
      if (this.full) this.scan.ranges.inlineSvg.push({ start: this.svgStart, end: end ? end.end : at, label: 'svg' });
      return;
    }
    const h = this.headings.get(el);
    if (h) {
      this.headings.delete(el);
      h.item.detail = clip(h.text);
      const endAt = end ? end.end : at;
      h.item.end = endAt;
      if (h.item.status !== 'lost' && endAt > this.cut()) h.item.status = 'cut';
    }
  }

  private closeRaw(contentEnd: number, end: number): void {
    const r = this.raw!;
    this.raw = null;
    const range: CharRange = { start: r.contentStart, end: contentEnd, label: r.id ? `${r.el.name}#${r.id}` : r.el.name };
    const cut = this.cut();
    // A container is whole in Googlebot's copy when its end tag is, or when the cut falls exactly after its content.
    const status: ItemStatus = r.contentStart > cut ? 'lost' : end <= cut || contentEnd === cut ? 'kept' : 'cut';
    const item = (kind: ItemKind, detail: string) => this.push({ kind, status, start: r.start, end, line: r.line, tag: r.el.name, ordinal: r.ordinal, id: r.id, detail });
    if (r.el.inTemplate) {
      // Not in the document, but its bytes are where they are.
      if (this.full && (r.kind === 'script' || r.kind === 'json' || r.kind === 'jsonld')) (r.kind === 'script' ? this.scan.ranges.inlineScript : this.scan.ranges.jsonData).push(range);
      else if (this.full && r.kind === 'style') this.scan.ranges.inlineStyle.push(range);
      return;
    }
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
    if (run.raw && r && run.parent === r.el) {
      // Raw text: what the cut falls into, the start of a title or a JSON-LD block.
      this.seen(run.start, run.end, 'text', null);
      if ((r.kind === 'title' || r.kind === 'jsonld') && r.head.length < 4096) r.head += domText(run);
      if (!this.full || r.kind !== 'title' && r.kind !== 'textarea') return;
    }
    const parent = run.parent;
    const inSvg = parent.ns === SVG || (parent.anc & ANC.svg) !== 0;
    const inForeign = parent.ns !== HTML || (parent.anc & (ANC.svg | ANC.math)) !== 0;
    if (this.headings.size && !run.inTemplate) {
      for (let e: El | null = parent; e; e = e.parent) {
        const h = this.headings.get(e);
        if (h && h.text.length < TEXT_CAP * 4) h.text += domText(run);
      }
    }
    if (!this.full) return;
    if (run.raw) {
      // A title's or textarea's text: only its place.
      this.seen(run.start, run.end, 'text', null);
      return;
    }
    this.countText(run, !inForeign && !run.inTemplate, !inSvg);
  }

  /** Visible characters (source characters other than whitespace) and collapsible whitespace, before and after the cut. */
  private countText(run: TextRun, visible: boolean, collapse: boolean): void {
    const cut = this.cut();
    if (run.kind !== 0) {
      // A character reference or U+0000: source characters, none of them whitespace.
      this.runWs = false;
      this.seen(run.start, run.end, 'text', null);
      this.track(run.start, run.end, false);
      if (visible) {
        this.scan.visibleText.total += run.srcChars;
        if (run.start >= cut) this.scan.visibleText.lost += run.srcChars;
      }
      return;
    }
    const s = run.s;
    const lost = run.start >= cut;
    let i = run.rawFrom;
    const to = run.to;
    let vis = 0;
    let collapsible = 0;
    // Whitespace carried over from the run just before (same source, no gap).
    let prevWs = this.wsEnd === run.start;
    const ctx = this.scan.cutContext.kind === 'none' && run.end > cut;
    if (ctx) {
      // The run the cut falls into (once per document): word by word, to name the cut's context.
      while (i < to) {
        const ws = isWs(s.charCodeAt(i));
        let j = i + 1;
        while (j < to && isWs(s.charCodeAt(j)) === ws) j++;
        const a = this.posIn(run, i);
        const b = this.posIn(run, j);
        this.runWs = ws;
        this.seen(a, b, 'text', null);
        if (ws) {
          collapsible += j - i - (prevWs ? 0 : 1);
          prevWs = true;
        } else {
          vis += j - i;
          prevWs = false;
        }
        this.track(a, b, ws);
        i = j;
      }
    } else {
      for (; i < to; i++) {
        const c = s.charCodeAt(i);
        if (c > 0x20 || !isWs(c)) {
          vis++;
          prevWs = false;
        } else {
          if (prevWs) collapsible++;
          prevWs = true;
        }
      }
      const last = to > run.rawFrom ? isWs(s.charCodeAt(to - 1)) : false;
      if (run.end <= cut) {
        // Remember the last word or whitespace run before the cut.
        let k = to;
        while (k > run.rawFrom && isWs(s.charCodeAt(k - 1)) === last) k--;
        this.lastRun = { start: k === run.rawFrom ? (this.lastRun && this.lastRun.end === run.start && this.lastRun.ws === last ? this.lastRun.start : run.start) : this.posIn(run, k), end: run.end, ws: last };
      }
    }
    this.wsEnd = prevWs ? run.end : -1;
    if (visible) {
      this.scan.visibleText.total += vis;
      if (lost) this.scan.visibleText.lost += vis;
    }
    if (collapse) this.scan.collapsibleWhitespace += collapsible;
  }

  private track(start: number, end: number, ws: boolean): void {
    if (end <= this.cut()) this.lastRun = { start: this.lastRun && this.lastRun.end === start && this.lastRun.ws === ws ? this.lastRun.start : start, end, ws };
  }

  /** Source offset of index `i` of a run. */
  private posIn(run: TextRun, i: number): number {
    if (i === run.rawFrom) return run.start;
    if (i === run.to) return run.end;
    return run.offset(i);
  }

  end(at: number): void {
    if (this.raw) this.closeRaw(at, at);
    if (this.svg && this.full) this.scan.ranges.inlineSvg.push({ start: this.svgStart, end: at, label: 'svg' });
    this.svg = null;
    for (const [, h] of this.headings) h.item.detail = clip(h.text);
    this.headings.clear();
    const cut = this.cut();
    this.scan.cut = Number.isFinite(cut) ? cut : at;
    if (this.scan.cutContext.kind === 'none') this.scan.cutContext.start = this.scan.cut;
  }
}

export type { BreakdownCategory };
