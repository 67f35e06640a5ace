import type { BreakdownCategory, CutContextKind, FoundItem, HtmlScan, ItemKind, ItemStatus, RawMode, TagSpan } from './scanTypes';

const PER_KIND_CAP = 200;
const FIRST_LOST_LINKS = 20;
const TEXT_CAP = 200;

const RAWTEXT = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const RCDATA = new Set(['title', 'textarea']);
const RAW_OR_RCDATA = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'title', 'textarea']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const JSON_IDS = /^(__NEXT_DATA__|__NUXT_DATA__|__NUXT__|__APOLLO_STATE__|__INITIAL_STATE__|__PRELOADED_STATE__)$/;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references in titles, headings and attribute values: the common named ones and numeric ones. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

function clip(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > TEXT_CAP ? `${t.slice(0, TEXT_CAP)}…` : t;
}

// Most characters are above 0x20: one comparison decides them.
const isWs = (c: number) => c <= 0x20 && (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c);

const attr = (t: TagSpan, name: string): string | null => {
  for (const a of t.attrs) if (a.name === name) return a.value;
  return null;
};

interface Raw {
  tag: string;
  kind: 'script' | 'json' | 'jsonld' | 'style' | 'rawtext' | 'title' | 'textarea';
  start: number;
  contentStart: number;
  ordinal: number;
  id: string | null;
}

/**
 * What a search engine reads and where the bytes go, collected from a stream of tokens (tags,
 * text, comments) given as offsets into the document text. Any tokenizer can drive it: the fast
 * one in HtmlScanner, or parse5's (the reference the tests hold it to).
 */
export class ScanCollector {
  readonly scan: HtmlScan;
  private readonly ordinals = new Map<string, number>();
  private readonly counts = new Map<ItemKind, number>();
  private foreignDepth = 0;
  private svgDepth = 0;
  private svgStart = 0;
  private raw: Raw | null = null;
  private heading: { item: FoundItem; start: number } | null = null;
  private lineCursor = 0;
  private lineNo = 1;
  /** Offset of the next CR at or after lineCursor (-1: none; -2: not looked for yet). */
  private nextCr = -2;

  constructor(
    private readonly text: string,
    private readonly cut: number,
  ) {
    this.scan = {
      textLength: text.length,
      cut,
      items: [],
      links: { total: 0, lost: 0, firstLost: [] },
      headings: { total: 0, lost: 0 },
      visibleText: { total: 0, lost: 0 },
      ranges: { inlineScript: [], jsonData: [], inlineStyle: [], dataUri: [], inlineSvg: [], comments: [] },
      collapsibleWhitespace: 0,
      firstPastCut: null,
      cutContext: { kind: 'none', start: cut, tag: null },
    };
  }

  /** True while a script, style, title or other raw-text element is open. */
  get inRaw(): boolean {
    return this.raw !== null;
  }

  /** True while inside <svg> or <math> (the tokenizer's CDATA rule depends on it). */
  get inForeign(): boolean {
    return this.foreignDepth > 0;
  }

  /** 1-based line of an offset; offsets must be asked in increasing order (they are). */
  private lineAt(offset: number): number {
    const t = this.text;
    if (offset < this.lineCursor) {
      this.lineCursor = 0;
      this.lineNo = 1;
      this.nextCr = -2;
    }
    let i = this.lineCursor;
    // Where the next CR is (-1: none left): up to it, lines are counted by jumping from LF to LF.
    if (this.nextCr !== -1 && this.nextCr < i) this.nextCr = t.indexOf('\r', i);
    const lfOnlyTo = this.nextCr === -1 ? offset : Math.min(offset, this.nextCr);
    for (let lf = t.indexOf('\n', i); lf >= 0 && lf < lfOnlyTo; lf = t.indexOf('\n', lf + 1)) this.lineNo++;
    // From the CR on (rare), character by character: CR LF and a lone CR each end one line.
    for (i = lfOnlyTo; i < offset; i++) {
      const c = t.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && t.charCodeAt(i + 1) !== 0x0a)) this.lineNo++;
    }
    this.lineCursor = offset;
    return this.lineNo;
  }

  private status(startTagEnd: number, end: number): ItemStatus {
    if (startTagEnd > this.cut) return 'lost';
    return end > this.cut ? 'cut' : 'kept';
  }

  private push(item: FoundItem): FoundItem | null {
    const n = this.counts.get(item.kind) ?? 0;
    this.counts.set(item.kind, n + 1);
    if (n >= PER_KIND_CAP) return null;
    this.scan.items.push(item);
    return item;
  }

  private add(kind: ItemKind, t: TagSpan, ordinal: number, detail: string): FoundItem | null {
    const n = this.counts.get(kind) ?? 0;
    if (n >= PER_KIND_CAP) {
      // Past the cap only the count is kept (no line number to work out).
      this.counts.set(kind, n + 1);
      return null;
    }
    return this.push({
      kind,
      status: this.status(t.end, t.end),
      start: t.start,
      end: t.end,
      line: this.lineAt(t.start),
      tag: t.name,
      ordinal,
      id: attr(t, 'id'),
      detail,
    });
  }

  /** Records what the cut falls into, the first time a token reaches past it. */
  private seen(start: number, end: number, kind: CutContextKind, tag: string | null): void {
    if (this.scan.cutContext.kind !== 'none' || end <= this.cut) return;
    const r = this.raw;
    if (r && r.kind !== 'title' && r.kind !== 'textarea') {
      const k = r.kind === 'json' || r.kind === 'jsonld' ? 'script' : r.kind;
      this.scan.cutContext = { kind: k, start: r.start, tag: r.tag };
    } else if (this.svgDepth > 0) this.scan.cutContext = { kind: 'svg', start: this.svgStart, tag: 'svg' };
    else if (start >= this.cut) this.scan.cutContext = { kind: 'between', start, tag };
    else this.scan.cutContext = { kind, start, tag };
  }

  doctype(start: number, end: number): void {
    this.seen(start, end, 'tag', null);
  }

  comment(start: number, end: number): void {
    this.seen(start, end, 'comment', null);
    if (this.svgDepth === 0) this.scan.ranges.comments.push({ start, end, label: '<!-- -->' });
  }

  /** Text between tags (or raw-text content): split into whitespace and non-whitespace runs, as a tokenizer does. */
  textRun(start: number, end: number): void {
    const t = this.text;
    const cut = this.cut;
    const inRaw = this.raw !== null;
    const counting = !inRaw && this.foreignDepth === 0;
    const ctxOpen = this.scan.cutContext.kind === 'none' && end > cut;
    const countWs = !inRaw && this.svgDepth === 0;
    let visible = 0;
    let lost = 0;
    let collapsible = 0;
    if (ctxOpen) {
      // The run the cut falls into (once per document): runs of text and of whitespace, to name the cut's context.
      let i = start;
      while (i < end) {
        let j = i;
        while (j < end && !isWs(t.charCodeAt(j))) j++;
        if (j > i) {
          this.seen(i, j, 'text', null);
          visible += j - i;
          if (j > cut) lost += j - (i > cut ? i : cut);
        }
        let k = j;
        while (k < end && isWs(t.charCodeAt(k))) k++;
        if (k > j) {
          this.seen(j, k, 'text', null);
          if (k - j > 1) collapsible += k - j - 1;
        }
        i = k;
      }
    } else {
      // One pass, one comparison for most characters: count whitespace (and whitespace after
      // whitespace, which collapses); the rest is visible. Before and after the cut separately.
      const mid = cut <= start ? start : cut >= end ? end : cut;
      let ws = 0;
      let wsPast = 0;
      let prevWs = false;
      for (let i = start; i < mid; i++) {
        const ch = t.charCodeAt(i);
        if (ch > 0x20) prevWs = false;
        else if (ch === 0x20 || ch === 0x0a || ch === 0x09 || ch === 0x0d || ch === 0x0c) {
          ws++;
          if (prevWs) collapsible++;
          prevWs = true;
        } else prevWs = false;
      }
      for (let i = mid; i < end; i++) {
        const ch = t.charCodeAt(i);
        if (ch > 0x20) prevWs = false;
        else if (ch === 0x20 || ch === 0x0a || ch === 0x09 || ch === 0x0d || ch === 0x0c) {
          wsPast++;
          if (prevWs) collapsible++;
          prevWs = true;
        } else prevWs = false;
      }
      visible = end - start - ws - wsPast;
      lost = end - mid - wsPast;
    }
    if (counting) {
      this.scan.visibleText.total += visible;
      this.scan.visibleText.lost += lost;
    }
    if (countWs) this.scan.collapsibleWhitespace += collapsible;
  }

  startTag(t: TagSpan): RawMode {
    const name = t.name;
    const ordinal = this.ordinals.get(name) ?? 0;
    this.ordinals.set(name, ordinal + 1);
    this.seen(t.start, t.end, 'tag', name);
    if (!this.scan.firstPastCut && t.end > this.cut) {
      this.scan.firstPastCut = { tag: name, ordinal, id: attr(t, 'id'), className: attr(t, 'class'), start: t.start, line: this.lineAt(t.start) };
    }
    // One pass over the attributes: inline styles, data: URIs, microdata and RDFa roots.
    let itemscope = false;
    let itemprop = false;
    let rdfaRoot: string | null = null;
    let property = false;
    const counting = this.svgDepth === 0;
    for (const a of t.attrs) {
      switch (a.name) {
        case 'style':
          if (counting) this.scan.ranges.inlineStyle.push({ start: a.start, end: a.end, label: `${name}[style]` });
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
      const v0 = a.value.charCodeAt(0);
      if (counting && (v0 === 0x64 || v0 === 0x44 || isWs(v0)) && /^\s*data:/i.test(a.value.slice(0, 16))) {
        this.scan.ranges.dataUri.push({ start: a.start, end: a.end, label: `${name}[${a.name}]` });
      }
    }
    if (itemscope && !itemprop) this.add('microdata', t, ordinal, attr(t, 'itemtype') ?? '');
    if (rdfaRoot !== null && !property) this.add('rdfa', t, ordinal, attr(t, 'typeof') ?? attr(t, 'vocab') ?? '');
    if (name === 'svg' || name === 'math') {
      if (!t.selfClosing) {
        this.foreignDepth++;
        if (name === 'svg' && this.svgDepth++ === 0) this.svgStart = t.start;
      } else if (name === 'svg' && this.svgDepth === 0) {
        this.scan.ranges.inlineSvg.push({ start: t.start, end: t.end, label: 'svg' });
      }
      return null;
    }
    if (name === 'a') {
      const href = attr(t, 'href') ?? attr(t, 'xlink:href');
      if (href !== null) {
        this.scan.links.total++;
        if (t.end > this.cut) {
          this.scan.links.lost++;
          if (this.scan.links.firstLost.length < FIRST_LOST_LINKS) {
            this.scan.links.firstLost.push({
              kind: 'link', status: 'lost', start: t.start, end: t.end, line: this.lineAt(t.start),
              tag: name, ordinal, id: attr(t, 'id'), detail: href,
            });
          }
        }
      }
    }
    if (this.foreignDepth > 0) return null;

    if (name === 'meta') {
      const metaName = (attr(t, 'name') ?? '').toLowerCase().trim();
      const content = attr(t, 'content') ?? '';
      if (metaName === 'robots' || metaName.startsWith('googlebot')) this.add('metaRobots', t, ordinal, `${metaName}: ${content}`);
      else if (metaName === 'description') this.add('metaDescription', t, ordinal, clip(content));
    } else if (name === 'link') {
      const rel = ` ${(attr(t, 'rel') ?? '').toLowerCase()} `.replace(/\s+/g, ' ');
      const href = attr(t, 'href') ?? '';
      if (rel.includes(' canonical ')) this.add('canonical', t, ordinal, href);
      else if (rel.includes(' alternate ') && attr(t, 'hreflang') !== null) this.add('hreflang', t, ordinal, `${attr(t, 'hreflang')} → ${href}`);
    } else if (HEADINGS.has(name)) {
      this.scan.headings.total++;
      if (t.end > this.cut) this.scan.headings.lost++;
      const item = this.add('heading', t, ordinal, '');
      this.heading = item ? { item, start: t.end } : null;
    }

    if (!RAW_OR_RCDATA.has(name)) return name === 'plaintext' ? 'plaintext' : null;
    const base = { tag: name, start: t.start, contentStart: t.end, ordinal, id: attr(t, 'id') };
    if (name === 'script') {
      const type = (attr(t, 'type') ?? '').toLowerCase().trim();
      const kind = type === 'application/ld+json' ? 'jsonld' : type.includes('json') || JSON_IDS.test(base.id ?? '') ? 'json' : 'script';
      this.raw = { ...base, kind };
      return 'script';
    }
    if (RAWTEXT.has(name)) {
      this.raw = { ...base, kind: name === 'style' ? 'style' : 'rawtext' };
      return 'rawtext';
    }
    if (RCDATA.has(name)) {
      this.raw = { ...base, kind: name as 'title' | 'textarea' };
      return 'rcdata';
    }
    return name === 'plaintext' ? 'plaintext' : null;
  }

  endTag(t: TagSpan): void {
    const name = t.name;
    this.seen(t.start, t.end, 'tag', name);
    if (this.raw && this.raw.tag === name) {
      this.closeRaw(t.start, t.end);
      return;
    }
    if ((name === 'svg' || name === 'math') && this.foreignDepth > 0) {
      this.foreignDepth--;
      if (name === 'svg' && this.svgDepth > 0 && --this.svgDepth === 0) {
        this.scan.ranges.inlineSvg.push({ start: this.svgStart, end: t.end, label: 'svg' });
      }
      return;
    }
    if (this.heading && HEADINGS.has(name)) {
      const { item, start } = this.heading;
      item.detail = clip(decodeEntities(this.text.slice(start, Math.min(t.start, start + TEXT_CAP * 4)).replace(/<[^>]*>/g, '')));
      item.end = t.end;
      if (item.status !== 'lost' && t.end > this.cut) item.status = 'cut';
      this.heading = null;
    }
  }

  private closeRaw(contentEnd: number, end: number): void {
    const r = this.raw!;
    this.raw = null;
    const range = { start: r.contentStart, end: contentEnd, label: r.id ? `${r.tag}#${r.id}` : r.tag };
    // A container is whole in Googlebot's copy when its end tag is, or when the cut falls exactly after its content.
    const status: ItemStatus = r.contentStart > this.cut ? 'lost' : end <= this.cut || contentEnd === this.cut ? 'kept' : 'cut';
    const item = (kind: ItemKind, detail: string) =>
      this.push({ kind, status, start: r.start, end, line: this.lineAt(r.start), tag: r.tag, ordinal: r.ordinal, id: r.id, detail });
    const head = () => this.text.slice(r.contentStart, Math.min(contentEnd, r.contentStart + 4096));
    if (r.kind === 'script') this.scan.ranges.inlineScript.push(range);
    else if (r.kind === 'json') this.scan.ranges.jsonData.push(range);
    else if (r.kind === 'style') this.scan.ranges.inlineStyle.push(range);
    else if (r.kind === 'jsonld') {
      this.scan.ranges.jsonData.push(range);
      const m = /"@type"\s*:\s*"([^"]{1,80})"/.exec(head());
      item('jsonLd', m ? m[1]! : '');
    } else if (r.kind === 'title') item('title', clip(decodeEntities(head())));
  }

  /** Raw-text content (script, style, title…) seen by the tokenizer: only the cut position matters here. */
  rawContent(start: number, end: number): void {
    if (this.scan.cutContext.kind !== 'none' || end <= this.cut) return;
    if (this.raw && (this.raw.kind === 'title' || this.raw.kind === 'textarea')) this.textRun(start, end);
    else this.seen(start, end, 'text', null);
  }

  eof(end: number): HtmlScan {
    if (this.raw) this.closeRaw(end, end);
    if (this.svgDepth > 0) this.scan.ranges.inlineSvg.push({ start: this.svgStart, end, label: 'svg' });
    if (this.heading) {
      const { item, start } = this.heading;
      item.detail = clip(decodeEntities(this.text.slice(start, Math.min(end, start + TEXT_CAP * 4)).replace(/<[^>]*>/g, '')));
      this.heading = null;
    }
    return this.scan;
  }
}
