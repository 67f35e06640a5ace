// The document tree rebuilt from the reader's events (lib/html HtmlSink), and the same canonical
// form of parse5's tree: the test that the streaming tree builder makes parse5's tree. Only for
// tests — the product never builds a tree.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { HtmlReader } from '../../lib/html/HtmlReader';
import type { El, HtmlSink, TextRun } from '../../lib/html/types';

type P5Node = DefaultTreeAdapterMap['node'];
type P5Element = DefaultTreeAdapterMap['element'];

interface TNode {
  kind: 'el' | 'text';
  el?: El;
  text?: string;
  key: number[];
  parent: TNode | null;
  children: TNode[];
  content?: TNode[];
}

const cmpKey = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

/** The characters a run adds to the DOM (newlines normalized, U+0000 as the tree builder takes it). */
export function domText(r: TextRun): string {
  if (r.kind === 2) return r.nulToFffd ? '\ufffd' : '';
  let s = r.s.slice(r.from, r.to);
  if (r.kind === 0 && s.includes('\r')) s = s.replace(/\r\n?/g, '\n');
  return s;
}

/** A sink that rebuilds the tree (elements, text; template contents apart). */
export class TreeSink implements HtmlSink {
  private seq = 0;
  readonly doc: TNode = { kind: 'el', key: [], parent: null, children: [] };
  private readonly nodes = new Map<El, TNode>();
  private keyFor(fostered: boolean, region: El['region']): number[] {
    if (fostered && region.kind === 'fostered') {
      const t = this.nodes.get(region.table!)!;
      return [...t.key.slice(0, -1), t.key[t.key.length - 1]! - 0.5, this.seq++];
    }
    return [this.seq++];
  }
  private container(parent: El | null, inTemplate: boolean): TNode[] {
    if (!parent) return this.doc.children;
    const p = this.nodes.get(parent)!;
    if (parent.ns === 0 && parent.name === 'template' && inTemplate) return (p.content ??= []);
    return p.children;
  }
  private attach(n: TNode, parent: El | null, inTemplate: boolean): void {
    const list = this.container(parent, inTemplate);
    n.parent = parent ? this.nodes.get(parent)! : this.doc;
    list.push(n);
  }
  open(el: El): void {
    const n: TNode = { kind: 'el', el, key: this.keyFor(el.fostered, el.region), parent: null, children: [] };
    if (el.ns === 0 && el.name === 'template') n.content = [];
    this.nodes.set(el, n);
    const tmpl = el.parent !== null && el.parent.ns === 0 && el.parent.name === 'template' && el.inTemplate;
    this.attach(n, el.parent, tmpl);
  }
  text(r: TextRun): void {
    const t = domText(r);
    if (!t) return;
    const tmpl = r.parent.ns === 0 && r.parent.name === 'template' && r.inTemplate;
    this.attach({ kind: 'text', text: t, key: this.keyFor(r.fostered, r.region), parent: null, children: [] }, r.parent, tmpl);
  }
  private detach(n: TNode): void {
    for (const list of [n.parent!.children, n.parent!.content ?? []]) {
      const i = list.indexOf(n);
      if (i >= 0) list.splice(i, 1);
    }
  }
  moved(el: El): void {
    const n = this.nodes.get(el)!;
    this.detach(n);
    n.key = this.keyFor(el.fostered, el.region);
    const tmpl = el.parent !== null && el.parent.ns === 0 && el.parent.name === 'template' && el.inTemplate;
    this.attach(n, el.parent, tmpl);
  }
  adopted(from: El, to: El): void {
    const f = this.nodes.get(from)!;
    const kids = [...f.children].sort((a, b) => cmpKey(a.key, b.key));
    f.children = [];
    // `to` is not open yet: its node is made when it opens; park the children.
    this.parked.set(to, kids);
  }
  private readonly parked = new Map<El, TNode[]>();
  // Attach parked children once the element opens.
  constructor() {
    const open = this.open.bind(this);
    this.open = (el: El) => {
      open(el);
      const kids = this.parked.get(el);
      if (kids) {
        const n = this.nodes.get(el)!;
        for (const k of kids) {
          k.parent = n;
          k.key = [this.seq++];
          n.children.push(k);
        }
        this.parked.delete(el);
      }
    };
  }
  bodyDropped(body: El): void {
    const n = this.nodes.get(body)!;
    this.detach(n);
  }
  serialize(): string {
    return serializeT(this.doc.children);
  }
}

const nsName = (ns: number) => (ns === 0 ? '' : ns === 1 ? 'svg:' : 'math:');

function serializeT(list: TNode[]): string {
  const sorted = [...list].sort((a, b) => cmpKey(a.key, b.key));
  let out = '';
  let pendingText = '';
  const flush = () => {
    if (pendingText) out += JSON.stringify(pendingText);
    pendingText = '';
  };
  for (const n of sorted) {
    if (n.kind === 'text') {
      pendingText += n.text;
      continue;
    }
    flush();
    const el = n.el!;
    const attrs = el.tag ? el.tag.attrs.map((a) => `${a.name.toLowerCase()}=${JSON.stringify(a.value)}`).sort().join(' ') : '';
    out += `<${nsName(el.ns)}${el.name.toLowerCase()}${attrs ? ' ' + attrs : ''}>`;
    out += serializeT(n.children);
    if (n.content) out += `[content]${serializeT(n.content)}[/content]`;
    out += `</>`;
  }
  flush();
  return out;
}

const NS5: Record<string, string> = { 'http://www.w3.org/1999/xhtml': '', 'http://www.w3.org/2000/svg': 'svg:', 'http://www.w3.org/1998/Math/MathML': 'math:' };

/** parse5's tree in the same canonical form. */
export function serializeP5(html: string): string {
  const doc = parse(html);
  const walk = (nodes: P5Node[]): string => {
    let out = '';
    let pendingText = '';
    const flush = () => {
      if (pendingText) out += JSON.stringify(pendingText);
      pendingText = '';
    };
    for (const n of nodes) {
      if (n.nodeName === '#text') {
        pendingText += (n as DefaultTreeAdapterMap['textNode']).value;
        continue;
      }
      if (!('tagName' in n)) continue;
      flush();
      const el = n as P5Element;
      const attrs = el.attrs.map((a) => `${(a.prefix ? a.prefix + ':' : '') + a.name.toLowerCase()}=${JSON.stringify(a.value)}`).sort().join(' ');
      out += `<${NS5[el.namespaceURI] ?? '?'}${el.tagName.toLowerCase()}${attrs ? ' ' + attrs : ''}>`;
      out += walk(el.childNodes);
      if (el.tagName === 'template' && el.namespaceURI === 'http://www.w3.org/1999/xhtml') out += `[content]${walk((el as DefaultTreeAdapterMap['template']).content.childNodes)}[/content]`;
      out += '</>';
    }
    flush();
    return out;
  };
  return walk(doc.childNodes);
}

/** The reader's tree for a text, read in pieces of `piece` characters. */
export function serializeReader(html: string, piece = 32_768): string {
  const sink = new TreeSink();
  const r = new HtmlReader({ whole: [sink] }, { pieceSize: piece });
  r.writeText(html);
  r.end();
  return sink.serialize();
}

/** The reader's trees for a body read in chunks of `chunk` bytes: the whole document, and the part under `bodyLimit`. */
export function serializeReaderBytes(body: Uint8Array, charset: string, bodyLimit: number | null, chunk: number, piece = 32_768): { whole: string; kept: string; cut: { kept: number; truncated: boolean } | undefined } {
  const whole = new TreeSink();
  const kept = new TreeSink();
  const r = new HtmlReader({ whole: [whole], kept: [kept] }, { charset, bodyLimit, pieceSize: piece });
  for (let i = 0; i < body.length; i += chunk) r.write(body.subarray(i, i + chunk));
  r.end();
  return { whole: whole.serialize(), kept: kept.serialize(), cut: r.cut };
}
