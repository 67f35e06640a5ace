import { Tokenizer, TokenizerMode, type TokenHandler, Token } from 'parse5';

type TagToken = Token.TagToken;
type CharacterToken = Token.CharacterToken;
type CommentToken = Token.CommentToken;

export type ItemKind =
  | 'title'
  | 'metaRobots'
  | 'metaDescription'
  | 'canonical'
  | 'hreflang'
  | 'jsonLd'
  | 'microdata'
  | 'rdfa'
  | 'heading'
  | 'link';

/** Kept: wholly before the cut. Cut: starts before it, ends after it. Lost: starts after it. */
export type ItemStatus = 'kept' | 'cut' | 'lost';

/** An element found in the source, with where it sits (UTF-16 offsets into the decoded text). */
export interface FoundItem {
  kind: ItemKind;
  status: ItemStatus;
  /** Offset of `<` of the start tag, and just past the element's end (end tag or start tag). */
  start: number;
  end: number;
  line: number;
  tag: string;
  /** This is the n-th start tag with this tag name in the source (0-based): how it is found in the live page. */
  ordinal: number;
  id: string | null;
  /** What the element says: the href, the meta content, the JSON-LD @type, the heading text… */
  detail: string;
}

export type BreakdownCategory = 'inlineScript' | 'jsonData' | 'inlineStyle' | 'dataUri' | 'inlineSvg' | 'comments';

export interface CharRange {
  start: number;
  end: number;
  /** The tag (or attribute) it belongs to, for the fix. */
  label: string;
}

export interface FirstElementPastCut {
  tag: string;
  ordinal: number;
  id: string | null;
  className: string | null;
  start: number;
  line: number;
}

export type CutContextKind = 'none' | 'between' | 'tag' | 'text' | 'comment' | 'script' | 'style' | 'svg' | 'rawtext';

export interface HtmlScan {
  textLength: number;
  cut: number;
  items: FoundItem[];
  links: { total: number; lost: number; firstLost: FoundItem[] };
  headings: { total: number; lost: number };
  /** Visible text in characters (source span of text outside scripts, styles, titles, SVG). */
  visibleText: { total: number; lost: number };
  ranges: Record<BreakdownCategory, CharRange[]>;
  /** Whitespace a minifier would remove (every run of whitespace between tags but one character). */
  collapsibleWhitespace: number;
  firstPastCut: FirstElementPastCut | null;
  cutContext: { kind: CutContextKind; start: number; tag: string | null };
}

const PER_KIND_CAP = 200;
const FIRST_LOST_LINKS = 20;
const TEXT_CAP = 200;

const RAWTEXT = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const RCDATA = new Set(['title', 'textarea']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const JSON_IDS = /^(__NEXT_DATA__|__NUXT_DATA__|__NUXT__|__APOLLO_STATE__|__INITIAL_STATE__|__PRELOADED_STATE__)$/;

const attr = (t: TagToken, name: string): string | null => {
  for (const a of t.attrs) if (a.name === name) return a.value;
  return null;
};

function clip(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > TEXT_CAP ? `${t.slice(0, TEXT_CAP)}…` : t;
}

/**
 * One linear pass of the parse5 tokenizer over the whole document (no tree is built, so memory stays
 * flat on 50 MB pages). It switches the tokenizer into script/raw-text/RCDATA states the way the tree
 * builder does with scripting enabled (so `<noscript>` is raw text, as in Chrome and Googlebot), and
 * records what a search engine reads plus where the bytes go. Feed the text in slices with write().
 */
export class HtmlScanner {
  private readonly tokenizer: Tokenizer;
  private readonly cut: number;
  private readonly scan: HtmlScan;
  private readonly ordinals = new Map<string, number>();
  private foreignDepth = 0;
  private svgDepth = 0;
  private svgStart = 0;
  private raw: { tag: string; kind: 'script' | 'json' | 'style' | 'rawtext' | 'title' | 'textarea' | 'jsonld'; start: number; contentStart: number; line: number; ordinal: number; id: string | null; text: string } | null = null;
  private heading: { item: FoundItem; text: string } | null = null;
  private counts = new Map<ItemKind, number>();
  private done = false;
  private written = 0;

  constructor(cut: number) {
    this.cut = cut;
    this.scan = {
      textLength: 0,
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
    const handler: TokenHandler = {
      onComment: (t) => this.onComment(t),
      onDoctype: (t) => this.seen(t.location?.startOffset ?? 0, t.location?.endOffset ?? 0, 'tag', null),
      onStartTag: (t) => this.onStartTag(t),
      onEndTag: (t) => this.onEndTag(t),
      onEof: () => this.onEof(),
      onCharacter: (t) => this.onText(t, false),
      onNullCharacter: (t) => this.onText(t, false),
      onWhitespaceCharacter: (t) => this.onText(t, true),
    };
    this.tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  }

  write(chunk: string, last: boolean): void {
    this.written += chunk.length;
    this.tokenizer.write(chunk, last);
  }

  result(): HtmlScan {
    if (!this.done) this.write('', true);
    this.scan.textLength = this.written;
    return this.scan;
  }

  private statusOf(startTagEnd: number, end: number): ItemStatus {
    if (startTagEnd > this.cut) return 'lost';
    return end > this.cut ? 'cut' : 'kept';
  }

  private add(kind: ItemKind, t: TagToken, ordinal: number, detail: string, end?: number): FoundItem | null {
    const n = this.counts.get(kind) ?? 0;
    this.counts.set(kind, n + 1);
    const loc = t.location!;
    const item: FoundItem = {
      kind,
      status: this.statusOf(loc.endOffset, end ?? loc.endOffset),
      start: loc.startOffset,
      end: end ?? loc.endOffset,
      line: loc.startLine,
      tag: t.tagName,
      ordinal,
      id: attr(t, 'id'),
      detail,
    };
    if (n < PER_KIND_CAP) this.scan.items.push(item);
    return n < PER_KIND_CAP ? item : null;
  }

  /** Records what the cut falls into, the first time a token reaches past it. */
  private seen(start: number, end: number, kind: CutContextKind, tag: string | null): void {
    const ctx = this.scan.cutContext;
    if (ctx.kind !== 'none' || end <= this.cut) return;
    if (this.raw && this.raw.kind !== 'title' && this.raw.kind !== 'textarea') {
      const k = this.raw.kind === 'json' || this.raw.kind === 'jsonld' ? 'script' : this.raw.kind;
      this.scan.cutContext = { kind: k, start: this.raw.start, tag: this.raw.tag };
    } else if (this.svgDepth > 0) this.scan.cutContext = { kind: 'svg', start: this.svgStart, tag: 'svg' };
    else if (start >= this.cut) this.scan.cutContext = { kind: 'between', start, tag };
    else this.scan.cutContext = { kind, start, tag };
  }

  private onComment(t: CommentToken): void {
    const loc = t.location!;
    this.seen(loc.startOffset, loc.endOffset, 'comment', null);
    if (this.svgDepth === 0) this.scan.ranges.comments.push({ start: loc.startOffset, end: loc.endOffset, label: '<!-- -->' });
  }

  private onText(t: CharacterToken, whitespace: boolean): void {
    const loc = t.location!;
    this.seen(loc.startOffset, loc.endOffset, 'text', null);
    if (this.raw) {
      if ((this.raw.kind === 'title' || this.raw.kind === 'jsonld') && this.raw.text.length < 4096) this.raw.text += t.chars;
      return;
    }
    if (whitespace) {
      if (this.svgDepth === 0 && t.chars.length > 1) this.scan.collapsibleWhitespace += loc.endOffset - loc.startOffset - 1;
      return;
    }
    if (this.heading && this.heading.text.length < TEXT_CAP * 2) this.heading.text += t.chars;
    if (this.foreignDepth > 0) return;
    const span = loc.endOffset - loc.startOffset;
    this.scan.visibleText.total += span;
    if (loc.endOffset > this.cut) this.scan.visibleText.lost += loc.endOffset - Math.max(loc.startOffset, this.cut);
  }

  private onStartTag(t: TagToken): void {
    const loc = t.location!;
    const name = t.tagName;
    const ordinal = this.ordinals.get(name) ?? 0;
    this.ordinals.set(name, ordinal + 1);
    this.seen(loc.startOffset, loc.endOffset, 'tag', name);
    if (!this.scan.firstPastCut && loc.endOffset > this.cut) {
      this.scan.firstPastCut = {
        tag: name,
        ordinal,
        id: attr(t, 'id'),
        className: attr(t, 'class'),
        start: loc.startOffset,
        line: loc.startLine,
      };
    }

    // Attributes: inline styles, data: URIs, microdata and RDFa roots.
    if (this.svgDepth === 0 && loc.attrs) {
      for (const a of t.attrs) {
        const aloc = loc.attrs[a.name];
        if (!aloc) continue;
        if (a.name === 'style') this.scan.ranges.inlineStyle.push({ start: aloc.startOffset, end: aloc.endOffset, label: `${name}[style]` });
        else if (/^\s*data:/i.test(a.value.slice(0, 16))) this.scan.ranges.dataUri.push({ start: aloc.startOffset, end: aloc.endOffset, label: `${name}[${a.name}]` });
      }
    }
    if (attr(t, 'itemscope') !== null && attr(t, 'itemprop') === null) this.add('microdata', t, ordinal, attr(t, 'itemtype') ?? '');
    if ((attr(t, 'vocab') !== null || attr(t, 'typeof') !== null) && attr(t, 'property') === null) {
      this.add('rdfa', t, ordinal, attr(t, 'typeof') ?? attr(t, 'vocab') ?? '');
    }

    if (name === 'svg' || name === 'math') {
      if (!t.selfClosing) {
        this.foreignDepth++;
        if (name === 'svg' && this.svgDepth++ === 0) this.svgStart = loc.startOffset;
      } else if (name === 'svg' && this.svgDepth === 0) {
        this.scan.ranges.inlineSvg.push({ start: loc.startOffset, end: loc.endOffset, label: 'svg' });
      }
      this.tokenizer.inForeignNode = this.foreignDepth > 0;
      return;
    }
    if (name === 'a') {
      const href = attr(t, 'href') ?? attr(t, 'xlink:href');
      if (href !== null) {
        this.scan.links.total++;
        if (loc.endOffset > this.cut) {
          this.scan.links.lost++;
          if (this.scan.links.firstLost.length < FIRST_LOST_LINKS) {
            this.scan.links.firstLost.push({
              kind: 'link', status: 'lost', start: loc.startOffset, end: loc.endOffset, line: loc.startLine,
              tag: name, ordinal, id: attr(t, 'id'), detail: href,
            });
          }
        }
      }
    }
    if (this.foreignDepth > 0) return;

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
      if (loc.endOffset > this.cut) this.scan.headings.lost++;
      const item = this.add('heading', t, ordinal, '');
      this.heading = item ? { item, text: '' } : null;
    }

    const base = { tag: name, start: loc.startOffset, contentStart: loc.endOffset, line: loc.startLine, ordinal, id: attr(t, 'id'), text: '' };
    if (name === 'script') {
      const type = (attr(t, 'type') ?? '').toLowerCase().trim();
      const kind = type === 'application/ld+json' ? 'jsonld' : type.includes('json') || JSON_IDS.test(base.id ?? '') ? 'json' : 'script';
      this.raw = { ...base, kind };
      this.tokenizer.state = TokenizerMode.SCRIPT_DATA;
    } else if (RAWTEXT.has(name)) {
      this.raw = { ...base, kind: name === 'style' ? 'style' : 'rawtext' };
      this.tokenizer.state = TokenizerMode.RAWTEXT;
    } else if (RCDATA.has(name)) {
      this.raw = { ...base, kind: name as 'title' | 'textarea' };
      this.tokenizer.state = TokenizerMode.RCDATA;
    } else if (name === 'plaintext') {
      this.tokenizer.state = TokenizerMode.PLAINTEXT;
    }
  }

  private closeRaw(contentEnd: number, end: number): void {
    const r = this.raw!;
    this.raw = null;
    const range = { start: r.contentStart, end: contentEnd, label: r.id ? `${r.tag}#${r.id}` : r.tag };
    const startTagEnd = r.contentStart;
    // A container is whole in Googlebot's copy when its end tag is, or when the cut falls exactly after its content.
    const status: ItemStatus = startTagEnd > this.cut ? 'lost' : end <= this.cut || contentEnd === this.cut ? 'kept' : 'cut';
    const push = (kind: ItemKind, detail: string) => {
      const n = this.counts.get(kind) ?? 0;
      this.counts.set(kind, n + 1);
      if (n < PER_KIND_CAP) {
        this.scan.items.push({ kind, status, start: r.start, end, line: r.line, tag: r.tag, ordinal: r.ordinal, id: r.id, detail });
      }
    };
    if (r.kind === 'script') this.scan.ranges.inlineScript.push(range);
    else if (r.kind === 'json') this.scan.ranges.jsonData.push(range);
    else if (r.kind === 'style') this.scan.ranges.inlineStyle.push(range);
    else if (r.kind === 'jsonld') {
      this.scan.ranges.jsonData.push(range);
      const m = /"@type"\s*:\s*"([^"]{1,80})"/.exec(r.text);
      push('jsonLd', m ? m[1]! : '');
    } else if (r.kind === 'title') push('title', clip(r.text));
  }

  private onEndTag(t: TagToken): void {
    const loc = t.location!;
    const name = t.tagName;
    this.seen(loc.startOffset, loc.endOffset, 'tag', name);
    if (this.raw && this.raw.tag === name) {
      this.closeRaw(loc.startOffset, loc.endOffset);
      return;
    }
    if ((name === 'svg' || name === 'math') && this.foreignDepth > 0) {
      this.foreignDepth--;
      if (name === 'svg' && this.svgDepth > 0 && --this.svgDepth === 0) {
        this.scan.ranges.inlineSvg.push({ start: this.svgStart, end: loc.endOffset, label: 'svg' });
      }
      this.tokenizer.inForeignNode = this.foreignDepth > 0;
      return;
    }
    if (this.heading && HEADINGS.has(name)) {
      const item = this.heading.item;
      item.detail = clip(this.heading.text);
      item.end = loc.endOffset;
      if (item.status !== 'lost' && loc.endOffset > this.cut) item.status = 'cut';
      this.heading = null;
    }
  }

  private onEof(): void {
    this.done = true;
    const end = this.written;
    if (this.raw) this.closeRaw(end, end);
    if (this.svgDepth > 0) this.scan.ranges.inlineSvg.push({ start: this.svgStart, end, label: 'svg' });
    if (this.heading) {
      this.heading.item.detail = clip(this.heading.text);
      this.heading = null;
    }
  }
}

/** Scans a whole document at once (see HtmlScanner to feed it in slices). */
export function scanHtml(text: string, cut: number): HtmlScan {
  const s = new HtmlScanner(cut);
  s.write(text, true);
  return s.result();
}
