// Every reader of lib/html against parse5, on one body: one pass of the reader with all its
// readers attached (the tree, the served signals, the page extraction, the script finder, the
// byte budget), fed in chunks of a given size, compared with what parse5 gives for the same text —
// the whole document, and the part Googlebot keeps. Returns the first difference, or null.
import { parse, defaultTreeAdapter, type DefaultTreeAdapterMap } from 'parse5';
import { HtmlReader } from '../../lib/html/HtmlReader';
import { resolveCharset } from '../../lib/html/charset';
import { ByteBudget } from '../../lib/bytes/ByteBudget';
import { findCutoff } from '../../lib/bytes/findCutoff';
import { decodeText } from '../../lib/core/decodeText';
import { ServedSignals } from '../../lib/indexability/ServedSignals';
import { collectSignals } from '../../lib/indexability/collectSignals';
import { PageExtractor } from '../../lib/compare/extractPage';
import { ScriptFinder } from '../../lib/render/findScripts';
import { TreeSink, serializeP5 } from './readerTree';
import { parse5Document } from './parse5Document';
import { extractPageOracle } from './extractPageOracle';
import { byteBudgetOracle } from './byteBudgetOracle';

type Element = DefaultTreeAdapterMap['element'];
const PAGE = 'https://site.example/a/b.html';

/** The WHATWG UTF-8 decoder's characters and where each starts (a U+FFFD for broken bytes included): character offsets to bytes, independently of lib/html. */
function utf8Starts(bytes: Uint8Array, from: number): number[] {
  const starts: number[] = [];
  let i = from;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      starts.push(i++);
      continue;
    }
    let need = 0;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    }
    const start = i;
    i++;
    let ok = need > 0;
    for (let k = 0; k < need; k++) {
      const x = bytes[i];
      if (x === undefined || x < lo || x > hi) {
        ok = false;
        break;
      }
      lo = 0x80;
      hi = 0xbf;
      i++;
    }
    starts.push(start);
    if (ok && need === 3) starts.push(start); // a surrogate pair: two UTF-16 units
  }
  return starts;
}

/** Character offset → body byte, for a body decoded with `cs`. */
function byteMap(body: Uint8Array, text: string, cs: ReturnType<typeof resolveCharset>): (c: number) => number {
  const bom = cs.bomBytes;
  if (cs.kind === 'single-byte') return (c) => bom + c;
  if (cs.kind === 'utf-16le' || cs.kind === 'utf-16be') return (c) => bom + 2 * c;
  const starts = utf8Starts(body, bom);
  if (starts.length !== text.length) throw new Error(`byteMap: ${starts.length} characters against ${text.length}`);
  return (c) => (c < starts.length ? starts[c]! : body.length);
}

/**
 * Scripts per parse5: script elements (HTML or SVG) outside templates, with the offset of their
 * start tag and their src — those of a body a <frameset> throws out included (the browser ran them
 * as it read them, before the frameset came).
 */
function scriptsOracle(html: string, toByte: (c: number) => number): { src: string | null; byte: number }[] {
  const detached: DefaultTreeAdapterMap['childNode'][] = [];
  const treeAdapter = {
    ...defaultTreeAdapter,
    detachNode(node: DefaultTreeAdapterMap['childNode']) {
      defaultTreeAdapter.detachNode(node);
      detached.push(node);
    },
  };
  const doc = parse(html, { sourceCodeLocationInfo: true, treeAdapter });
  let base: string | null = null;
  const found: { src: string | null; at: number }[] = [];
  const walk = (n: DefaultTreeAdapterMap['parentNode']) => {
    for (const c of n.childNodes) {
      if (!('tagName' in c)) continue;
      const el = c as Element;
      const attr = (name: string) => el.attrs.find((a) => a.name === name && !a.prefix)?.value ?? null;
      const ns = el.namespaceURI;
      if (el.tagName === 'base' && ns === 'http://www.w3.org/1999/xhtml' && base === null) base = attr('href');
      if (el.tagName === 'script' && ns !== 'http://www.w3.org/1998/Math/MathML' && el.sourceCodeLocation?.startTag) found.push({ src: attr('src'), at: el.sourceCodeLocation.startTag.startOffset });
      walk(el);
    }
  };
  walk(doc);
  // Moved nodes are detached, then inserted elsewhere: only those left out of the tree are dropped.
  for (const n of detached) if (!n.parentNode && 'tagName' in n) walk({ childNodes: [n] } as unknown as DefaultTreeAdapterMap['parentNode']);
  // A reopened formatting element is never a script: each start tag is found once, in source order.
  found.sort((a, b) => a.at - b.at);
  let baseUrl: string | null = null;
  if (base !== null) {
    try {
      baseUrl = new URL(base, PAGE).href;
    } catch {
      /* nothing */
    }
  }
  return found.map((f) => {
    let src: string | null = null;
    if (f.src !== null) {
      try {
        src = new URL(f.src.trim(), baseUrl ?? PAGE).href;
      } catch {
        src = f.src;
      }
    }
    return { src, byte: toByte(f.at) };
  });
}

export interface OracleCase {
  body: Uint8Array;
  /** The charset label the body is read with (a BOM wins, as for the reader). */
  charset: string;
  /** Body bytes under the limit (the limit less the header bytes). */
  bodyLimit: number;
}

/** What parse5 says about a body: computed once, compared with each chunking. */
export function expected(c: OracleCase) {
  const cs = resolveCharset(c.charset, c.body);
  const text = decodeText(c.body.subarray(cs.bomBytes), cs.encoding);
  const cut = findCutoff({ body: c.body, headerBytes: 0, charset: c.charset, limit: c.bodyLimit });
  const keptText = cut.truncated ? decodeText(c.body.subarray(cs.bomBytes, Math.max(cs.bomBytes, cut.bodyBytesKept)), cs.encoding) : text;
  const toByte = byteMap(c.body, text, cs);
  const read = { bytesRead: 0, truncated: false };
  return {
    cut,
    tree: serializeP5(text),
    served: collectSignals(parse5Document(keptText), 'served', PAGE, read),
    extract: extractPageOracle(keptText, PAGE),
    scripts: scriptsOracle(text, toByte),
    bytes: byteBudgetOracle(text, cut.truncated ? cut.charIndex : Infinity, toByte, cut.truncated ? keptText : null, true, cut.truncated ? cut.bodyBytesKept : undefined),
  };
}

/** The reader's answers for a body fed in chunks of `chunk` bytes (pieces of at most `piece`). */
export function actual(c: OracleCase, chunk: number, piece = 32_768) {
  const tree = new TreeSink();
  const served = new ServedSignals();
  const extract = new PageExtractor();
  const scripts = new ScriptFinder();
  let reader!: HtmlReader;
  const budget = new ByteBudget(() => (reader.cut?.truncated ? reader.cut.kept : Infinity));
  reader = new HtmlReader({ whole: [tree, scripts, budget], kept: [served, extract, budget.keptText()] }, { charset: c.charset, bodyLimit: c.bodyLimit, pieceSize: piece });
  for (let i = 0; i < c.body.length; i += chunk) reader.write(c.body.subarray(i, i + chunk));
  reader.end();
  const read = { bytesRead: 0, truncated: false };
  return {
    cut: reader.cut!,
    tree: tree.serialize(),
    served: served.result(PAGE, read),
    extract: extract.result(PAGE),
    scripts: scripts.result(PAGE),
    bytes: budget.scan,
  };
}

const FACTS = ['tree', 'served', 'extract', 'scripts', 'bytes'] as const;

/** The first difference between the reader and parse5 for one chunking, or null. */
export function difference(want: ReturnType<typeof expected>, got: ReturnType<typeof actual>): string | null {
  if (got.cut.truncated !== want.cut.truncated || (want.cut.truncated && got.cut.kept !== want.cut.bodyBytesKept)) {
    return `cut: ${JSON.stringify(got.cut)} against ${want.cut.truncated} ${want.cut.bodyBytesKept}`;
  }
  for (const k of FACTS) {
    const a = JSON.stringify(got[k]);
    const b = JSON.stringify(want[k]);
    if (a !== b) return `${k}:\n  reader ${a}\n  parse5 ${b}`;
  }
  return null;
}
