// The byte budget's facts computed from parse5 — its tree with source locations, and the tokens
// its parser inserted (a subclass records each character token, comment and tag with its place) —
// independently of lib/html: the oracle lib/bytes ByteBudget is held to. Offsets come out in the
// source's characters; `toByte` maps them to body bytes. Tests only.
import { defaultTreeAdapter, Parser, type DefaultTreeAdapterMap, type Token } from 'parse5';
import type { BreakdownCategory, CharRange, CutContextKind, FoundItem, HtmlScan, ItemKind } from '../../lib/bytes/scanTypes';
import { robotsMetaName } from '../../lib/html/headTags';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

const NS_HTML = 'http://www.w3.org/1999/xhtml';
const NS_SVG = 'http://www.w3.org/2000/svg';
const NS_MATH = 'http://www.w3.org/1998/Math/MathML';
const RAW = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const JSON_IDS = /^(__NEXT_DATA__|__NUXT_DATA__|__NUXT__|__APOLLO_STATE__|__INITIAL_STATE__|__PRELOADED_STATE__)$/;
const TEXT_CAP = 200;
const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > TEXT_CAP ? `${t.slice(0, TEXT_CAP)}…` : t;
};
const isWs = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';

interface Inserted {
  start: number;
  end: number;
  parent: ParentNode;
}
interface Span {
  start: number;
  end: number;
  kind: 'tag' | 'comment' | 'text';
  tag: string | null;
  ws?: boolean;
}

/** parse5's parser, recording what it inserts and every token with its source span. */
class RecordingParser extends Parser<DefaultTreeAdapterMap> {
  inserted: Inserted[] = [];
  comments: { readonly start: number; readonly end: number; parent: ParentNode }[] = [];
  tags: Span[] = [];
  sourceLength = 0;
  override _insertCharacters(token: Token.CharacterToken): void {
    const loc = token.location!;
    const parent = this._shouldFosterParentOnInsertion() ? this._findFosterParentingLocation().parent : (this.openElements.currentTmplContentOrNode as ParentNode);
    this.inserted.push({ start: loc.startOffset, end: loc.endOffset, parent: parent as ParentNode });
    super._insertCharacters(token);
  }
  override _appendCommentNode(token: Token.CommentToken, parent: ParentNode): void {
    // (parse5 fills in the end of a comment cut by the end of the input only later, if at all.)
    const loc = token.location!;
    const self = this;
    // (parse5 puts the end of a comment cut by the end of the input one past it.)
    this.comments.push({ start: loc.startOffset, get end() { return Math.min(loc.endOffset >= loc.startOffset ? loc.endOffset : self.sourceLength, self.sourceLength); }, parent });
    super._appendCommentNode(token, parent);
  }
  override onStartTag(token: Token.TagToken): void {
    this.tags.push({ start: token.location!.startOffset, end: token.location!.endOffset, kind: 'tag', tag: token.tagName });
    super.onStartTag(token);
  }
  override onEndTag(token: Token.TagToken): void {
    this.tags.push({ start: token.location!.startOffset, end: token.location!.endOffset, kind: 'tag', tag: token.tagName });
    super.onEndTag(token);
  }
  override onDoctype(token: Token.DoctypeToken): void {
    this.tags.push({ start: token.location!.startOffset, end: token.location!.endOffset, kind: 'tag', tag: null });
    super.onDoctype(token);
  }
}

const isElement = (n: Node): n is Element => 'tagName' in n;
function ancestors(n: Node | ParentNode | null): ParentNode[] {
  const out: ParentNode[] = [];
  let p = n && 'parentNode' in n ? (n.parentNode as ParentNode | null) : null;
  while (p) {
    out.push(p);
    p = 'parentNode' in p ? (p.parentNode as ParentNode | null) : null;
  }
  return out;
}
const inTemplate = (n: Node | ParentNode) => [n, ...ancestors(n as Node)].some((p) => p.nodeName === '#document-fragment');
const inSvgOrSelf = (n: ParentNode) => [n, ...ancestors(n as Node)].some((p) => isElement(p as Node) && (p as Element).namespaceURI === NS_SVG);
const inForeignOrSelf = (n: ParentNode) => [n, ...ancestors(n as Node)].some((p) => isElement(p as Node) && (p as Element).namespaceURI !== NS_HTML);
/** In the document's tree (not thrown out with a body a <frameset> replaced). */
const inDocument = (n: ParentNode) => n.nodeName === '#document' || ancestors(n as Node).some((a) => a.nodeName === '#document' || a.nodeName === '#document-fragment');
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name && !a.prefix)?.value ?? null;

function textContent(el: ParentNode): string {
  let out = '';
  for (const c of el.childNodes) {
    if (c.nodeName === '#text') out += (c as DefaultTreeAdapterMap['textNode']).value;
    else if ('childNodes' in c) out += textContent(c as ParentNode);
  }
  return out;
}

/**
 * The byte budget of a document from parse5: `html` the decoded text, `cut` the cut as a
 * character offset (Infinity: none), `toByte` characters to body bytes.
 */
export function byteBudgetOracle(html: string, cut: number, toByte: (c: number) => number, keptHtml: string | null = null, full = true, cutByte?: number): HtmlScan {
  // Every element parse5 makes, the ones a <frameset> later throws out with the body included.
  const created: Element[] = [];
  const treeAdapter = { ...defaultTreeAdapter, createElement: (...a: Parameters<typeof defaultTreeAdapter.createElement>) => {
    const el = defaultTreeAdapter.createElement(...a);
    created.push(el);
    return el;
  } };
  const p = new RecordingParser({ sourceCodeLocationInfo: true, treeAdapter });
  p.sourceLength = html.length;
  p.tokenizer.write(html, true);
  const doc = p.document;
  const b = toByte;
  // Lines counted from the source (a CR LF pair is one line break, a lone CR one): parse5's own
  // count goes wrong after a character reference followed by CR LF.
  const breaks: number[] = [];
  for (let i = 0; i < html.length; i++) {
    const ch = html.charCodeAt(i);
    if (ch === 0x0a || (ch === 0x0d && html.charCodeAt(i + 1) !== 0x0a)) breaks.push(i);
  }
  const lineOf = (c: number) => {
    let lo = 0;
    let hi = breaks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (breaks[mid]! < c) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const bcut = Number.isFinite(cut) ? b(cut) : Infinity;
  const scan: HtmlScan = {
    textLength: 0,
    cut: scan_cut(),
    items: [],
    links: { total: 0, lost: 0, firstLost: [] },
    headings: { total: 0, lost: 0 },
    visibleText: { total: 0, lost: 0 },
    ranges: { inlineScript: [], jsonData: [], inlineStyle: [], dataUri: [], inlineSvg: [], comments: [] },
    collapsibleWhitespace: 0,
    firstPastCut: null,
    cutContext: { kind: 'none', start: scan_cut(), tag: null },
  };
  function scan_cut() {
    return Number.isFinite(cut) ? (cutByte ?? b(cut)) : b(html.length);
  }
  // Elements with a start tag of their own, in source order (a reopened formatting element shares its original's).
  const els: Element[] = [];
  const seenStart = new Set<number>();
  const walk = (n: ParentNode) => {
    for (const c of n.childNodes) {
      if (!isElement(c)) continue;
      const loc = c.sourceCodeLocation;
      if (loc?.startTag && !seenStart.has(loc.startTag.startOffset)) {
        seenStart.add(loc.startTag.startOffset);
        els.push(c);
      }
      walk(c);
    }
  };
  // A start tag inside a template's content counts nowhere, even when the parser reopens its
  // element outside the template (a formatting element left in the list by a </template> that
  // cleared it only to a cell's marker).
  const inTemplateContent = new Set<number>();
  const walkTemplates = (n: ParentNode, inside: boolean) => {
    for (const c of n.childNodes) {
      if (!isElement(c)) continue;
      const st = c.sourceCodeLocation?.startTag;
      if (inside && st) inTemplateContent.add(st.startOffset);
      if (c.tagName === 'template' && c.namespaceURI === NS_HTML) walkTemplates((c as DefaultTreeAdapterMap['template']).content, true);
      walkTemplates(c, inside);
    }
  };
  walkTemplates(doc, false);
  walk(doc);
  for (let i = els.length - 1; i >= 0; i--) if (inTemplateContent.has(els[i]!.sourceCodeLocation!.startTag!.startOffset)) els.splice(i, 1);
  els.sort((x, y) => x.sourceCodeLocation!.startTag!.startOffset - y.sourceCodeLocation!.startTag!.startOffset);
  const ordinals = new Map<string, number>();
  const counts = new Map<ItemKind, number>();
  const push = (it: FoundItem) => {
    const n = counts.get(it.kind) ?? 0;
    counts.set(it.kind, n + 1);
    if (n < 200) scan.items.push(it);
  };
  const svgRoots: Element[] = [];
  const raws: { el: Element; start: number; contentStart: number; contentEnd: number; end: number }[] = [];
  for (const el of els) {
    const loc = el.sourceCodeLocation!;
    const st = loc.startTag!;
    const start = b(st.startOffset);
    const tagEnd = b(st.endOffset);
    const name = el.tagName;
    const lower = name;
    const line = lineOf(st.startOffset);
    if (inTemplate(el)) continue;
    const ordinal = ordinals.get(lower) ?? 0;
    ordinals.set(lower, ordinal + 1);
    const id = attr(el, 'id');
    if (!scan.firstPastCut && tagEnd > bcut) scan.firstPastCut = { tag: lower, ordinal, id, className: attr(el, 'class'), start, line };
    const status = (end: number) => (tagEnd > bcut ? 'lost' : end > bcut ? 'cut' : 'kept') as FoundItem['status'];
    const add = (kind: ItemKind, detail: string) => push({ kind, status: status(tagEnd), start, end: tagEnd, line, tag: lower, ordinal, id, detail });
    const inSvg = [...ancestors(el)].some((a) => isElement(a as Node) && (a as Element).namespaceURI === NS_SVG);
    const has = (n: string) => el.attrs.some((a) => a.name === n);
    if (full && !inSvg) {
      for (const a of el.attrs) {
        const aloc = loc.attrs?.[a.prefix ? `${a.prefix}:${a.name}` : a.name];
        if (!aloc) continue;
        if (a.name === 'style' && !a.prefix) scan.ranges.inlineStyle.push({ start: b(aloc.startOffset), end: b(aloc.endOffset), label: `${lower}[style]` });
        else if (/^\s*data:/i.test(a.value.slice(0, 16))) scan.ranges.dataUri.push({ start: b(aloc.startOffset), end: b(aloc.endOffset), label: `${lower}[${a.prefix ? `${a.prefix}:${a.name}` : a.name}]` });
      }
    }
    if (has('itemscope') && !has('itemprop')) add('microdata', attr(el, 'itemtype') ?? '');
    const rdfa = attr(el, 'typeof') ?? attr(el, 'vocab');
    if ((has('typeof') || has('vocab')) && !has('property')) add('rdfa', attr(el, 'typeof') ?? attr(el, 'vocab') ?? '');
    void rdfa;
    if (el.namespaceURI === NS_SVG && name === 'svg' && !inSvg) svgRoots.push(el);
    if (name === 'a' && el.namespaceURI !== NS_MATH) {
      const href = attr(el, 'href') ?? el.attrs.find((a) => a.prefix === 'xlink' && a.name === 'href')?.value ?? attr(el, 'xlink:href');
      if (href !== null) {
        scan.links.total++;
        if (tagEnd > bcut) {
          scan.links.lost++;
          if (scan.links.firstLost.length < 20) scan.links.firstLost.push({ kind: 'link', status: 'lost', start, end: tagEnd, line, tag: lower, ordinal, id, detail: href });
        }
      }
    }
    if (el.namespaceURI !== NS_HTML) continue;
    if (name === 'meta') {
      const robots = robotsMetaName(attr(el, 'name'));
      const n = (attr(el, 'name') ?? '').trim().toLowerCase();
      if (robots) add('metaRobots', `${robots}: ${attr(el, 'content') ?? ''}`);
      else if (n === 'description') add('metaDescription', clip(attr(el, 'content') ?? ''));
    } else if (name === 'link') {
      const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/[\t\n\f\r ]+/);
      const href = attr(el, 'href') ?? '';
      const hreflang = attr(el, 'hreflang');
      if (rel.includes('canonical')) add('canonical', href);
      else if (rel.includes('alternate') && hreflang !== null) add('hreflang', `${hreflang} → ${href}`);
    } else if (/^h[1-6]$/.test(name)) {
      const end = b(Math.min(loc.endOffset, html.length));
      scan.headings.total++;
      if (tagEnd > bcut) scan.headings.lost++;
      push({ kind: 'heading', status: status(end), start, end, line, tag: lower, ordinal, id, detail: clip(textContent(el).slice(0, TEXT_CAP * 4)) });
    } else if (RAW.has(name)) {
      // Raw text ends at its end tag or at the end of the input (parse5 gives such an element the
      // offset of its own start tag as its end: the end of the input is meant).
      const contentStart = tagEnd;
      const contentEnd = b(loc.endTag ? loc.endTag.startOffset : html.length);
      const end = b(loc.endTag ? loc.endOffset : html.length);
      raws.push({ el, start, contentStart, contentEnd, end });
      const rstatus: FoundItem['status'] = contentStart > bcut ? 'lost' : end <= bcut || contentEnd === bcut ? 'kept' : 'cut';
      const type = (attr(el, 'type') ?? '').toLowerCase().trim();
      const range: CharRange = { start: contentStart, end: contentEnd, label: id ? `${lower}#${id}` : lower };
      if (name === 'script') {
        if (type === 'application/ld+json') {
          if (full) scan.ranges.jsonData.push(range);
          const m = /"@type"\s*:\s*"([^"]{1,80})"/.exec(textContent(el).slice(0, 4096));
          push({ kind: 'jsonLd', status: rstatus, start, end, line, tag: lower, ordinal, id, detail: m ? m[1]! : '' });
        } else if (type.includes('json') || JSON_IDS.test(id ?? '')) {
          if (full) scan.ranges.jsonData.push(range);
        } else if (full) scan.ranges.inlineScript.push(range);
      } else if (name === 'style') {
        if (full) scan.ranges.inlineStyle.push(range);
      } else if (name === 'title') push({ kind: 'title', status: rstatus, start, end, line, tag: lower, ordinal, id, detail: clip(textContent(el).slice(0, 4096)) });
    }
  }
  if (full) {
    for (const s of svgRoots) scan.ranges.inlineSvg.push({ start: b(s.sourceCodeLocation!.startTag!.startOffset), end: b(s.sourceCodeLocation!.endOffset), label: 'svg' });
    for (const c of p.comments) {
      if (c.parent && ('nodeName' in c.parent) && (inSvgOrSelf(c.parent) || inTemplate(c.parent) || (isElement(c.parent as Node) && (c.parent as Element).tagName === 'template' && (c.parent as Element).namespaceURI === NS_HTML) || !inDocument(c.parent))) continue;
      scan.ranges.comments.push({ start: b(c.start), end: b(c.end), label: '<!-- -->' });
    }
    // Text as the DOM holds it: visible characters (not whitespace) and whitespace after whitespace, per text node.
    const visibleChars = (root: ParentNode): number => {
      let n = 0;
      const walkText = (p: ParentNode, foreign: boolean, svg: boolean, tmpl: boolean) => {
        for (const c of p.childNodes) {
          if (c.nodeName === '#text') {
            const parentEl = p as Element;
            const raw = parentEl.namespaceURI === NS_HTML && RAW.has(parentEl.tagName);
            const v = (c as DefaultTreeAdapterMap['textNode']).value;
            if (!raw && !tmpl) {
              let prevWs = false;
              for (let i = 0; i < v.length; i++) {
                const ch = v[i]!;
                if (isWs(ch)) {
                  if (prevWs && !svg) collapsible++;
                  prevWs = true;
                } else {
                  prevWs = false;
                  if (!foreign) n++;
                }
              }
            }
          } else if (isElement(c)) {
            const f = foreign || c.namespaceURI !== NS_HTML;
            walkText(c, f, svg || c.namespaceURI === NS_SVG, tmpl);
            if (c.tagName === 'template' && c.namespaceURI === NS_HTML) walkText((c as DefaultTreeAdapterMap['template']).content, f, svg, true);
          }
        }
      };
      let collapsible = 0;
      walkText(root, false, false, false);
      lastCollapsible = collapsible;
      return n;
    };
    let lastCollapsible = 0;
    scan.visibleText.total = visibleChars(doc);
    scan.collapsibleWhitespace = lastCollapsible;
    if (keptHtml !== null) {
      const kp = new RecordingParser({ sourceCodeLocationInfo: true });
      kp.tokenizer.write(keptHtml, true);
      scan.visibleText.lost = Math.max(0, scan.visibleText.total - visibleChars(kp.document));
    }
    // What the cut falls into: raw text or an <svg> around it, a tag or comment across it, the text between two pieces of markup, or the gap before the next.
    if (Number.isFinite(cut)) {
      const markup: Span[] = [...p.tags, ...p.comments.map((c) => ({ start: c.start, end: c.end, kind: 'comment' as const, tag: null }))].sort((x, y) => x.start - y.start);
      const next = markup.find((m) => m.end > cut);
      const lastEnd = markup.filter((m) => m.end <= cut).reduce((e, m) => Math.max(e, m.end), 0);
      const allRaws = created
        .filter((e) => e.namespaceURI === NS_HTML && RAW.has(e.tagName) && e.sourceCodeLocation?.startTag && !['title', 'textarea'].includes(e.tagName))
        .map((e) => {
          const l = e.sourceCodeLocation!;
          return { el: e, start: b(l.startTag!.startOffset), contentStart: b(l.startTag!.endOffset), end: b(l.endTag ? l.endOffset : html.length) };
        });
      const raw = allRaws.find((r) => r.contentStart <= bcut && bcut < r.end);
      const svg = svgRoots.find((s) => b(s.sourceCodeLocation!.startTag!.endOffset) <= bcut && bcut < b(s.sourceCodeLocation!.endOffset));
      let ctx: { kind: CutContextKind; start: number; tag: string | null } = { kind: 'none', start: scan_cut(), tag: null };
      const textEnd = next ? next.start : html.length;
      if (next || cut < html.length) {
        if (raw) {
          const n = raw.el.tagName;
          ctx = { kind: n === 'script' ? 'script' : n === 'style' ? 'style' : 'rawtext', start: raw.start, tag: n };
        } else if (svg) ctx = { kind: 'svg', start: b(svg.sourceCodeLocation!.startTag!.startOffset), tag: 'svg' };
        else if (next && next.start < cut) ctx = { kind: next.kind === 'comment' ? 'comment' : 'tag', start: b(next.start), tag: next.tag };
        else if (lastEnd < cut && cut < textEnd) ctx = { kind: 'text', start: b(lastEnd), tag: null };
        else if (cut < textEnd) ctx = { kind: 'between', start: scan_cut(), tag: null };
        else if (next) ctx = { kind: 'between', start: b(next.start), tag: next.tag };
      }
      // A cut inside the byte-order mark: the gap before the first markup starts at the cut itself.
      if (cutByte !== undefined && cutByte < b(cut) && ctx.kind === 'between') ctx = { kind: 'between', start: cutByte, tag: null };
      scan.cutContext = ctx;
    }
  }
  return scan;
}

export type { BreakdownCategory };
