import { parse } from 'parse5';
import { splitWords } from './splitWords';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** What Googlebot reads from one HTML response, before rendering. */
export interface PageExtract {
  title: string | null;
  metaDescription: string | null;
  /** `<meta name="robots|googlebot">`, name lower-cased, in document order. */
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

const SKIP_TEXT = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'textarea', 'select']);
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
]);
const MAX_JSONLD_NODES = 10_000;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const attr = (el: Element, name: string): string | null => el.attrs.find((a) => a.name === name)?.value ?? null;

function textOf(el: Element): string {
  const parts: string[] = [];
  const stack: Node[] = [...el.childNodes].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.nodeName === '#text') parts.push((n as DefaultTreeAdapterMap['textNode']).value);
    else if ('childNodes' in n && !(n.nodeName === 'script' || n.nodeName === 'style' || n.nodeName === 'template')) {
      for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
    }
  }
  return parts.join('');
}

function resolve(href: string, base: string): URL | null {
  try {
    const u = new URL(href.trim(), base);
    u.hash = '';
    return u;
  } catch {
    return null;
  }
}

/** Extract the facts the comparison needs. Linear in the size of the HTML; never recursive (deep nesting is safe). */
export function extractPage(html: string, pageUrl: string): PageExtract {
  const doc = parse(html);
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
  const elements: Element[] = [];
  let text: string[] = [];
  const blocks: string[] = [];
  const flush = () => {
    if (text.length === 0) return;
    const b = squash(text.join(''));
    if (b) blocks.push(b);
    text = [];
  };
  // Iterative walk; a null on the stack marks the end of a block element (a word break).
  const stack: (Node | null)[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if (n === null) {
      flush();
      continue;
    }
    if (n.nodeName === '#text') {
      text.push((n as DefaultTreeAdapterMap['textNode']).value);
      continue;
    }
    if (!('childNodes' in n)) continue;
    const isEl = 'tagName' in n;
    if (isEl) elements.push(n as Element);
    const name = n.nodeName;
    if (isEl && SKIP_TEXT.has(name)) {
      // Still look inside <head> and <noscript> for tags, just not for visible text.
      if (name === 'head' || name === 'noscript') collectElements(n as Element, elements);
      continue;
    }
    const block = isEl && !INLINE.has(name);
    if (block) {
      flush();
      stack.push(null);
    }
    for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
  }
  flush();
  out.blocks = blocks;
  out.words = splitWords(blocks.join(' '));

  let base = pageUrl;
  const baseEl = elements.find((e) => e.tagName === 'base' && attr(e, 'href') !== null);
  if (baseEl) base = resolve(attr(baseEl, 'href')!, pageUrl)?.href ?? pageUrl;
  const pageHost = resolve(pageUrl, pageUrl)?.host ?? '';
  const seenLinks = new Set<string>();

  for (const el of elements) {
    if (el.namespaceURI !== HTML_NS) continue;
    switch (el.tagName) {
      case 'title':
        if (out.title === null) out.title = squash(textOf(el));
        break;
      case 'meta': {
        const name = (attr(el, 'name') ?? '').trim().toLowerCase();
        const content = attr(el, 'content') ?? '';
        if (name === 'description' && out.metaDescription === null) out.metaDescription = squash(content);
        else if (name === 'viewport' && out.viewport === null) out.viewport = squash(content);
        else if (name === 'robots' || name === 'googlebot') out.robotsMeta.push({ name, content: squash(content) });
        break;
      }
      case 'link': {
        const rel = (attr(el, 'rel') ?? '').toLowerCase().split(/\s+/);
        const href = attr(el, 'href');
        if (href === null) break;
        const u = resolve(href, base);
        if (!u) break;
        if (rel.includes('canonical')) out.canonical.push(u.href);
        if (rel.includes('alternate') && attr(el, 'hreflang') !== null) {
          out.hreflang.push({ lang: attr(el, 'hreflang')!.trim().toLowerCase(), href: u.href });
        }
        break;
      }
      case 'h1':
      case 'h2':
      case 'h3':
        out.headings.push({ level: Number(el.tagName[1]) as 1 | 2 | 3, text: squash(textOf(el)) });
        break;
      case 'a': {
        const href = attr(el, 'href');
        if (href === null) break;
        const u = resolve(href, base);
        if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || seenLinks.has(u.href)) break;
        seenLinks.add(u.href);
        (u.host === pageHost ? out.links.internal : out.links.external).push(u.href);
        break;
      }
      case 'img': {
        out.images.count++;
        const alt = attr(el, 'alt');
        if (alt === null || alt.trim() === '') out.images.missingAlt.push(attr(el, 'src') ?? '');
        break;
      }
      case 'script':
        if ((attr(el, 'type') ?? '').trim().toLowerCase() === 'application/ld+json') out.jsonLd.push(readJsonLd(textOf(el)));
        break;
    }
  }
  return out;
}

function collectElements(root: Element, into: Element[]): void {
  const stack: Node[] = [...root.childNodes].reverse();
  while (stack.length) {
    const n = stack.pop()!;
    if (!('tagName' in n)) continue;
    into.push(n as Element);
    for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
  }
}

function readJsonLd(raw: string): { types: string[]; text: string; valid: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { types: [], text: squash(raw), valid: false };
  }
  const types: string[] = [];
  const stack: unknown[] = [data];
  let visited = 0;
  while (stack.length && visited++ < MAX_JSONLD_NODES) {
    const v = stack.pop();
    if (Array.isArray(v)) for (const x of v) stack.push(x);
    else if (v && typeof v === 'object') {
      const t = (v as Record<string, unknown>)['@type'];
      for (const x of Array.isArray(t) ? t : [t]) if (typeof x === 'string' && !types.includes(x)) types.push(x);
      for (const x of Object.values(v as Record<string, unknown>)) stack.push(x);
    }
  }
  let text: string;
  try {
    text = canonicalJson(data);
  } catch {
    return { types, text: squash(raw), valid: false };
  }
  return { types, text, valid: true };
}

/** JSON with object keys sorted, so two blocks that differ only in key order compare equal. */
function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : val,
  );
}
