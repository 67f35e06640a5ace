import {
  ancBit,
  CLOSES_P,
  EXITS_FOREIGN,
  FORMATTING,
  HEADINGS,
  IMPLIED_END,
  IMPLIED_END_THOROUGH,
  SCOPE_HTML,
  SCOPE_MATHML,
  SCOPE_SVG,
  SPECIAL_HTML,
  SPECIAL_MATHML,
  SPECIAL_SVG,
  SVG_NAMES,
  TABLE_STRUCTURE,
} from './elements';
import { TextState, type HtmlTokenizer, type TokenReceiver } from './HtmlTokenizer';
import { isQuirks } from './parseDoctype';
import { CHARREF, HTML, LITERAL, MATHML, NUL, SVG, type DoctypeToken, type El, type HtmlSink, type Namespace, type Region, type TagToken, type TextRun } from './types';

// Insertion modes (the HTML standard's, as parse5 numbers them).
const enum M {
  Initial,
  BeforeHtml,
  BeforeHead,
  InHead,
  AfterHead,
  InBody,
  Text,
  InTable,
  InTableText,
  InCaption,
  InColumnGroup,
  InTableBody,
  InRow,
  InCell,
  InSelect,
  InSelectInTable,
  InTemplate,
  AfterBody,
  InFrameset,
  AfterFrameset,
  AfterAfterBody,
  AfterAfterFrameset,
}

let regionIds = 0;
const newRegion = (parent: Region | null, table: El | null, kind: Region['kind']): Region => ({ id: ++regionIds, parent, table, kind });

/** An element as the tree builder keeps it: El, plus what the stack's scope checks read. */
class Elem implements El {
  anc: number;
  parent: Elem | null;
  region: Region;
  /** For an HTML <table>: its two regions. */
  inner: Region | null = null;
  fosterRegion: Region | null = null;
  readonly special: boolean;
  readonly scope: boolean;
  /** A MathML text integration point, an HTML integration point (SVG foreignObject/desc/title, annotation-xml with an HTML encoding). */
  readonly mathTextIp: boolean;
  readonly htmlIp: boolean;
  constructor(
    readonly name: string,
    readonly ns: Namespace,
    parent: Elem | null,
    region: Region,
    readonly inTemplate: boolean,
    public fostered: boolean,
    readonly tag: TagToken | null,
    readonly cloneOf: El | null,
    readonly agency = false,
  ) {
    this.parent = parent;
    this.region = region;
    this.anc = parent ? parent.anc | ancBit(parent.name, parent.ns) : 0;
    if (ns === HTML) {
      this.special = SPECIAL_HTML.has(name);
      this.scope = SCOPE_HTML.has(name);
      this.mathTextIp = false;
      this.htmlIp = false;
      if (name === 'table') {
        this.inner = newRegion(region, this, 'inner');
        this.fosterRegion = newRegion(region, this, 'fostered');
      }
    } else if (ns === SVG) {
      this.special = SPECIAL_SVG.has(name);
      this.scope = SCOPE_SVG.has(name);
      this.mathTextIp = false;
      this.htmlIp = this.special;
    } else {
      this.special = SPECIAL_MATHML.has(name);
      this.scope = SCOPE_MATHML.has(name);
      this.mathTextIp = name === 'mi' || name === 'mo' || name === 'mn' || name === 'ms' || name === 'mtext';
      const enc = name === 'annotation-xml' && tag ? tag.attrs.find((a) => a.name === 'encoding')?.value.toLowerCase() : undefined;
      this.htmlIp = enc === 'text/html' || enc === 'application/xhtml+xml';
    }
  }
  /** The region its children go to. */
  get childRegion(): Region {
    return this.inner ?? this.region;
  }
}

interface FEntry {
  el: Elem | null;
  tag: TagToken | null;
  /** Its name and attributes as one string (Noah's Ark compares them): made only when an entry of the same name is compared with it. */
  key: string | null;
  older: FEntry | null;
  newer: FEntry | null;
}

const attrKey = (t: TagToken) =>
  t.name +
  t.attrs
    .map((a) => `\0${a.name}\0${a.value}`)
    .sort()
    .join('');

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;

/** Scope kinds for `inScope`. */
const SCOPE = 0;
const LIST = 1;
const BUTTON = 2;
const TABLE = 3;

/**
 * HTML tree construction (html.spec.whatwg.org/multipage/parsing.html#tree-construction), as
 * parse5 8 does it — without the tree. It keeps what the algorithm reads: the stack of open
 * elements (with counters, so scope checks stay constant-time however deep the page nests), the
 * list of active formatting elements, the insertion modes, the head and form pointers, the
 * pending table text. What the tree would hold is handed to the readers (HtmlSink) as it is
 * inserted: elements with their parent, namespace, template and region, text with where it went,
 * comments — in source order, with foster parenting marked by regions (see Region).
 *
 * Nothing of a closed element is kept: memory is the open elements and the formatting list.
 */
export class TreeBuilder implements TokenReceiver {
  private mode = M.Initial;
  private originalMode = M.Initial;
  private tmplModes: M[] = [];
  private head: Elem | null = null;
  private form: Elem | null = null;
  private framesetOk = true;
  private fosterEnabled = false;
  private skipNextNewLine = false;
  private quirks = false;
  /** Pending table text: runs saved as they came (their strings, offsets and kinds). */
  private pendingTable: { kind: number; s: string; rawFrom: number; from: number; to: number; start: number; end: number; srcChars: number; ws: boolean }[] = [];
  private pendingNonWs = false;
  // The stack of open elements and its counters.
  private st: Elem[] = [];
  private cScope: number[] = [];
  private cList: number[] = [];
  private cButton: number[] = [];
  private cTable: number[] = [];
  private cSpecial: number[] = [];
  private cListBoundary: number[] = [];
  private cHtml: number[] = [];
  /** Slots of open elements by name (HTML names as they are, SVG and MathML prefixed). */
  private tops = new Map<string, number[]>();
  private tmplCount = 0;
  // The list of active formatting elements.
  private newest: FEntry | null = null;
  private bookmark: FEntry | null = null;
  private readonly root: Region;
  /** The token being processed: where it starts, and the end tag (for the elements it closes). */
  private tokStart = 0;
  private tokEnd: TagToken | null = null;
  private readonly run: TextRun;
  private stopped = false;
  private bodyEl: Elem | null = null;
  private sinkList: HtmlSink[] = [];
  /** The readers that take each of the frequent events (none is asked about a method it does not have). */
  private onOpen: HtmlSink[] = [];
  private onClose: HtmlSink[] = [];
  private onText: HtmlSink[] = [];
  private onStartTag: HtmlSink[] = [];
  private onEndTag: HtmlSink[] = [];
  get sinks(): HtmlSink[] {
    return this.sinkList;
  }
  set sinks(list: HtmlSink[]) {
    this.sinkList = list;
    this.onOpen = list.filter((s) => s.open);
    this.onClose = list.filter((s) => s.close);
    this.onText = list.filter((s) => s.text);
    this.onStartTag = list.filter((s) => s.startTag);
    this.onEndTag = list.filter((s) => s.endTag);
  }

  /** The tokenizer it tells which text state follows a start tag. */
  tokenizer: { switchTo: TextState | null } | null = null;

  constructor(
    sinks: HtmlSink[],
    private readonly unit = 1,
  ) {
    this.sinks = sinks;
    this.root = newRegion(null, null, 'root');
    this.run = {
      s: '',
      rawFrom: 0,
      from: 0,
      to: 0,
      srcChars: 0,
      start: 0,
      end: 0,
      kind: LITERAL,
      parent: null as unknown as El,
      inTemplate: false,
      region: this.root,
      fostered: false,
      raw: false,
      nulToFffd: false,
      hasCr: false,
      offset: (i: number) => this.pos(this.run.s, i, this.run.rawFrom, this.run.start),
    };
  }

  /** The current piece's offsets, for runs the tree builder splits. */
  offsets: { at(i: number): number } | null = null;
  piece = '';

  // ---- The stack ----

  private get current(): Elem | undefined {
    return this.st[this.st.length - 1];
  }
  private key(el: Elem): string {
    return el.ns === HTML ? el.name : el.ns === SVG ? `\u0001${el.name}` : `\u0002${el.name}`;
  }
  private push(el: Elem, notify = true): void {
    const k = this.st.length;
    this.st.push(el);
    this.count(k);
    const key = this.key(el);
    const a = this.tops.get(key);
    if (a) a.push(k);
    else this.tops.set(key, [k]);
    if (el.ns === HTML && el.name === 'template') this.tmplCount++;
    if (notify) for (const s of this.onOpen) s.open!(el);
  }
  private count(k: number): void {
    const el = this.st[k]!;
    const p = k - 1;
    const h = el.ns === HTML;
    this.cScope[k] = (p >= 0 ? this.cScope[p]! : 0) + (el.scope ? 1 : 0);
    this.cList[k] = (p >= 0 ? this.cList[p]! : 0) + (el.scope || (h && (el.name === 'ol' || el.name === 'ul')) ? 1 : 0);
    this.cButton[k] = (p >= 0 ? this.cButton[p]! : 0) + (el.scope || (h && el.name === 'button') ? 1 : 0);
    this.cTable[k] = (p >= 0 ? this.cTable[p]! : 0) + (h && (el.name === 'table' || el.name === 'html') ? 1 : 0);
    this.cSpecial[k] = (p >= 0 ? this.cSpecial[p]! : 0) + (el.special ? 1 : 0);
    this.cListBoundary[k] = (p >= 0 ? this.cListBoundary[p]! : 0) + (el.special && !(h && (el.name === 'address' || el.name === 'div' || el.name === 'p')) ? 1 : 0);
    this.cHtml[k] = h ? k : p >= 0 ? this.cHtml[p]! : -1;
  }
  private closed(el: Elem, counted = false): void {
    if (!counted && el.ns === HTML && el.name === 'template') this.tmplCount--;
    const end = this.tokEnd && this.tokEnd.name === el.name ? this.tokEnd : null;
    const at = end ? end.end : this.tokStart;
    const agency = this.inAgency;
    for (const s of this.onClose) s.close!(el, end, at, agency);
    if (el.inner) for (const s of this.sinks) s.regionClose?.(el, el.fosterRegion!, el.inner, el.region);
  }
  private pop(): void {
    const el = this.st.pop()!;
    const a = this.tops.get(this.key(el))!;
    a.pop();
    // The counters above the stack's top are left as they are (nothing reads them; the next push overwrites them).
    this.closed(el);
    // An element taken off the stack from under others (a </form>) ends with the last of them.
    while (this.deferred.length && this.deferred[this.deferred.length - 1]!.at >= this.st.length) this.closed(this.deferred.pop()!.el, true);
  }
  /** Elements removed from the middle of the stack (not by the adoption agency): their content goes on in what was above them. */
  private deferred: { el: Elem; at: number }[] = [];
  private shortenTo(len: number): void {
    while (this.st.length > len) this.pop();
  }
  private indexOf(el: Elem): number {
    const a = this.tops.get(this.key(el));
    if (!a) return -1;
    for (let i = a.length - 1; i >= 0; i--) if (this.st[a[i]!] === el) return a[i]!;
    return -1;
  }
  private contains(el: Elem): boolean {
    return this.indexOf(el) >= 0;
  }
  /** Removes the element at slot `i` (not the current node): the counters above it are recounted. */
  private removeAt(i: number, notify = true): void {
    if (i === this.st.length - 1) {
      if (notify) this.pop();
      else this.st.pop();
      this.reindexFrom(i);
      return;
    }
    const [el] = this.st.splice(i, 1);
    this.reindexFrom(i);
    if (notify && this.inAgency) this.closed(el!);
    else if (notify) {
      if (el!.ns === HTML && el!.name === 'template') this.tmplCount--;
      this.deferred.push({ el: el!, at: i });
    } else if (el!.ns === HTML && el!.name === 'template') this.tmplCount--;
  }
  private insertAt(i: number, el: Elem): void {
    this.st.splice(i, 0, el);
    if (el.ns === HTML && el.name === 'template') this.tmplCount++;
    this.reindexFrom(i);
  }
  private reindexFrom(i: number): void {
    const n = this.st.length;
    for (let k = i; k < n; k++) this.count(k);
    for (const a of this.tops.values()) {
      let w = 0;
      for (const s of a) if (s < i) a[w++] = s;
      a.length = w;
    }
    for (let k = i; k < n; k++) {
      const key = this.key(this.st[k]!);
      const a = this.tops.get(key);
      if (a) a.push(k);
      else this.tops.set(key, [k]);
    }
  }
  private topOf(name: string): number {
    const a = this.tops.get(name);
    return a && a.length ? a[a.length - 1]! : -1;
  }
  private topOfAny(names: readonly string[]): number {
    let t = -1;
    for (const n of names) t = Math.max(t, this.topOf(n));
    return t;
  }
  private inScopeAt(t: number, kind: number): boolean {
    if (t < 0) return false;
    const top = this.st.length - 1;
    const c = kind === SCOPE ? this.cScope : kind === LIST ? this.cList : kind === BUTTON ? this.cButton : this.cTable;
    return c[top] === c[t];
  }
  private inScope(name: string, kind = SCOPE): boolean {
    return this.inScopeAt(this.topOf(name), kind);
  }
  private hasSpecialAbove(i: number): boolean {
    return this.cSpecial[this.st.length - 1] !== this.cSpecial[i];
  }
  private hasListItemBoundaryAbove(i: number): boolean {
    return this.cListBoundary[this.st.length - 1] !== this.cListBoundary[i];
  }
  private inSelectScope(name: string): boolean {
    for (let i = this.st.length - 1; i >= 0; i--) {
      const e = this.st[i]!;
      if (e.ns !== HTML) continue;
      if (e.name === name) return true;
      if (e.name !== 'option' && e.name !== 'optgroup') return false;
    }
    return true;
  }
  private curIs(name: string): boolean {
    const c = this.current;
    return c !== undefined && c.ns === HTML && c.name === name;
  }
  private popUntil(name: string): void {
    this.shortenTo(Math.max(this.topOf(name), 0));
  }
  private popUntilAny(names: readonly string[]): void {
    this.shortenTo(Math.max(this.topOfAny(names), 0));
  }
  private generateImpliedEndTags(except?: string): void {
    for (;;) {
      const c = this.current;
      if (!c || c.ns !== HTML || c.name === except) return;
      if (!(except === undefined ? IMPLIED_END.has(c.name) : IMPLIED_END_THOROUGH.has(c.name))) return;
      this.pop();
    }
  }
  private generateImpliedEndTagsThoroughly(): void {
    for (;;) {
      const c = this.current;
      if (!c || c.ns !== HTML || !IMPLIED_END_THOROUGH.has(c.name)) return;
      this.pop();
    }
  }
  private clearBackTo(names: readonly string[]): void {
    this.shortenTo(this.topOfAny(names) + 1);
  }

  // ---- Context ----

  private isIntegrationPoint(e: Elem): boolean {
    return e.htmlIp || e.mathTextIp;
  }
  /** The current node is not an HTML element. */
  private get currentNotHtml(): boolean {
    const c = this.current;
    return c !== undefined && c.ns !== HTML;
  }
  /** Text and most tags go by the foreign-content rules (the current node is foreign and not an integration point). */
  private get inForeignNode(): boolean {
    const c = this.current;
    return c !== undefined && c.ns !== HTML && !this.isIntegrationPoint(c);
  }
  get cdataAllowed(): boolean {
    return this.inForeignNode;
  }

  // ---- Insertion ----

  /** Where the next node goes (written into one reused object: no allocation per text run or element). */
  private readonly loc: { parent: Elem | null; inTemplate: boolean; region: Region; fostered: boolean } = { parent: null, inTemplate: false, region: null as unknown as Region, fostered: false };
  private location(): { parent: Elem | null; inTemplate: boolean; region: Region; fostered: boolean } {
    const loc = this.loc;
    const cur = this.current;
    if (this.fosterEnabled && cur && cur.ns === HTML && TABLE_STRUCTURE.has(cur.name)) {
      const tableIdx = this.topOf('table');
      const tmplIdx = this.topOf('template');
      if (tmplIdx > tableIdx) {
        const t = this.st[tmplIdx]!;
        return this.at(t, true, t.region, false);
      }
      if (tableIdx >= 0) {
        const table = this.st[tableIdx]!;
        if (table.parent) return this.at(table.parent, table.inTemplate, table.fosterRegion!, true);
        const below = this.st[tableIdx - 1]!;
        return this.at(below, below.inTemplate, below.childRegion, false);
      }
      const html = this.st[0]!;
      return this.at(html, false, html.childRegion, false);
    }
    if (!cur) return this.at(null, false, this.root, false);
    if (cur.ns === HTML && cur.name === 'template') return this.at(cur, true, cur.region, false);
    loc.parent = cur;
    loc.inTemplate = cur.inTemplate;
    loc.region = cur.childRegion;
    loc.fostered = false;
    return loc;
  }
  private at(parent: Elem | null, inTemplate: boolean, region: Region, fostered: boolean): { parent: Elem | null; inTemplate: boolean; region: Region; fostered: boolean } {
    const loc = this.loc;
    loc.parent = parent;
    loc.inTemplate = inTemplate;
    loc.region = region;
    loc.fostered = fostered;
    return loc;
  }
  private create(name: string, ns: Namespace, tag: TagToken | null, cloneOf: El | null = null): Elem {
    const loc = this.location();
    return new Elem(name, ns, loc.parent, loc.region, loc.inTemplate, loc.fostered, tag, cloneOf);
  }
  /** Inserts an element and opens it. */
  private insert(t: TagToken, ns: Namespace = HTML, name = t.name): Elem {
    const el = this.create(name, ns, t);
    this.push(el);
    this.notifyStart(t, el);
    return el;
  }
  /** An element that is not opened (void, or self-closing in foreign content). */
  private append(t: TagToken, ns: Namespace = HTML, name = t.name): Elem {
    const el = this.create(name, ns, t);
    for (const s of this.onOpen) s.open!(el);
    this.notifyStart(t, el);
    const end = t.end;
    for (const s of this.onClose) s.close!(el, null, end);
    return el;
  }
  private insertFake(name: string): Elem {
    const el = this.create(name, HTML, null);
    this.push(el);
    return el;
  }
  private notified: TagToken | null = null;
  private notifyStart(t: TagToken, el: Elem | null): void {
    if (this.notified === t) return;
    this.notified = t;
    for (const s of this.onStartTag) s.startTag!(t, el);
  }
  private text(mode: TextState): void {
    if (this.tokenizer) this.tokenizer.switchTo = mode;
  }
  private switchToText(t: TagToken, mode: TextState): void {
    this.insert(t);
    this.text(mode);
    this.originalMode = this.mode;
    this.mode = M.Text;
  }

  // ---- Text ----

  /** Hands a run (or part of one) to the readers, inserted at the current insertion location. */
  private insertChars(kind: number, s: string, rawFrom: number, from: number, to: number, start: number, end: number, srcChars: number): void {
    const loc = this.location();
    if (!loc.parent) return;
    const r = this.run;
    r.s = s;
    r.rawFrom = rawFrom;
    r.from = from;
    r.to = to;
    r.start = start;
    r.end = end;
    r.srcChars = srcChars;
    r.kind = kind as TextRun['kind'];
    r.parent = loc.parent;
    r.inTemplate = loc.inTemplate;
    r.region = loc.region;
    r.fostered = loc.fostered;
    const raw = this.mode === M.Text;
    r.raw = raw;
    r.nulToFffd = raw || loc.parent.ns !== HTML;
    r.hasCr = kind === LITERAL && this.crIn(s, rawFrom, to);
    for (const x of this.onText) x.text!(r);
  }

  /** The next CR of the string last asked about, at or after crFrom (-1: none): a piece is searched once, not once per run. */
  private crS: string | null = null;
  private crFrom = 0;
  private crAt = -1;
  private crIn(s: string, from: number, to: number): boolean {
    if (s !== this.crS || from < this.crFrom || (this.crAt >= 0 && this.crAt < from)) {
      this.crS = s;
      this.crFrom = from;
      this.crAt = s.indexOf('\r', from);
    }
    return this.crAt >= 0 && this.crAt < to;
  }

  private pos(s: string, i: number, rawFrom: number, start: number): number {
    return s === this.piece && this.offsets ? this.offsets.at(i) : start + (i - rawFrom) * this.unit;
  }

  chars(s: string, rawFrom: number, from: number, to: number, start: number, end: number): void {
    if (this.stopped) return;
    this.tokStart = start;
    this.tokEnd = null;
    // The common case: text in body, nothing that depends on whitespace.
    if (this.mode === M.InBody && !this.framesetOk && !this.skipNextNewLine && !this.inForeignNode) {
      this.reconstructFormatting();
      this.insertChars(LITERAL, s, rawFrom, from, to, start, end, to - rawFrom);
      return;
    }
    // The content of a script, style or other raw-text element: inserted whole, whitespace or not
    // (no per-character split into runs, which a large inline script would pay character by character).
    if (this.mode === M.Text && !this.skipNextNewLine && !this.inForeignNode) {
      this.insertChars(LITERAL, s, rawFrom, from, to, start, end, to - rawFrom);
      return;
    }
    // Otherwise as parse5's tokens come: runs of whitespace and runs of other characters.
    let raw = rawFrom;
    let i = from;
    while (i < to) {
      const ws = isWs(s.charCodeAt(i));
      let j = i + 1;
      while (j < to && isWs(s.charCodeAt(j)) === ws) j++;
      const a = raw === rawFrom ? start : this.pos(s, raw, rawFrom, start);
      const b = j === to ? end : this.pos(s, j, rawFrom, start);
      this.token(ws, LITERAL, s, raw, i, j, a, b, j - raw);
      raw = i = j;
      if (this.stopped) return;
    }
  }

  charRef(decoded: string, start: number, end: number, srcChars: number): void {
    if (this.stopped) return;
    this.tokStart = start;
    this.tokEnd = null;
    // A reference decodes to whitespace or not as a whole (the few that decode to two characters are not whitespace).
    const ws = decoded.length > 0 && isWs(decoded.charCodeAt(0));
    this.token(ws, CHARREF, decoded, 0, 0, decoded.length, start, end, srcChars);
  }

  nul(start: number, end: number): void {
    if (this.stopped) return;
    this.tokStart = start;
    this.tokEnd = null;
    this.skipNextNewLine = false;
    if (this.inForeignNode) {
      this.insertChars(NUL, '\0', 0, 0, 1, start, end, 1);
      return;
    }
    switch (this.mode) {
      case M.Initial:
      case M.BeforeHtml:
      case M.BeforeHead:
      case M.InHead:
      case M.AfterHead:
      case M.AfterBody:
      case M.AfterAfterBody:
        this.anythingElseForText(false, NUL, '\0', 0, 0, 1, start, end, 1);
        return;
      case M.InColumnGroup:
        if (this.curIs('colgroup')) {
          this.pop();
          this.mode = M.InTable;
          this.nul(start, end);
        }
        return;
      case M.InTable:
      case M.InTableBody:
      case M.InRow:
        // The table text mode starts (a U+0000 in it is dropped).
        if (this.current && this.current.ns === HTML && TABLE_STRUCTURE.has(this.current.name)) {
          this.pendingTable = [];
          this.pendingNonWs = false;
          this.originalMode = this.mode;
          this.mode = M.InTableText;
        }
        return;
      case M.Text:
        this.insertChars(NUL, '\0', 0, 0, 1, start, end, 1);
        return;
      default:
        // In body, select, caption, cell, template, table text, frameset: ignored.
        return;
    }
  }

  /** One whitespace or non-whitespace character token (a run of them), by the insertion mode. */
  private token(ws: boolean, kind: number, s: string, rawFrom: number, from: number, to: number, start: number, end: number, srcChars: number): void {
    if (ws && this.skipNextNewLine) {
      this.skipNextNewLine = false;
      // The newline right after <pre>, <listing> or <textarea> is dropped (a CR LF counts as one).
      if (kind === CHARREF) {
        if (s.charCodeAt(0) === 0x0a) {
          if (to - from === 1) return;
          from++;
        }
      } else {
        const c = s.charCodeAt(from);
        if (c === 0x0a || c === 0x0d) {
          // Dropped from the text, not from the source the run covers.
          let k = from + 1;
          if (c === 0x0d && s.charCodeAt(k) === 0x0a) k++;
          if (k >= to) return;
          from = k;
        }
      }
    } else this.skipNextNewLine = false;
    if (this.inForeignNode) {
      this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
      if (!ws) this.framesetOk = false;
      return;
    }
    switch (this.mode) {
      case M.Initial:
      case M.BeforeHtml:
      case M.BeforeHead:
        if (ws) return;
        this.anythingElseForText(ws, kind, s, rawFrom, from, to, start, end, srcChars);
        return;
      case M.InHead:
      case M.AfterHead:
        if (ws) {
          this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
          return;
        }
        this.anythingElseForText(ws, kind, s, rawFrom, from, to, start, end, srcChars);
        return;
      case M.InBody:
      case M.InCaption:
      case M.InCell:
      case M.InTemplate:
        this.reconstructFormatting();
        this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
        if (!ws) this.framesetOk = false;
        return;
      case M.Text:
      case M.InSelect:
      case M.InSelectInTable:
        this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
        return;
      case M.InTable:
      case M.InTableBody:
      case M.InRow:
        if (this.current && this.current.ns === HTML && TABLE_STRUCTURE.has(this.current.name)) {
          this.pendingTable = [];
          this.pendingNonWs = false;
          this.originalMode = this.mode;
          this.mode = M.InTableText;
          this.token(ws, kind, s, rawFrom, from, to, start, end, srcChars);
          return;
        }
        this.withFoster(() => this.inBodyText(ws, kind, s, rawFrom, from, to, start, end, srcChars));
        return;
      case M.InTableText:
        this.pendingTable.push({ kind, s, rawFrom, from, to, start, end, srcChars, ws });
        if (!ws) this.pendingNonWs = true;
        return;
      case M.InColumnGroup:
        if (ws) {
          this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
          return;
        }
        // Only a current <colgroup> closes (then the text goes to the table); otherwise the text is dropped.
        if (this.curIs('colgroup')) {
          this.pop();
          this.mode = M.InTable;
          this.token(ws, kind, s, rawFrom, from, to, start, end, srcChars);
        }
        return;
      case M.AfterBody:
      case M.AfterAfterBody:
        if (ws) {
          this.inBodyText(ws, kind, s, rawFrom, from, to, start, end, srcChars);
          return;
        }
        this.mode = M.InBody;
        this.inBodyText(ws, kind, s, rawFrom, from, to, start, end, srcChars);
        return;
      case M.InFrameset:
      case M.AfterFrameset:
        if (ws) this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
        return;
      case M.AfterAfterFrameset:
        if (ws) this.inBodyText(ws, kind, s, rawFrom, from, to, start, end, srcChars);
        return;
    }
  }

  private inBodyText(ws: boolean, kind: number, s: string, rawFrom: number, from: number, to: number, start: number, end: number, srcChars: number): void {
    this.reconstructFormatting();
    this.insertChars(kind, s, rawFrom, from, to, start, end, srcChars);
    if (!ws) this.framesetOk = false;
  }

  /** The "anything else" entries of the modes before the body for a character token (or U+0000): the mode moves on and the token is processed again. */
  private anythingElseForText(ws: boolean, kind: number, s: string, rawFrom: number, from: number, to: number, start: number, end: number, srcChars: number): void {
    this.advanceForToken();
    if (kind === NUL) this.nul(start, end);
    else this.token(ws, kind, s, rawFrom, from, to, start, end, srcChars);
  }

  /** What "anything else" does in the modes before the body, and in column group, table modes and after body. */
  private advanceForToken(): void {
    switch (this.mode) {
      case M.Initial:
        this.quirks = true;
        this.mode = M.BeforeHtml;
        return;
      case M.BeforeHtml:
        this.insertFakeRoot();
        this.mode = M.BeforeHead;
        return;
      case M.BeforeHead:
        this.head = this.insertFake('head');
        this.mode = M.InHead;
        return;
      case M.InHead:
        this.pop();
        this.mode = M.AfterHead;
        return;
      case M.AfterHead:
        this.bodyEl = this.insertFake('body');
        this.mode = M.InBody;
        return;
      case M.InTable:
      case M.InTableBody:
      case M.InRow:
      case M.AfterBody:
      case M.AfterAfterBody:
        this.mode = M.InBody;
        return;
    }
  }

  private insertFakeRoot(): void {
    const el = new Elem('html', HTML, null, this.root, false, false, null, null);
    this.push(el);
  }

  private withFoster(f: () => void): void {
    const saved = this.fosterEnabled;
    this.fosterEnabled = true;
    f();
    this.fosterEnabled = saved;
  }

  /** The "in table text" mode ends: the pending characters go in (fostered if any is not whitespace). */
  private flushTableText(): void {
    const tokStart = this.tokStart;
    this.flushTableTextNow();
    this.tokStart = tokStart;
  }
  private flushTableTextNow(): void {
    const pending = this.pendingTable;
    const nonWs = this.pendingNonWs;
    this.pendingTable = [];
    this.pendingNonWs = false;
    this.mode = this.originalMode;
    for (const p of pending) {
      this.tokStart = p.start;
      if (nonWs) this.withFoster(() => this.inBodyText(p.ws, p.kind, p.s, p.rawFrom, p.from, p.to, p.start, p.end, p.srcChars));
      else this.insertChars(p.kind, p.s, p.rawFrom, p.from, p.to, p.start, p.end, p.srcChars);
    }
  }

  // ---- Formatting elements ----

  private pushFormatting(el: Elem, t: TagToken): void {
    let key: string | null = null;
    // Noah's Ark: at most three equal entries after the last marker (equal keys have equal names: only those are compared).
    let same = 0;
    let earliest: FEntry | null = null;
    for (let e = this.newest; e && e.el; e = e.older) {
      if (e.tag!.name !== t.name) continue;
      key ??= attrKey(t);
      if ((e.key ??= attrKey(e.tag!)) === key) {
        same++;
        earliest = e;
      }
    }
    if (same >= 3 && earliest) this.removeEntry(earliest);
    const entry: FEntry = { el, tag: t, key, older: this.newest, newer: null };
    if (this.newest) this.newest.newer = entry;
    this.newest = entry;
  }
  private insertMarker(): void {
    const m: FEntry = { el: null, tag: null, key: null, older: this.newest, newer: null };
    if (this.newest) this.newest.newer = m;
    this.newest = m;
  }
  private clearToLastMarker(): void {
    let e = this.newest;
    while (e && e.el) e = e.older;
    this.newest = e ? e.older : null;
    if (this.newest) this.newest.newer = null;
  }
  private removeEntry(e: FEntry): void {
    if (e.newer) e.newer.older = e.older;
    else if (this.newest === e) this.newest = e.older;
    else return;
    if (e.older) e.older.newer = e.newer;
    e.older = e.newer = null;
  }
  private entryOf(el: Elem): FEntry | null {
    for (let e = this.newest; e; e = e.older) if (e.el === el) return e;
    return null;
  }
  private entryInScopeNamed(name: string): FEntry | null {
    for (let e = this.newest; e && e.el; e = e.older) if (e.tag!.name === name) return e;
    return null;
  }
  private insertAfterBookmark(el: Elem, t: TagToken): void {
    const older = this.bookmark;
    this.bookmark = null;
    const newer = older ? older.newer : null;
    const entry: FEntry = { el, tag: t, key: null, older, newer };
    if (newer) newer.older = entry;
    else this.newest = entry;
    if (older) older.newer = entry;
  }
  private reconstructFormatting(): void {
    let oldest: FEntry | null = null;
    for (let e = this.newest; e && e.el && !this.contains(e.el); e = e.older) oldest = e;
    for (let e = oldest; e && e.el; e = e.newer) {
      const clone = this.create(e.tag!.name, e.el.ns, e.tag, e.el);
      this.push(clone);
      e.el = clone;
    }
  }

  private inAgency = false;

  /** The adoption agency algorithm (misnested formatting elements). */
  private adoptionAgency(t: TagToken): void {
    try {
      this.agencyLoop(t);
    } finally {
      this.inAgency = false;
    }
  }

  private agencyLoop(t: TagToken): void {
    const cur = this.current!;
    if (cur.ns === HTML && cur.name === t.name && !this.entryOf(cur)) {
      this.pop();
      return;
    }
    for (let outer = 0; outer < 8; outer++) {
      const fe = this.entryInScopeNamed(t.name);
      if (!fe) {
        this.genericEndTagInBody(t);
        return;
      }
      const f = fe.el!;
      const fIdx = this.indexOf(f);
      if (fIdx < 0) {
        this.removeEntry(fe);
        return;
      }
      if (!this.inScopeElement(f)) return;
      let fbIdx = -1;
      for (let i = fIdx + 1; i < this.st.length; i++) {
        if (this.st[i]!.special) {
          fbIdx = i;
          break;
        }
      }
      if (fbIdx < 0) {
        this.shortenTo(fIdx);
        this.removeEntry(fe);
        return;
      }
      const fb = this.st[fbIdx]!;
      const ca = this.st[fIdx - 1] ?? null;
      this.bookmark = fe;
      // From here on, elements leave the stack because they are rearranged, not because they end here.
      this.inAgency = true;
      // The inner loop.
      let lastNode: Elem = fb;
      let idx = fbIdx - 1;
      for (let inner = 0; this.st[idx] !== f; inner++) {
        const node = this.st[idx]!;
        const next = idx - 1;
        const entry = this.entryOf(node);
        const overflow = entry !== null && inner >= 3;
        if (!entry || overflow) {
          if (overflow) this.removeEntry(entry!);
          this.removeAt(idx);
        } else {
          // A clone replaces the node in the list and on the stack; the last node moves into it.
          const clone = new Elem(entry.tag!.name, node.ns, ca, ca ? ca.childRegion : this.root, ca ? ca.inTemplate || (ca.ns === HTML && ca.name === 'template') : false, false, entry.tag, node, true);
          this.st[idx] = clone;
          this.reindexFrom(idx);
          entry.el = clone;
          this.closed(node);
          for (const s of this.sinks) s.open?.(clone);
          if (lastNode === fb) this.bookmark = entry;
          this.reparent(lastNode, clone);
          lastNode = clone;
        }
        idx = next;
        if (idx < 0) break;
      }
      // The last node goes into the common ancestor (or before the table, when that is a table part).
      if (ca) {
        if (ca.ns === HTML && TABLE_STRUCTURE.has(ca.name)) {
          const loc = this.fosterLocation();
          this.reparent(lastNode, loc.parent, loc.region, true);
        } else this.reparent(lastNode, ca, ca.ns === HTML && ca.name === 'template' ? ca.region : ca.childRegion);
      }
      // A new formatting element takes the furthest block's children.
      const nf = new Elem(fe.tag!.name, f.ns, fb, fb.childRegion, fb.inTemplate, false, fe.tag, f, true);
      for (const s of this.sinks) s.adopted?.(fb, nf);
      this.insertAfterBookmark(nf, fe.tag!);
      this.removeEntry(fe);
      // On the stack: the formatting element goes, the new one comes right after the furthest block.
      const fi = this.indexOf(f);
      this.removeAt(fi);
      const fbi = this.indexOf(fb);
      this.insertAt(fbi + 1, nf);
      for (const s of this.sinks) s.open?.(nf);
      this.refreshAncestry(fi);
      this.inAgency = false;
    }
  }
  private inScopeElement(el: Elem): boolean {
    for (let i = this.st.length - 1; i >= 0; i--) {
      const e = this.st[i]!;
      if (e === el) return true;
      if (e.scope) return false;
    }
    return false;
  }
  private fosterLocation(): { parent: Elem; region: Region } {
    const tableIdx = this.topOf('table');
    const tmplIdx = this.topOf('template');
    if (tmplIdx > tableIdx) {
      const t = this.st[tmplIdx]!;
      return { parent: t, region: t.region };
    }
    if (tableIdx >= 0) {
      const table = this.st[tableIdx]!;
      if (table.parent) return { parent: table.parent, region: table.fosterRegion! };
      const below = this.st[tableIdx - 1]!;
      return { parent: below, region: below.childRegion };
    }
    return { parent: this.st[0]!, region: this.st[0]!.childRegion };
  }
  /** An element moved under another parent (the adoption agency): what it now descends from. */
  private reparent(el: Elem, parent: Elem | null, region?: Region, fostered = false): void {
    el.parent = parent;
    el.anc = parent ? parent.anc | ancBit(parent.name, parent.ns) : 0;
    el.fostered = fostered;
    if (region) el.region = region;
    for (const s of this.sinks) s.moved?.(el);
  }
  /** After the adoption agency: the open elements from slot `from` up descend from what their parents now descend from. */
  private refreshAncestry(from: number): void {
    for (let i = Math.max(0, from); i < this.st.length; i++) {
      const e = this.st[i]!;
      if (e.parent) e.anc = e.parent.anc | ancBit(e.parent.name, e.parent.ns);
    }
  }

  // ---- Tokens ----

  comment(start: number, end: number): void {
    if (this.stopped) return;
    this.tokStart = start;
    this.tokEnd = null;
    this.skipNextNewLine = false;
    if (this.mode === M.InTableText) {
      this.flushTableText();
      this.comment(start, end);
      return;
    }
    let parent: Elem | null;
    if (this.currentNotHtml) parent = this.current!;
    else if (this.mode === M.AfterBody) parent = this.st[0] ?? null;
    else if (this.mode === M.AfterAfterBody || this.mode === M.AfterAfterFrameset || this.mode === M.Initial || this.mode === M.BeforeHtml) parent = null;
    else parent = this.current ?? null;
    for (const s of this.sinks) s.comment?.(start, end, parent);
  }

  doctype(d: DoctypeToken): void {
    if (this.stopped) return;
    this.tokStart = d.start;
    this.tokEnd = null;
    this.skipNextNewLine = false;
    if (this.mode === M.InTableText) {
      this.flushTableText();
      this.doctype(d);
      return;
    }
    for (const s of this.sinks) s.doctype?.(d, this.mode === M.Initial);
    if (this.mode === M.Initial) {
      this.quirks = isQuirks(d);
      this.mode = M.BeforeHtml;
    }
  }

  startTag(t: TagToken): void {
    if (this.stopped) return;
    this.tokStart = t.start;
    this.tokEnd = null;
    this.skipNextNewLine = false;
    this.notified = null;
    if (this.mode === M.InTableText) this.flushTableText();
    this.processStart(t);
    if (this.notified !== t) this.notifyStart(t, null);
  }

  endTag(t: TagToken): void {
    if (this.stopped) return;
    this.tokStart = t.start;
    this.tokEnd = t;
    this.skipNextNewLine = false;
    if (this.mode === M.InTableText) this.flushTableText();
    this.tokEnd = t;
    if (this.currentNotHtml) this.endTagInForeign(t);
    else this.endOutsideForeign(t);
    this.tokEnd = null;
    // After what it closed.
    for (const s of this.onEndTag) s.endTag!(t);
  }

  /** The end of the input. */
  eof(at: number): void {
    if (this.stopped) return;
    this.tokStart = at;
    this.tokEnd = null;
    this.eofInMode();
    this.stopped = true;
    // What is still open ends with the document (innermost first: tables fold into their parents' regions).
    while (this.st.length) this.pop();
    for (const s of this.sinks) s.end?.(at);
  }

  private eofInMode(): void {
    for (let guard = 0; guard < 100; guard++) {
      switch (this.mode) {
        case M.Initial:
        case M.BeforeHtml:
        case M.BeforeHead:
        case M.InHead:
        case M.AfterHead:
          this.advanceForToken();
          continue;
        case M.Text:
          this.pop();
          this.mode = this.originalMode;
          continue;
        case M.InTableText:
          this.flushTableText();
          continue;
        case M.InTemplate:
        case M.InBody:
        case M.InTable:
        case M.InCaption:
        case M.InColumnGroup:
        case M.InTableBody:
        case M.InRow:
        case M.InCell:
        case M.InSelect:
        case M.InSelectInTable:
          if (this.tmplModes.length > 0 && this.tmplCount > 0) {
            do {
              this.popUntil('template');
              this.clearToLastMarker();
              this.tmplModes.pop();
            } while (this.tmplCount > 0);
            this.resetMode();
            continue;
          }
          return;
        default:
          return;
      }
    }
  }

  // ---- Start tags ----

  private processStart(t: TagToken): void {
    if (this.shouldProcessInForeign(t)) this.startTagInForeign(t);
    else this.startOutsideForeign(t);
  }

  private shouldProcessInForeign(t: TagToken): boolean {
    const cur = this.current;
    if (!cur || cur.ns === HTML) return false;
    if (t.name === 'svg' && cur.ns === MATHML && cur.name === 'annotation-xml') return false;
    if (!this.isIntegrationPoint(cur)) return true;
    return (t.name === 'mglyph' || t.name === 'malignmark') && !cur.htmlIp;
  }

  private startTagInForeign(t: TagToken): void {
    const exits = EXITS_FOREIGN.has(t.name) || (t.name === 'font' && t.attrs.some((a) => a.name === 'color' || a.name === 'size' || a.name === 'face'));
    if (exits) {
      this.popUntilHtmlOrIp();
      this.startOutsideForeign(t);
      return;
    }
    const ns = this.current!.ns;
    const name = ns === SVG ? (SVG_NAMES.get(t.name) ?? t.name) : t.name;
    if (t.selfClosing) this.append(t, ns, name);
    else this.insert(t, ns, name);
  }

  private popUntilHtmlOrIp(): void {
    for (;;) {
      const c = this.current;
      if (!c || c.ns === HTML || this.isIntegrationPoint(c)) return;
      this.pop();
    }
  }

  private startOutsideForeign(t: TagToken): void {
    switch (this.mode) {
      case M.Initial:
        this.quirks = true;
        this.mode = M.BeforeHtml;
        this.processStart(t);
        return;
      case M.BeforeHtml:
        if (t.name === 'html') {
          this.insert(t);
          this.mode = M.BeforeHead;
          return;
        }
        this.insertFakeRoot();
        this.mode = M.BeforeHead;
        this.processStart(t);
        return;
      case M.BeforeHead:
        if (t.name === 'html') return this.startInBody(t);
        if (t.name === 'head') {
          this.head = this.insert(t);
          this.mode = M.InHead;
          return;
        }
        this.head = this.insertFake('head');
        this.mode = M.InHead;
        this.processStart(t);
        return;
      case M.InHead:
        return this.startInHead(t);
      case M.AfterHead:
        return this.startAfterHead(t);
      case M.InBody:
        return this.startInBody(t);
      case M.InTable:
        return this.startInTable(t);
      case M.InCaption:
        return this.startInCaption(t);
      case M.InColumnGroup:
        return this.startInColumnGroup(t);
      case M.InTableBody:
        return this.startInTableBody(t);
      case M.InRow:
        return this.startInRow(t);
      case M.InCell:
        return this.startInCell(t);
      case M.InSelect:
        return this.startInSelect(t);
      case M.InSelectInTable:
        if (['caption', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'td', 'th'].includes(t.name)) {
          this.popUntil('select');
          this.resetMode();
          this.processStart(t);
          return;
        }
        return this.startInSelect(t);
      case M.InTemplate:
        return this.startInTemplate(t);
      case M.AfterBody:
        if (t.name === 'html') return this.startInBody(t);
        this.mode = M.InBody;
        return this.startInBody(t);
      case M.InFrameset:
        switch (t.name) {
          case 'html':
            return this.startInBody(t);
          case 'frameset':
            this.insert(t);
            return;
          case 'frame':
            this.append(t);
            return;
          case 'noframes':
            return this.startInHead(t);
        }
        return;
      case M.AfterFrameset:
      case M.AfterAfterFrameset:
        if (t.name === 'html') return this.startInBody(t);
        if (t.name === 'noframes') return this.startInHead(t);
        return;
      case M.AfterAfterBody:
        if (t.name === 'html') return this.startInBody(t);
        this.mode = M.InBody;
        return this.startInBody(t);
      case M.Text:
      case M.InTableText:
        return;
    }
  }

  private startInHead(t: TagToken): void {
    switch (t.name) {
      case 'html':
        return this.startInBody(t);
      case 'base':
      case 'basefont':
      case 'bgsound':
      case 'link':
      case 'meta':
        this.append(t);
        return;
      case 'title':
        return this.switchToText(t, TextState.Rcdata);
      case 'noscript':
      case 'noframes':
      case 'style':
        return this.switchToText(t, TextState.Rawtext);
      case 'script':
        return this.switchToText(t, TextState.Script);
      case 'template':
        this.insert(t);
        this.insertMarker();
        this.framesetOk = false;
        this.mode = M.InTemplate;
        this.tmplModes.push(M.InTemplate);
        return;
      case 'head':
        return;
    }
    this.pop();
    this.mode = M.AfterHead;
    this.processStart(t);
  }

  private startAfterHead(t: TagToken): void {
    switch (t.name) {
      case 'html':
        return this.startInBody(t);
      case 'body':
        this.bodyEl = this.insert(t);
        this.framesetOk = false;
        this.mode = M.InBody;
        return;
      case 'frameset':
        this.insert(t);
        this.mode = M.InFrameset;
        return;
      case 'base':
      case 'basefont':
      case 'bgsound':
      case 'link':
      case 'meta':
      case 'noframes':
      case 'script':
      case 'style':
      case 'template':
      case 'title': {
        // A head element after </head>: it goes into the head all the same.
        const head = this.head!;
        this.push(head, false);
        this.startInHead(t);
        const i = this.indexOf(head);
        if (i >= 0) this.removeAt(i, false);
        return;
      }
      case 'head':
        return;
    }
    this.bodyEl = this.insertFake('body');
    this.mode = M.InBody;
    this.startInBody(t);
  }

  private closeP(): void {
    this.generateImpliedEndTags('p');
    this.popUntil('p');
  }
  private closePIfInButtonScope(): void {
    if (this.inScope('p', BUTTON)) this.closeP();
  }

  private startInBody(t: TagToken): void {
    const name = t.name;
    switch (name) {
      case 'i':
      case 's':
      case 'b':
      case 'u':
      case 'em':
      case 'tt':
      case 'big':
      case 'code':
      case 'font':
      case 'small':
      case 'strike':
      case 'strong': {
        this.reconstructFormatting();
        const el = this.insert(t);
        this.pushFormatting(el, t);
        return;
      }
      case 'a': {
        const active = this.entryInScopeNamed('a');
        if (active) {
          const activeEl = active.el!;
          this.adoptionAgency(t);
          const i = this.indexOf(activeEl);
          if (i >= 0) this.removeAt(i);
          this.removeEntry(active);
        }
        this.reconstructFormatting();
        const el = this.insert(t);
        this.pushFormatting(el, t);
        return;
      }
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6': {
        this.closePIfInButtonScope();
        const c = this.current;
        if (c && c.ns === HTML && HEADINGS.has(c.name)) this.pop();
        this.insert(t);
        return;
      }
      case 'li':
      case 'dd':
      case 'dt': {
        this.framesetOk = false;
        const idx = name === 'li' ? this.topOf('li') : Math.max(this.topOf('dd'), this.topOf('dt'));
        if (idx !== -1 && !this.hasListItemBoundaryAbove(idx)) {
          const n = this.st[idx]!.name;
          this.generateImpliedEndTags(n);
          this.popUntil(n);
        }
        this.closePIfInButtonScope();
        this.insert(t);
        return;
      }
      case 'br':
      case 'img':
      case 'wbr':
      case 'area':
      case 'embed':
      case 'keygen':
        this.reconstructFormatting();
        this.append(t);
        this.framesetOk = false;
        return;
      case 'image':
        this.reconstructFormatting();
        this.append(t, HTML, 'img');
        this.framesetOk = false;
        return;
      case 'hr':
        this.closePIfInButtonScope();
        this.append(t);
        this.framesetOk = false;
        return;
      case 'rb':
      case 'rtc':
        if (this.inScope('ruby')) this.generateImpliedEndTags();
        this.insert(t);
        return;
      case 'rt':
      case 'rp':
        if (this.inScope('ruby')) this.generateImpliedEndTags('rtc');
        this.insert(t);
        return;
      case 'pre':
      case 'listing':
        this.closePIfInButtonScope();
        this.insert(t);
        this.skipNextNewLine = true;
        this.framesetOk = false;
        return;
      case 'xmp':
        this.closePIfInButtonScope();
        this.reconstructFormatting();
        this.framesetOk = false;
        this.switchToText(t, TextState.Rawtext);
        return;
      case 'svg':
      case 'math':
        this.reconstructFormatting();
        if (t.selfClosing) this.append(t, name === 'svg' ? SVG : MATHML);
        else this.insert(t, name === 'svg' ? SVG : MATHML);
        return;
      case 'html':
        // Attributes merged into the root: nothing new for the readers.
        return;
      case 'base':
      case 'link':
      case 'meta':
      case 'style':
      case 'title':
      case 'script':
      case 'bgsound':
      case 'basefont':
      case 'template':
        return this.startInHead(t);
      case 'body':
        if (this.st.length >= 2 && this.st[1]!.ns === HTML && this.st[1]!.name === 'body' && this.tmplCount === 0) this.framesetOk = false;
        return;
      case 'form': {
        const inTemplate = this.tmplCount > 0;
        if (!this.form || inTemplate) {
          this.closePIfInButtonScope();
          const el = this.insert(t);
          if (!inTemplate) this.form = el;
        }
        return;
      }
      case 'nobr':
        this.reconstructFormatting();
        if (this.inScope('nobr')) {
          this.adoptionAgency(t);
          this.reconstructFormatting();
        }
        this.pushFormatting(this.insert(t), t);
        return;
      case 'table':
        if (!this.quirks && this.inScope('p', BUTTON)) this.closeP();
        this.insert(t);
        this.framesetOk = false;
        this.mode = M.InTable;
        return;
      case 'input': {
        this.reconstructFormatting();
        this.append(t);
        const type = t.attrs.find((a) => a.name === 'type')?.value;
        if (type === undefined || type.toLowerCase() !== 'hidden') this.framesetOk = false;
        return;
      }
      case 'param':
      case 'track':
      case 'source':
        this.append(t);
        return;
      case 'button':
        if (this.inScope('button')) {
          this.generateImpliedEndTags();
          this.popUntil('button');
        }
        this.reconstructFormatting();
        this.insert(t);
        this.framesetOk = false;
        return;
      case 'applet':
      case 'object':
      case 'marquee':
        this.reconstructFormatting();
        this.insert(t);
        this.insertMarker();
        this.framesetOk = false;
        return;
      case 'iframe':
        this.framesetOk = false;
        this.switchToText(t, TextState.Rawtext);
        return;
      case 'select': {
        this.reconstructFormatting();
        this.insert(t);
        this.framesetOk = false;
        const m = this.mode;
        this.mode = m === M.InTable || m === M.InCaption || m === M.InTableBody || m === M.InRow || m === M.InCell ? M.InSelectInTable : M.InSelect;
        return;
      }
      case 'option':
      case 'optgroup':
        if (this.curIs('option')) this.pop();
        this.reconstructFormatting();
        this.insert(t);
        return;
      case 'noembed':
      case 'noframes':
      case 'noscript':
        this.switchToText(t, TextState.Rawtext);
        return;
      case 'frameset': {
        const body = this.st.length >= 2 && this.st[1]!.ns === HTML && this.st[1]!.name === 'body' ? this.st[1]! : null;
        if (this.framesetOk && body) {
          for (const s of this.sinks) s.bodyDropped?.(body);
          this.tmplCount = 0;
          this.shortenTo(1);
          this.insert(t);
          this.mode = M.InFrameset;
        }
        return;
      }
      case 'textarea':
        this.insert(t);
        this.skipNextNewLine = true;
        this.text(TextState.Rcdata);
        this.originalMode = this.mode;
        this.framesetOk = false;
        this.mode = M.Text;
        return;
      case 'plaintext':
        this.closePIfInButtonScope();
        this.insert(t);
        this.text(TextState.Plaintext);
        return;
      case 'col':
      case 'th':
      case 'td':
      case 'tr':
      case 'head':
      case 'frame':
      case 'tbody':
      case 'tfoot':
      case 'thead':
      case 'caption':
      case 'colgroup':
        return;
    }
    if (CLOSES_P.has(name)) {
      this.closePIfInButtonScope();
      this.insert(t);
      return;
    }
    this.reconstructFormatting();
    this.insert(t);
  }

  private startInTable(t: TagToken): void {
    switch (t.name) {
      case 'td':
      case 'th':
      case 'tr':
        this.clearBackTo(['table', 'template', 'html']);
        this.insertFake('tbody');
        this.mode = M.InTableBody;
        this.startInTableBody(t);
        return;
      case 'style':
      case 'script':
      case 'template':
        return this.startInHead(t);
      case 'col':
        this.clearBackTo(['table', 'template', 'html']);
        this.insertFake('colgroup');
        this.mode = M.InColumnGroup;
        this.startInColumnGroup(t);
        return;
      case 'form':
        if (!this.form && this.tmplCount === 0) {
          this.form = this.insert(t);
          this.pop();
        }
        return;
      case 'table':
        if (this.inScope('table', TABLE)) {
          this.popUntil('table');
          this.resetMode();
          this.processStart(t);
        }
        return;
      case 'tbody':
      case 'tfoot':
      case 'thead':
        this.clearBackTo(['table', 'template', 'html']);
        this.insert(t);
        this.mode = M.InTableBody;
        return;
      case 'input': {
        const type = t.attrs.find((a) => a.name === 'type')?.value;
        if (type !== undefined && type.toLowerCase() === 'hidden') this.append(t);
        else this.withFoster(() => this.startInBody(t));
        return;
      }
      case 'caption':
        this.clearBackTo(['table', 'template', 'html']);
        this.insertMarker();
        this.insert(t);
        this.mode = M.InCaption;
        return;
      case 'colgroup':
        this.clearBackTo(['table', 'template', 'html']);
        this.insert(t);
        this.mode = M.InColumnGroup;
        return;
    }
    this.withFoster(() => this.startInBody(t));
  }

  private startInCaption(t: TagToken): void {
    if (['caption', 'col', 'colgroup', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr'].includes(t.name)) {
      if (this.inScope('caption', TABLE)) {
        this.generateImpliedEndTags();
        this.popUntil('caption');
        this.clearToLastMarker();
        this.mode = M.InTable;
        this.startInTable(t);
      }
      return;
    }
    this.startInBody(t);
  }

  private startInColumnGroup(t: TagToken): void {
    switch (t.name) {
      case 'html':
        return this.startInBody(t);
      case 'col':
        this.append(t);
        return;
      case 'template':
        return this.startInHead(t);
    }
    if (this.curIs('colgroup')) {
      this.pop();
      this.mode = M.InTable;
      this.processStart(t);
    }
  }

  private startInTableBody(t: TagToken): void {
    switch (t.name) {
      case 'tr':
        this.clearBackTo(['tbody', 'tfoot', 'thead', 'template', 'html']);
        this.insert(t);
        this.mode = M.InRow;
        return;
      case 'th':
      case 'td':
        this.clearBackTo(['tbody', 'tfoot', 'thead', 'template', 'html']);
        this.insertFake('tr');
        this.mode = M.InRow;
        this.startInRow(t);
        return;
      case 'caption':
      case 'col':
      case 'colgroup':
      case 'tbody':
      case 'tfoot':
      case 'thead':
        if (this.inScopeAt(this.topOfAny(['tbody', 'tfoot', 'thead']), TABLE)) {
          this.clearBackTo(['tbody', 'tfoot', 'thead', 'template', 'html']);
          this.pop();
          this.mode = M.InTable;
          this.startInTable(t);
        }
        return;
    }
    this.startInTable(t);
  }

  private startInRow(t: TagToken): void {
    switch (t.name) {
      case 'th':
      case 'td':
        this.clearBackTo(['tr', 'template', 'html']);
        this.insert(t);
        this.mode = M.InCell;
        this.insertMarker();
        return;
      case 'caption':
      case 'col':
      case 'colgroup':
      case 'tbody':
      case 'tfoot':
      case 'thead':
      case 'tr':
        if (this.inScope('tr', TABLE)) {
          this.clearBackTo(['tr', 'template', 'html']);
          this.pop();
          this.mode = M.InTableBody;
          this.startInTableBody(t);
        }
        return;
    }
    this.startInTable(t);
  }

  private closeCell(): void {
    this.generateImpliedEndTags();
    this.popUntilAny(['td', 'th']);
    this.clearToLastMarker();
    this.mode = M.InRow;
  }

  private startInCell(t: TagToken): void {
    if (['caption', 'col', 'colgroup', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr'].includes(t.name)) {
      if (this.inScope('td', TABLE) || this.inScope('th', TABLE)) {
        this.closeCell();
        this.startInRow(t);
      }
      return;
    }
    this.startInBody(t);
  }

  private startInSelect(t: TagToken): void {
    switch (t.name) {
      case 'html':
        return this.startInBody(t);
      case 'option':
        if (this.curIs('option')) this.pop();
        this.insert(t);
        return;
      case 'optgroup':
        if (this.curIs('option')) this.pop();
        if (this.curIs('optgroup')) this.pop();
        this.insert(t);
        return;
      case 'hr':
        if (this.curIs('option')) this.pop();
        if (this.curIs('optgroup')) this.pop();
        this.append(t);
        return;
      case 'input':
      case 'keygen':
      case 'textarea':
      case 'select':
        if (this.inSelectScope('select')) {
          this.popUntil('select');
          this.resetMode();
          if (t.name !== 'select') this.processStart(t);
        }
        return;
      case 'script':
      case 'template':
        return this.startInHead(t);
    }
  }

  private startInTemplate(t: TagToken): void {
    const setMode = (m: M) => {
      this.tmplModes[this.tmplModes.length - 1] = m;
      this.mode = m;
    };
    switch (t.name) {
      case 'base':
      case 'basefont':
      case 'bgsound':
      case 'link':
      case 'meta':
      case 'noframes':
      case 'script':
      case 'style':
      case 'template':
      case 'title':
        return this.startInHead(t);
      case 'caption':
      case 'colgroup':
      case 'tbody':
      case 'tfoot':
      case 'thead':
        setMode(M.InTable);
        return this.startInTable(t);
      case 'col':
        setMode(M.InColumnGroup);
        return this.startInColumnGroup(t);
      case 'tr':
        setMode(M.InTableBody);
        return this.startInTableBody(t);
      case 'td':
      case 'th':
        setMode(M.InRow);
        return this.startInRow(t);
    }
    setMode(M.InBody);
    this.startInBody(t);
  }

  private resetMode(): void {
    for (let i = this.st.length - 1; i >= 0; i--) {
      const e = this.st[i]!;
      if (e.ns !== HTML) continue;
      switch (e.name) {
        case 'tr':
          this.mode = M.InRow;
          return;
        case 'tbody':
        case 'thead':
        case 'tfoot':
          this.mode = M.InTableBody;
          return;
        case 'caption':
          this.mode = M.InCaption;
          return;
        case 'colgroup':
          this.mode = M.InColumnGroup;
          return;
        case 'table':
          this.mode = M.InTable;
          return;
        case 'body':
          this.mode = M.InBody;
          return;
        case 'frameset':
          this.mode = M.InFrameset;
          return;
        case 'select': {
          if (i > 0) {
            const tableIdx = this.topOf('table');
            if (tableIdx > 0 && tableIdx > this.topOf('template')) {
              this.mode = M.InSelectInTable;
              return;
            }
          }
          this.mode = M.InSelect;
          return;
        }
        case 'template':
          this.mode = this.tmplModes[this.tmplModes.length - 1]!;
          return;
        case 'html':
          this.mode = this.head ? M.AfterHead : M.BeforeHead;
          return;
        case 'td':
        case 'th':
          if (i > 0) {
            this.mode = M.InCell;
            return;
          }
          break;
        case 'head':
          if (i > 0) {
            this.mode = M.InHead;
            return;
          }
          break;
      }
      // The topmost element that selects a mode decides; others are passed over.
      if (['tr', 'tbody', 'thead', 'tfoot', 'caption', 'colgroup', 'table', 'frameset', 'select', 'template', 'td', 'th', 'head', 'body', 'html'].includes(e.name)) break;
    }
    this.mode = M.InBody;
  }

  // ---- End tags ----

  private endTagInForeign(t: TagToken): void {
    if (t.name === 'p' || t.name === 'br') {
      this.popUntilHtmlOrIp();
      this.endOutsideForeign(t);
      return;
    }
    if (this.st.length <= 1) return;
    const adjusted = SVG_NAMES.get(t.name);
    let topHtml = this.cHtml[this.st.length - 1]!;
    const i = Math.max(this.topOf(`\u0001${t.name}`), this.topOf(`\u0002${t.name}`), adjusted === undefined ? -1 : this.topOf(`\u0001${adjusted}`));
    if (i > topHtml) {
      this.tokEnd = { ...t, name: this.st[i]!.name };
      this.shortenTo(i);
      return;
    }
    topHtml = -1;
    this.endOutsideForeign(t);
  }

  private endOutsideForeign(t: TagToken): void {
    const name = t.name;
    switch (this.mode) {
      case M.Initial:
        this.quirks = true;
        this.mode = M.BeforeHtml;
        return this.endOutsideForeign(t);
      case M.BeforeHtml:
        if (name === 'html' || name === 'head' || name === 'body' || name === 'br') {
          this.insertFakeRoot();
          this.mode = M.BeforeHead;
          return this.endOutsideForeign(t);
        }
        return;
      case M.BeforeHead:
        if (name === 'head' || name === 'body' || name === 'html' || name === 'br') {
          this.head = this.insertFake('head');
          this.mode = M.InHead;
          return this.endOutsideForeign(t);
        }
        return;
      case M.InHead:
        switch (name) {
          case 'head':
            this.pop();
            this.mode = M.AfterHead;
            return;
          case 'body':
          case 'br':
          case 'html':
            this.pop();
            this.mode = M.AfterHead;
            return this.endOutsideForeign(t);
          case 'template':
            return this.templateEnd();
        }
        return;
      case M.AfterHead:
        switch (name) {
          case 'body':
          case 'html':
          case 'br':
            this.bodyEl = this.insertFake('body');
            this.mode = M.InBody;
            return this.endInBody(t);
          case 'template':
            return this.templateEnd();
        }
        return;
      case M.InBody:
        return this.endInBody(t);
      case M.Text:
        this.pop();
        this.mode = this.originalMode;
        return;
      case M.InTable:
        return this.endInTable(t);
      case M.InCaption:
        switch (name) {
          case 'caption':
          case 'table':
            if (this.inScope('caption', TABLE)) {
              this.generateImpliedEndTags();
              this.popUntil('caption');
              this.clearToLastMarker();
              this.mode = M.InTable;
              if (name === 'table') this.endInTable(t);
            }
            return;
          case 'body':
          case 'col':
          case 'colgroup':
          case 'html':
          case 'tbody':
          case 'td':
          case 'tfoot':
          case 'th':
          case 'thead':
          case 'tr':
            return;
        }
        return this.endInBody(t);
      case M.InColumnGroup:
        switch (name) {
          case 'colgroup':
            if (this.curIs('colgroup')) {
              this.pop();
              this.mode = M.InTable;
            }
            return;
          case 'template':
            return this.templateEnd();
          case 'col':
            return;
        }
        if (this.curIs('colgroup')) {
          this.pop();
          this.mode = M.InTable;
          this.endOutsideForeign(t);
        }
        return;
      case M.InTableBody:
        return this.endInTableBody(t);
      case M.InRow:
        return this.endInRow(t);
      case M.InCell:
        switch (name) {
          case 'td':
          case 'th':
            if (this.inScope(name, TABLE)) {
              this.generateImpliedEndTags();
              this.popUntil(name);
              this.clearToLastMarker();
              this.mode = M.InRow;
            }
            return;
          case 'table':
          case 'tbody':
          case 'tfoot':
          case 'thead':
          case 'tr':
            if (this.inScope(name, TABLE)) {
              this.closeCell();
              this.endInRow(t);
            }
            return;
          case 'body':
          case 'caption':
          case 'col':
          case 'colgroup':
          case 'html':
            return;
        }
        return this.endInBody(t);
      case M.InSelect:
        return this.endInSelect(t);
      case M.InSelectInTable:
        if (['caption', 'table', 'tbody', 'tfoot', 'thead', 'tr', 'td', 'th'].includes(name)) {
          if (this.inScope(name, TABLE)) {
            this.popUntil('select');
            this.resetMode();
            this.endTagAgain(t);
          }
          return;
        }
        return this.endInSelect(t);
      case M.InTemplate:
        if (name === 'template') this.templateEnd();
        return;
      case M.AfterBody:
        if (name === 'html') {
          this.mode = M.AfterAfterBody;
          return;
        }
        this.mode = M.InBody;
        return this.endInBody(t);
      case M.InFrameset:
        if (name === 'frameset' && !(this.st.length === 1 && this.curIs('html'))) {
          this.pop();
          if (!this.curIs('frameset')) this.mode = M.AfterFrameset;
        }
        return;
      case M.AfterFrameset:
        if (name === 'html') this.mode = M.AfterAfterFrameset;
        return;
      case M.AfterAfterBody:
        this.mode = M.InBody;
        return this.endInBody(t);
      case M.AfterAfterFrameset:
      case M.InTableText:
        return;
    }
  }

  private endTagAgain(t: TagToken): void {
    if (this.currentNotHtml) this.endTagInForeign(t);
    else this.endOutsideForeign(t);
  }

  private templateEnd(): void {
    if (this.tmplCount > 0) {
      this.generateImpliedEndTagsThoroughly();
      this.popUntil('template');
      this.clearToLastMarker();
      this.tmplModes.pop();
      this.resetMode();
    }
  }

  private endInBody(t: TagToken): void {
    const name = t.name;
    switch (name) {
      case 'a':
      case 'b':
      case 'i':
      case 's':
      case 'u':
      case 'em':
      case 'tt':
      case 'big':
      case 'code':
      case 'font':
      case 'nobr':
      case 'small':
      case 'strike':
      case 'strong':
        return this.adoptionAgency(t);
      case 'p':
        if (!this.inScope('p', BUTTON)) this.insertFake('p');
        this.closeP();
        return;
      case 'dl':
      case 'ul':
      case 'ol':
      case 'dir':
      case 'div':
      case 'nav':
      case 'pre':
      case 'main':
      case 'menu':
      case 'aside':
      case 'button':
      case 'center':
      case 'figure':
      case 'footer':
      case 'header':
      case 'hgroup':
      case 'dialog':
      case 'address':
      case 'article':
      case 'details':
      case 'search':
      case 'section':
      case 'summary':
      case 'listing':
      case 'fieldset':
      case 'blockquote':
      case 'figcaption':
        if (this.inScope(name)) {
          this.generateImpliedEndTags();
          this.popUntil(name);
        }
        return;
      case 'li':
        if (this.inScope('li', LIST)) {
          this.generateImpliedEndTags('li');
          this.popUntil('li');
        }
        return;
      case 'dd':
      case 'dt':
        if (this.inScope(name)) {
          this.generateImpliedEndTags(name);
          this.popUntil(name);
        }
        return;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6': {
        const h = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
        if (this.inScopeAt(this.topOfAny(h), SCOPE)) {
          this.generateImpliedEndTags();
          this.popUntilAny(h);
        }
        return;
      }
      case 'br':
        this.reconstructFormatting();
        this.insertFake('br');
        this.pop();
        this.framesetOk = false;
        return;
      case 'body':
        if (this.inScope('body')) this.mode = M.AfterBody;
        return;
      case 'html':
        if (this.inScope('body')) {
          this.mode = M.AfterBody;
          this.endOutsideForeign(t);
        }
        return;
      case 'form': {
        const inTemplate = this.tmplCount > 0;
        const form = this.form;
        if (!inTemplate) this.form = null;
        if ((form || inTemplate) && this.inScope('form')) {
          this.generateImpliedEndTags();
          if (inTemplate) this.popUntil('form');
          else if (form) {
            const i = this.indexOf(form);
            if (i >= 0) this.removeAt(i);
          }
        }
        return;
      }
      case 'applet':
      case 'object':
      case 'marquee':
        if (this.inScope(name)) {
          this.generateImpliedEndTags();
          this.popUntil(name);
          this.clearToLastMarker();
        }
        return;
      case 'template':
        return this.templateEnd();
    }
    this.genericEndTagInBody(t);
  }

  private genericEndTagInBody(t: TagToken): void {
    const i = this.topOf(t.name);
    if (i > 0 && !this.hasSpecialAbove(i)) {
      this.generateImpliedEndTags(t.name);
      if (this.st.length - 1 >= i) this.shortenTo(i);
    }
  }

  private endInTable(t: TagToken): void {
    switch (t.name) {
      case 'table':
        if (this.inScope('table', TABLE)) {
          this.popUntil('table');
          this.resetMode();
        }
        return;
      case 'template':
        return this.templateEnd();
      case 'body':
      case 'caption':
      case 'col':
      case 'colgroup':
      case 'html':
      case 'tbody':
      case 'td':
      case 'tfoot':
      case 'th':
      case 'thead':
      case 'tr':
        return;
    }
    this.withFoster(() => this.endInBody(t));
  }

  private endInTableBody(t: TagToken): void {
    switch (t.name) {
      case 'tbody':
      case 'tfoot':
      case 'thead':
        if (this.inScope(t.name, TABLE)) {
          this.clearBackTo(['tbody', 'tfoot', 'thead', 'template', 'html']);
          this.pop();
          this.mode = M.InTable;
        }
        return;
      case 'table':
        if (this.inScopeAt(this.topOfAny(['tbody', 'tfoot', 'thead']), TABLE)) {
          this.clearBackTo(['tbody', 'tfoot', 'thead', 'template', 'html']);
          this.pop();
          this.mode = M.InTable;
          this.endInTable(t);
        }
        return;
      case 'body':
      case 'caption':
      case 'col':
      case 'colgroup':
      case 'html':
      case 'td':
      case 'th':
      case 'tr':
        return;
    }
    this.endInTable(t);
  }

  private endInRow(t: TagToken): void {
    switch (t.name) {
      case 'tr':
        if (this.inScope('tr', TABLE)) {
          this.clearBackTo(['tr', 'template', 'html']);
          this.pop();
          this.mode = M.InTableBody;
        }
        return;
      case 'table':
        if (this.inScope('tr', TABLE)) {
          this.clearBackTo(['tr', 'template', 'html']);
          this.pop();
          this.mode = M.InTableBody;
          this.endInTableBody(t);
        }
        return;
      case 'tbody':
      case 'tfoot':
      case 'thead':
        if (this.inScope(t.name, TABLE) || this.inScope('tr', TABLE)) {
          this.clearBackTo(['tr', 'template', 'html']);
          this.pop();
          this.mode = M.InTableBody;
          this.endInTableBody(t);
        }
        return;
      case 'body':
      case 'caption':
      case 'col':
      case 'colgroup':
      case 'html':
      case 'td':
      case 'th':
        return;
    }
    this.endInTable(t);
  }

  private endInSelect(t: TagToken): void {
    switch (t.name) {
      case 'optgroup':
        if (this.st.length > 1 && this.curIs('option')) {
          const below = this.st[this.st.length - 2]!;
          if (below.ns === HTML && below.name === 'optgroup') this.pop();
        }
        if (this.curIs('optgroup')) this.pop();
        return;
      case 'option':
        if (this.curIs('option')) this.pop();
        return;
      case 'select':
        if (this.inSelectScope('select')) {
          this.popUntil('select');
          this.resetMode();
        }
        return;
      case 'template':
        return this.templateEnd();
    }
  }

  // ---- The kept part ----

  /**
   * A copy that shares the elements read so far and goes on alone: the reader ends it at the cut
   * (the end of what Googlebot keeps) while this one reads on.
   */
  fork(sinks: HtmlSink[]): TreeBuilder {
    const t = new TreeBuilder(sinks, this.unit);
    const self = this as unknown as Record<string, unknown>;
    const other = t as unknown as Record<string, unknown>;
    for (const k of ['mode', 'originalMode', 'head', 'form', 'framesetOk', 'fosterEnabled', 'skipNextNewLine', 'quirks', 'pendingNonWs', 'tmplCount', 'tokStart', 'stopped', 'bodyEl', 'offsets', 'piece']) other[k] = self[k];
    (t as unknown as { root: Region }).root = this.root;
    t.tmplModes = [...this.tmplModes];
    t.deferred = [...this.deferred];
    t.pendingTable = [...this.pendingTable];
    t.st = [...this.st];
    t.cScope = [...this.cScope];
    t.cList = [...this.cList];
    t.cButton = [...this.cButton];
    t.cTable = [...this.cTable];
    t.cSpecial = [...this.cSpecial];
    t.cListBoundary = [...this.cListBoundary];
    t.cHtml = [...this.cHtml];
    t.tops = new Map([...this.tops].map(([k, v]) => [k, [...v]]));
    // The formatting list, entry by entry (the fork may replace elements in its entries).
    let prev: FEntry | null = null;
    const old: FEntry[] = [];
    for (let e = this.newest; e; e = e.older) old.unshift(e);
    for (const e of old) {
      const c: FEntry = { el: e.el, tag: e.tag, key: e.key, older: prev, newer: null };
      if (prev) prev.newer = c;
      prev = c;
    }
    t.newest = prev;
    return t;
  }
}
