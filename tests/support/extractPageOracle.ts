// The comparison's page facts read from parse5's tree (the implementation lib/html replaced): the
// oracle extractPage is held to.
import { parse } from 'parse5';
import { splitWords } from '../../lib/compare/splitWords';
import type { DefaultTreeAdapterMap } from 'parse5';
import type { PageExtract } from '../../lib/compare/extractPage';
import { readJsonLd } from '../../lib/compare/readJsonLd';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

const SKIP_TEXT = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'textarea', 'select']);
const INLINE = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font', 'i', 'ins', 'kbd', 'mark',
  'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
]);

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

/**
 * The reference for lib/compare's extractPage: the same facts read from parse5's tree (the
 * implementation the streaming reader replaced). Tests only.
 */
export function extractPageOracle(html: string, pageUrl: string): PageExtract {
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
        else if (name === 'robots' || name === 'googlebot' || name === 'googlebot-news') out.robotsMeta.push({ name, content: squash(content) });
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
