import { decodeHTML, decodeHTMLAttribute } from 'entities';
import type { RawMode, TagSpan, TokenSink } from '../bytes';
import type { DocumentLike, ElementLike } from '../indexability';

type Ns = 'html' | 'svg' | 'math';
interface Open {
  name: string;
  ns: Ns;
  /** An HTML integration point (svg foreignObject/desc/title, annotation-xml with an HTML encoding). */
  htmlIp: boolean;
}
type Mode = 'beforeHead' | 'inHead' | 'afterHead' | 'body';

const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'image', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const CLOSES_P = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure',
  'footer', 'header', 'hgroup', 'main', 'menu', 'nav', 'ol', 'p', 'search', 'section', 'summary', 'ul', 'pre', 'listing', 'form', 'plaintext', 'xmp', 'hr',
]);
const BLOCK_END = new Set([
  'address', 'article', 'aside', 'blockquote', 'button', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure',
  'footer', 'header', 'hgroup', 'listing', 'main', 'menu', 'nav', 'ol', 'pre', 'search', 'section', 'summary', 'ul', 'applet', 'marquee', 'object',
]);
const FORMATTING = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);
const SPECIAL = new Set([
  'address', 'applet', 'area', 'article', 'aside', 'base', 'basefont', 'bgsound', 'blockquote', 'body', 'br', 'button', 'caption', 'center', 'col',
  'colgroup', 'dd', 'details', 'dir', 'div', 'dl', 'dt', 'embed', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'frame', 'frameset', 'h1', 'h2',
  'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup', 'hr', 'html', 'iframe', 'img', 'input', 'keygen', 'li', 'link', 'listing', 'main', 'marquee',
  'menu', 'meta', 'nav', 'noembed', 'noframes', 'noscript', 'object', 'ol', 'p', 'param', 'plaintext', 'pre', 'script', 'search', 'section', 'select',
  'source', 'style', 'summary', 'table', 'tbody', 'td', 'template', 'textarea', 'tfoot', 'th', 'thead', 'title', 'tr', 'track', 'ul', 'wbr', 'xmp',
]);
const SCOPE = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template']);
const MATH_TEXT_IP = new Set(['mi', 'mo', 'mn', 'ms', 'mtext']);
const SVG_HTML_IP = new Set(['foreignObject', 'desc', 'title']);
const BREAKOUT = new Set([
  'b', 'big', 'blockquote', 'body', 'br', 'center', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'embed', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'hr',
  'i', 'img', 'li', 'listing', 'menu', 'meta', 'nobr', 'ol', 'p', 'pre', 'ruby', 's', 'small', 'span', 'strong', 'strike', 'sub', 'sup', 'table',
  'tt', 'u', 'ul', 'var',
]);
const TABLE_CONTEXT = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);
const TABLE_PARTS = new Set(['caption', 'col', 'colgroup', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr']);
const HEAD_ELEMENTS = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'script', 'style', 'template', 'title']);
const RAWTEXT = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
/** Whitespace as String.prototype.trim() removes it. */
const TRIM_WS = /[\s\uFEFF\xA0]/;
const HTML_WS = /^[\t\n\f ]*/;
const SCRIPT_START = /<script[\t\n\f\r />]/i;

/** The signals' elements: meta, link and base tags of the HTML namespace outside templates. */
class Tag implements ElementLike {
  constructor(
    readonly localName: string,
    private readonly attrs: Map<string, string>,
    private readonly inBody: boolean,
  ) {}
  getAttribute(name: string): string | null {
    return this.attrs.get(name) ?? null;
  }
  closest(selector: string): unknown {
    if (selector.trim().toLowerCase() !== 'body') throw new Error(`SignalCollector: unsupported closest("${selector}")`);
    return this.inBody ? this : null;
  }
}

/** Text as the HTML preprocessor leaves it: CR LF and a lone CR become LF. */
const newlines = (s: string) => (s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s);
const nulTo = (s: string, by: string) => (s.includes('\0') ? s.replaceAll('\0', by) : s);

/** The raw value of an attribute (quotes off), from its span in the source. */
function rawAttrValue(text: string, a: TagSpan['attrs'][number]): string {
  const src = text.slice(a.start, a.end);
  let i = src.indexOf('=', 1);
  if (i < 0) return '';
  i++;
  while (i < src.length && /[\t\n\f\r ]/.test(src[i]!)) i++;
  const q = src[i];
  return q === '"' || q === "'" ? src.slice(i + 1, src.length - 1) : src.slice(i);
}

/**
 * The part of HTML tree construction the indexability signals depend on, driven by the tokens of
 * lib/bytes' HtmlScanner — no tree is built. It tracks the insertion mode up to the body (what
 * sits in <head> and what starts the body), a stack of open elements (names and namespaces only)
 * with the spec's scopes and implied end tags, templates (whose content is not in the document),
 * foreign content (svg, math) with its break-outs and integration points, and the tokenizer
 * states that depend on them (raw text, RCDATA, CDATA). Text is only counted for the body
 * (trimmed as textContent.trim() is), except the title's and the first h1's.
 *
 * Where the tree builder moves nodes around (a frameset, foster-parented content in tables, a
 * select inside a table, <table> in quirks mode closing no <p>, script data double-escaped with
 * `<!--<script>`), `outOfModel` is set: the caller parses that page with parse5 instead.
 */
export class SignalCollector implements TokenSink {
  outOfModel: string | null = null;
  private mode: Mode = 'beforeHead';
  private stack: Open[] = [];
  private templates = 0;
  /** Open HTML elements by name: most scope walks are skipped (deep nesting stays linear). */
  private readonly counts = new Map<string, number>();
  private open(names: Set<string> | string): boolean {
    if (typeof names === 'string') return (this.counts.get(names) ?? 0) > 0;
    for (const n of names) if ((this.counts.get(n) ?? 0) > 0) return true;
    return false;
  }
  /** A formatting element was closed implicitly: the tree builder would reopen it. */
  private reopens = false;
  private quirksSafe = false;
  private formOpen = false;
  private skipNewline = false;
  /** The raw-text element open (script, style, title…): whose text its content is. */
  private raw: { name: string; kind: 'title' | 'body' | 'none'; rcdata: boolean; skipNewline: boolean; inBody: boolean } | null = null;
  private readonly tags: Tag[] = [];
  private titleText: string | null = null;
  private bodyExists = false;
  /** Body text: its length, and where its first and last non-whitespace characters are. */
  private bodyLen = 0;
  private firstNonWs = -1;
  private lastNonWsEnd = 0;
  private h1: { entry: Open; head: string; moreText: boolean; closed: boolean } | null = null;

  constructor(private readonly text: string) {}

  get inForeign(): boolean {
    const cur = this.current();
    return cur !== undefined && cur.ns !== 'html' && !this.isIp(cur);
  }

  private current(): Open | undefined {
    return this.stack[this.stack.length - 1];
  }

  private isIp(e: Open): boolean {
    return e.htmlIp || (e.ns === 'math' && MATH_TEXT_IP.has(e.name));
  }

  /** The document as collectSignals reads it. */
  document(): DocumentLike {
    const tags = this.tags;
    // collectSignals trims the h1 and keeps 300 characters: past the first 300, one more character stands for the rest.
    const h1 = this.h1 ? this.h1.head + (this.h1.moreText ? '…' : '') : null;
    const trimmedLength = this.firstNonWs < 0 ? 0 : this.lastNonWsEnd - this.firstNonWs;
    return {
      title: this.titleText === null ? '' : this.titleText.replace(/[\t\n\f\r ]+/g, ' ').trim(),
      querySelectorAll: (selector: string) => {
        if (selector !== 'meta[name], meta[http-equiv], link[rel], base[href]') throw new Error(`SignalCollector: unsupported selector "${selector}"`);
        return tags;
      },
      querySelector: (selector: string) => {
        if (selector !== 'h1') throw new Error(`SignalCollector: unsupported selector "${selector}"`);
        return h1 === null ? null : { textContent: h1 };
      },
      // The body's text is only ever measured: its length after trim(), never the text.
      body: this.bodyExists ? { textContent: null, trimmedLength } : null,
    };
  }

  // ---- Text ----

  /** Body text, as the tree gets it (NUL already handled). */
  private bodyText(s: string): void {
    if (!s) return;
    if (this.h1 && !this.h1.closed) this.h1Text(s);
    let i = 0;
    while (i < s.length && TRIM_WS.test(s[i]!)) i++;
    if (i < s.length) {
      if (this.firstNonWs < 0) this.firstNonWs = this.bodyLen + i;
      let j = s.length;
      while (j > i && TRIM_WS.test(s[j - 1]!)) j--;
      this.lastNonWsEnd = this.bodyLen + j;
    }
    this.bodyLen += s.length;
  }

  private h1Text(s: string): void {
    const h = this.h1!;
    let t = s;
    if (!h.head) {
      let i = 0;
      while (i < t.length && TRIM_WS.test(t[i]!)) i++;
      t = t.slice(i);
      if (!t) return;
    }
    const room = 300 - h.head.length;
    if (room > 0) h.head += t.slice(0, room);
    if (!h.moreText && t.length > room && /[^\s\uFEFF\xA0]/.test(t.slice(Math.max(0, room)))) h.moreText = true;
  }

  private get collecting(): boolean {
    return this.templates === 0;
  }

  textRun(start: number, end: number): void {
    if (this.outOfModel) return;
    let s = newlines(this.text.slice(start, end));
    if (this.skipNewline) {
      this.skipNewline = false;
      if (s[0] === '\n') s = s.slice(1);
    }
    const cdata = start >= 9 && this.text.startsWith('<![CDATA[', start - 9) && this.inForeign;
    const foreign = this.inForeign;
    if (!cdata && s.includes('&')) s = decodeHTML(s);
    if (foreign) s = nulTo(s, '\ufffd');
    if (this.templates > 0) return;
    if (this.mode !== 'body') {
      // Before the body: leading whitespace stays in <head> (or is dropped); anything else starts the body.
      const ws = HTML_WS.exec(s)![0].length;
      if (ws === s.length) return;
      s = s.slice(ws);
      this.startBody();
    }
    if (this.reopens) return this.out('formatting elements reopened');
    if (!foreign) {
      const cur = this.current();
      if (cur && cur.ns === 'html' && TABLE_CONTEXT.has(cur.name) && /[^\t\n\f\r ]/.test(s)) return this.out('text in a table (foster parenting)');
      s = nulTo(s, '');
    }
    this.bodyText(s);
  }

  rawContent(start: number, end: number): void {
    if (this.outOfModel || !this.raw) return;
    let s = newlines(this.text.slice(start, end));
    if (this.raw.skipNewline) {
      this.raw.skipNewline = false;
      if (s[0] === '\n') s = s.slice(1);
    }
    if (this.raw.name === 'script') {
      // "<!--" then "<script": the end tag that follows may not end the script (found with indexOf: linear).
      const open = s.indexOf('<!--');
      if (open >= 0 && SCRIPT_START.test(open === 0 ? s : s.slice(open))) return this.out('script data double-escaped');
    }
    if (this.raw.rcdata && s.includes('&')) s = decodeHTML(s);
    s = nulTo(s, '\ufffd');
    if (this.raw.kind === 'title') this.titleText += s;
    if (this.raw.inBody) this.bodyText(s);
  }

  doctype(start: number, end: number): void {
    this.skipNewline = false;
    if (this.mode === 'beforeHead' && this.stack.length === 0) this.quirksSafe = /^<!doctype[\t\n\f\r ]+html[\t\n\f\r ]*>$/i.test(this.text.slice(start, end));
  }

  comment(): void {
    this.skipNewline = false;
  }

  eof(): void {
    this.raw = null;
  }

  private out(why: string): void {
    this.outOfModel ??= why;
  }

  private startBody(): void {
    this.mode = 'body';
    this.bodyExists = true;
  }

  // ---- The stack ----

  private push(name: string, ns: Ns = 'html', htmlIp = false): Open {
    const e = { name, ns, htmlIp };
    this.stack.push(e);
    if (ns === 'html') this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    if (ns === 'html' && name === 'template') this.templates++;
    if (ns === 'html' && name === 'h1' && !this.h1 && this.collecting && this.mode === 'body') this.h1 = { entry: e, head: '', moreText: false, closed: false };
    return e;
  }

  private popTo(length: number): void {
    const target = this.stack[length];
    const clears = target !== undefined && target.ns === 'html' && MARKERS.has(target.name);
    while (this.stack.length > length) {
      const e = this.stack.pop()!;
      if (e.ns === 'html') this.counts.set(e.name, this.counts.get(e.name)! - 1);
      // A formatting element closed by something else is reopened by the next text or tag (the tree builder's reconstruction).
      if (e !== target && !clears && e.ns === 'html' && FORMATTING.has(e.name)) this.reopens = true;
      if (e.ns === 'html' && e.name === 'template') this.templates--;
      if (e.ns === 'html' && e.name === 'form') this.formOpen = false;
      if (this.h1 && this.h1.entry === e) this.h1.closed = true;
    }
  }

  private removeAt(i: number): void {
    const [e] = this.stack.splice(i, 1);
    if (e && e.ns === 'html') this.counts.set(e.name, this.counts.get(e.name)! - 1);
    if (e && this.h1 && this.h1.entry === e) this.h1.closed = true;
  }

  /** Index of the element `names` in the given scope, or -1. */
  private inScope(names: Set<string> | string, extra?: Set<string>): number {
    if (!this.open(names)) return -1;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const e = this.stack[i]!;
      if (e.ns === 'html' && (typeof names === 'string' ? e.name === names : names.has(e.name))) return i;
      if (e.ns === 'html' ? SCOPE.has(e.name) || extra?.has(e.name) : this.isIp(e) || (e.ns === 'math' && e.name === 'annotation-xml')) return -1;
    }
    return -1;
  }

  private inTableScope(name: string): number {
    if (!this.open(name)) return -1;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const e = this.stack[i]!;
      if (e.ns === 'html' && e.name === name) return i;
      if (e.ns === 'html' && (e.name === 'html' || e.name === 'table' || e.name === 'template')) return -1;
    }
    return -1;
  }

  private closeP(): void {
    const i = this.inScope('p', BUTTON);
    if (i >= 0) this.popTo(i);
  }

  private has(name: string): boolean {
    if (!this.open(name)) return false;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const e = this.stack[i]!;
      if (e.ns === 'html' && e.name === name) return true;
      if (e.ns === 'html' && e.name === 'template') return false;
    }
    return false;
  }

  // ---- Tags ----

  startTag(t: TagSpan): RawMode {
    this.skipNewline = false;
    if (this.outOfModel) return null;
    if (this.reopens && this.mode === 'body') return this.out('formatting elements reopened'), null;
    const cur = this.current();
    if (cur && cur.ns !== 'html') {
      const htmlRules =
        (this.isIp(cur) && !(cur.ns === 'math' && (t.name === 'mglyph' || t.name === 'malignmark') && !cur.htmlIp)) ||
        (t.name === 'svg' && cur.ns === 'math' && cur.name === 'annotation-xml');
      if (!htmlRules) {
        const breakout = BREAKOUT.has(t.name) || (t.name === 'font' && t.attrs.some((a) => a.name === 'color' || a.name === 'face' || a.name === 'size'));
        if (!breakout) {
          if (!t.selfClosing) this.pushForeign(t, cur.ns);
          return null;
        }
        let i = this.stack.length - 1;
        while (i >= 0 && this.stack[i]!.ns !== 'html' && !this.isIp(this.stack[i]!)) i--;
        this.popTo(i + 1);
      }
    }
    if (this.templates > 0) return this.inBody(t);
    switch (this.mode) {
      case 'beforeHead':
        if (t.name === 'html') return null;
        this.mode = 'inHead';
        if (t.name === 'head') return null;
        return this.startTag(t);
      case 'inHead':
        if (t.name === 'html' || t.name === 'head') return null;
        if (HEAD_ELEMENTS.has(t.name) || t.name === 'noscript') return this.inBody(t, false);
        this.mode = 'afterHead';
        return this.startTag(t);
      case 'afterHead':
        if (t.name === 'html' || t.name === 'head') return null;
        if (HEAD_ELEMENTS.has(t.name)) return this.inBody(t, false);
        if (t.name === 'frameset') return this.out('frameset'), null;
        this.startBody();
        if (t.name === 'body') return null;
        return this.inBody(t);
      case 'body':
        return this.inBody(t);
    }
  }

  private pushForeign(t: TagSpan, ns: Ns): void {
    const name = ns === 'svg' ? (SVG_NAMES.get(t.name) ?? t.name) : t.name;
    const ip =
      (ns === 'svg' && SVG_HTML_IP.has(name)) ||
      (ns === 'math' && name === 'annotation-xml' && /^(text\/html|application\/xhtml\+xml)$/i.test(t.attrs.find((a) => a.name === 'encoding')?.value ?? ''));
    this.push(name, ns, ip);
  }

  private record(t: TagSpan, inBody: boolean): void {
    if (!this.collecting) return;
    const name = t.name;
    const has = (n: string) => t.attrs.some((a) => a.name === n);
    if (!((name === 'meta' && (has('name') || has('http-equiv'))) || (name === 'link' && has('rel')) || (name === 'base' && has('href')))) return;
    const attrs = new Map<string, string>();
    for (const a of t.attrs) {
      let v = newlines(rawAttrValue(this.text, a));
      if (v.includes('&')) v = decodeHTMLAttribute(v);
      attrs.set(nulTo(a.name, '\ufffd'), nulTo(v, '\ufffd'));
    }
    this.tags.push(new Tag(name, attrs, inBody));
  }

  private rawStart(name: string, mode: RawMode, inBody: boolean): RawMode {
    const firstTitle = name === 'title' && this.titleText === null && this.collecting;
    if (firstTitle) this.titleText = '';
    const kind = firstTitle ? 'title' : inBody && this.collecting ? 'body' : 'none';
    this.raw = { name, kind, rcdata: mode === 'rcdata', skipNewline: name === 'textarea', inBody: inBody && this.collecting };
    return mode;
  }

  /** A start tag by the "in body" rules (or in head's, `inBody` false), in HTML content. */
  private inBody(t: TagSpan, inBody = true): RawMode {
    const name = t.name === 'image' ? 'img' : t.name;
    const inSelect = inBody && this.has('select');
    if (inSelect) {
      if (name === 'option') {
        if (this.current()?.name === 'option') this.popTo(this.stack.length - 1);
        this.push(name);
      } else if (name === 'optgroup') {
        if (this.current()?.name === 'option') this.popTo(this.stack.length - 1);
        if (this.current()?.name === 'optgroup') this.popTo(this.stack.length - 1);
        this.push(name);
      } else if (name === 'hr') {
        if (this.current()?.name === 'option') this.popTo(this.stack.length - 1);
        if (this.current()?.name === 'optgroup') this.popTo(this.stack.length - 1);
      } else if (name === 'select' || name === 'input' || name === 'keygen' || name === 'textarea') {
        this.popTo(this.stack.lastIndexOf(this.stack.findLast((e) => e.ns === 'html' && e.name === 'select')!));
        if (name !== 'select') return this.inBody(t);
      } else if (name === 'script' || name === 'template') {
        if (name === 'script') return this.rawStart(name, 'script', true);
        this.push(name);
      } else if (TABLE_PARTS.has(name) || name === 'table') return this.out('select in a table'), null;
      return null;
    }
    const cur = this.current();
    if (inBody && cur && cur.ns === 'html' && TABLE_CONTEXT.has(cur.name)) return this.inTable(t, name, cur);
    if (inBody && TABLE_PARTS.has(name)) {
      // A table part inside a cell or caption closes it; elsewhere (no table) it is ignored.
      const at = Math.max(this.inTableScope('td'), this.inTableScope('th'), this.inTableScope('caption'));
      if (at < 0) return null;
      this.popTo(at);
      return this.startTag(t);
    }
    if (HEADINGS.has(name)) {
      this.closeP();
      const c = this.current();
      if (c && c.ns === 'html' && HEADINGS.has(c.name)) this.popTo(this.stack.length - 1);
      this.push(name);
      return null;
    }
    switch (name) {
      case 'html':
      case 'head':
        return null;
      case 'body':
        return null;
      case 'frameset':
        return this.out('frameset'), null;
      case 'meta':
      case 'link':
      case 'base':
        this.record(t, inBody);
        return null;
      case 'title':
        return this.rawStart(name, 'rcdata', inBody);
      case 'textarea':
        return this.rawStart(name, 'rcdata', inBody);
      case 'script':
        return this.rawStart(name, 'script', inBody);
      case 'template':
        this.push(name);
        return null;
      case 'li':
      case 'dd':
      case 'dt': {
        const same = name === 'li' ? LI : DD_DT;
        for (let i = this.stack.length - 1; i >= 0; i--) {
          const e = this.stack[i]!;
          if (e.ns === 'html' && same.has(e.name)) {
            this.popTo(i);
            break;
          }
          if ((e.ns !== 'html' ? this.isIp(e) || e.name === 'annotation-xml' : SPECIAL.has(e.name)) && !(e.ns === 'html' && (e.name === 'address' || e.name === 'div' || e.name === 'p'))) break;
        }
        this.closeP();
        this.push(name);
        return null;
      }
      case 'form':
        if (this.formOpen && this.templates === 0) return null;
        this.closeP();
        this.push(name);
        if (this.templates === 0) this.formOpen = true;
        return null;
      case 'button': {
        const i = this.inScope('button');
        if (i >= 0) this.popTo(i);
        this.push(name);
        return null;
      }
      case 'a':
      case 'nobr': {
        const i = name === 'a' ? this.lastFormatting('a') : this.inScope('nobr');
        if (i >= 0) return this.out('misnested formatting elements'), null;
        this.push(name);
        return null;
      }
      case 'table':
        if (this.inScope('p', BUTTON) >= 0) {
          if (!this.quirksSafe) return this.out('table in a p (quirks mode)'), null;
          this.closeP();
        }
        this.push(name);
        return null;
      case 'select':
        if (this.has('table')) return this.out('select in a table'), null;
        this.push(name);
        return null;
      case 'svg':
      case 'math':
        if (!t.selfClosing) this.pushForeign(t, name);
        return null;
      case 'plaintext':
        this.closeP();
        this.push(name);
        this.raw = { name, kind: inBody && this.collecting ? 'body' : 'none', rcdata: false, skipNewline: false, inBody: inBody && this.collecting };
        return 'plaintext';
    }
    if (name === 'xmp') this.closeP();
    if (RAWTEXT.has(name)) {
      this.raw = { name, kind: inBody && this.collecting ? 'body' : 'none', rcdata: false, skipNewline: false, inBody: inBody && this.collecting };
      return 'rawtext';
    }
    if (CLOSES_P.has(name)) this.closeP();
    if (VOID.has(name)) return null;
    this.push(name);
    if (name === 'pre' || name === 'listing') this.skipNewline = true;
    return null;
  }

  private inTable(t: TagSpan, name: string, cur: Open): RawMode {
    const popToTableIn = (names: Set<string>) => {
      let i = this.stack.length - 1;
      while (i > 0 && !(this.stack[i]!.ns === 'html' && names.has(this.stack[i]!.name))) i--;
      this.popTo(i + 1);
    };
    switch (name) {
      case 'caption':
      case 'colgroup':
        popToTableIn(TABLE_ONLY);
        this.push(name);
        return null;
      case 'col':
        popToTableIn(TABLE_ONLY);
        return null;
      case 'tbody':
      case 'thead':
      case 'tfoot':
        popToTableIn(TABLE_ONLY);
        this.push(name);
        return null;
      case 'tr':
        if (cur.name === 'table') this.push('tbody');
        else if (cur.name === 'tr') this.popTo(this.stack.length - 1);
        this.push(name);
        return null;
      case 'td':
      case 'th':
        if (cur.name === 'table') this.push('tbody');
        if (this.current()!.name !== 'tr') this.push('tr');
        this.push(name);
        return null;
      case 'table': {
        const i = this.inTableScope('table');
        if (i < 0) return null;
        this.popTo(i);
        return this.startTag(t);
      }
      case 'style':
      case 'script':
      case 'template':
        return this.headInBody(t, name);
      case 'input':
        if ((t.attrs.find((a) => a.name === 'type')?.value ?? '').toLowerCase() === 'hidden') return null;
        return this.out('foster parenting'), null;
      case 'form':
        return null;
    }
    return this.out('foster parenting'), null;
  }

  private headInBody(t: TagSpan, name: string): RawMode {
    if (name === 'template') {
      this.push(name);
      return null;
    }
    return name === 'script' ? this.rawStart(name, 'script', true) : ((this.raw = { name, kind: this.collecting ? 'body' : 'none', rcdata: false, skipNewline: false, inBody: this.collecting }), 'rawtext');
  }

  private lastFormatting(name: string): number {
    if (!this.open(name)) return -1;
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const e = this.stack[i]!;
      if (e.ns === 'html' && e.name === name) return i;
      if (e.ns === 'html' && MARKERS.has(e.name)) return -1;
    }
    return -1;
  }

  /** The adoption agency, as far as the signals care: the formatting element leaves the stack; the blocks opened in it stay open. */
  private adopt(name: string): boolean {
    const i = this.lastFormatting(name);
    if (i < 0) return false;
    if (this.inScope(name) < 0) return true;
    if (i !== this.stack.length - 1) return this.out('misnested formatting elements'), true;
    this.popTo(i);
    return true;
  }

  endTag(t: TagSpan): void {
    this.skipNewline = false;
    if (this.outOfModel) return;
    const raw = this.raw;
    if (raw && raw.name === t.name) {
      this.raw = null;
      return;
    }
    const cur = this.current();
    if (cur && cur.ns !== 'html') {
      if (t.name === 'p' || t.name === 'br') {
        let i = this.stack.length - 1;
        while (i >= 0 && this.stack[i]!.ns !== 'html' && !this.isIp(this.stack[i]!)) i--;
        this.popTo(i + 1);
      } else {
        // The topmost foreign element of that name closes, unless an HTML element is above it.
        for (let i = this.stack.length - 1; i >= 0; i--) {
          const e = this.stack[i]!;
          if (e.ns === 'html') break;
          if (e.name.toLowerCase() === t.name) return this.popTo(i);
        }
      }
    }
    this.htmlEnd(t);
  }

  private htmlEnd(t: TagSpan): void {
    const name = t.name;
    if (name === 'template') {
      if (this.templates === 0) return;
      let i = this.stack.length - 1;
      while (!(this.stack[i]!.ns === 'html' && this.stack[i]!.name === 'template')) i--;
      this.popTo(i);
      return;
    }
    if (this.templates === 0) {
      switch (this.mode) {
        case 'beforeHead':
          if (name !== 'head' && name !== 'body' && name !== 'html' && name !== 'br') return;
          this.mode = 'inHead';
          return this.htmlEnd(t);
        case 'inHead':
          if (name === 'head') {
            this.mode = 'afterHead';
            return;
          }
          if (name !== 'body' && name !== 'html' && name !== 'br') return;
          this.mode = 'afterHead';
          return this.htmlEnd(t);
        case 'afterHead':
          if (name !== 'body' && name !== 'html' && name !== 'br') return;
          this.startBody();
          return this.htmlEnd(t);
      }
    }
    if (this.has('select')) {
      if (name === 'option' || name === 'optgroup') {
        const c = this.current();
        if (name === 'optgroup' && c?.name === 'option' && this.stack[this.stack.length - 2]?.name === 'optgroup') this.popTo(this.stack.length - 1);
        if (this.current()?.name === name) this.popTo(this.stack.length - 1);
      } else if (name === 'select') {
        const i = this.stack.findLastIndex((e) => e.ns === 'html' && e.name === 'select');
        this.popTo(i);
      }
      return;
    }
    const cur = this.current();
    const inTable = cur && cur.ns === 'html' && TABLE_CONTEXT.has(cur.name);
    if (name === 'table' || name === 'tbody' || name === 'thead' || name === 'tfoot' || name === 'tr' || name === 'td' || name === 'th' || name === 'caption' || name === 'colgroup') {
      const i = this.inTableScope(name);
      if (i >= 0) this.popTo(i);
      return;
    }
    if (inTable && (name === 'body' || name === 'col' || name === 'html')) return;
    if (name === 'body' || name === 'html') return;
    if (name === 'br') return;
    if (name === 'p') {
      const i = this.inScope('p', BUTTON);
      if (i >= 0) this.popTo(i);
      return;
    }
    if (name === 'li' || name === 'dd' || name === 'dt') {
      const i = this.inScope(name, name === 'li' ? LIST : undefined);
      if (i >= 0) this.popTo(i);
      return;
    }
    if (HEADINGS.has(name)) {
      const i = this.inScope(HEADINGS);
      if (i >= 0) this.popTo(i);
      return;
    }
    if (name === 'form') {
      const i = this.inScope('form');
      if (this.templates === 0) {
        if (this.formOpen && i >= 0) {
          this.removeAt(i);
          this.formOpen = false;
        }
        this.formOpen = false;
      } else if (i >= 0) this.popTo(i);
      return;
    }
    if (BLOCK_END.has(name)) {
      const i = this.inScope(name);
      if (i >= 0) this.popTo(i);
      return;
    }
    if (FORMATTING.has(name) && this.adopt(name)) return;
    // Any other end tag: the nearest element of that name, unless a special element comes first.
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const e = this.stack[i]!;
      if (e.ns === 'html' && e.name === name) return this.popTo(i);
      if (e.ns === 'html' ? SPECIAL.has(e.name) : this.isIp(e) || e.name === 'annotation-xml') return;
    }
  }
}

const BUTTON = new Set(['button']);
const LIST = new Set(['ol', 'ul']);
const LI = new Set(['li']);
const DD_DT = new Set(['dd', 'dt']);
const TABLE_ONLY = new Set(['table', 'template', 'html']);
const MARKERS = new Set(['applet', 'marquee', 'object', 'template', 'td', 'th', 'caption']);
/** The one SVG name adjustment the model needs: foreignObject is an integration point. */
const SVG_NAMES = new Map([['foreignobject', 'foreignObject']]);
