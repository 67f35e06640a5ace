import type { PageSignals, TagInfo } from './types';

/** The parts of a DOM Element / Document this collector reads (a real Document fits). */
export interface ElementLike {
  localName: string;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}
export interface DocumentLike {
  title: string;
  querySelectorAll(selector: string): ArrayLike<ElementLike>;
  querySelector(selector: string): { textContent: string | null } | null;
  /** The body; a document that never builds the body's text gives its trimmed length instead. */
  body: { textContent: string | null; trimmedLength?: number } | null;
}

/** Hostile pages: at most this many tags are read. */
export const MAX_TAGS = 2000;
const SEARCH_META = /^\s*(robots|googlebot|googlebot-news)\s*$/i;
const LINK_REL = /(^|\s)(canonical|alternate)(\s|$)/i;
const REFRESH = /^refresh$/i;

/**
 * The indexability signals of a parsed document (the live DOM, or served HTML parsed with
 * DOMParser): robots meta tags, meta refresh tags, canonical / alternate links, <base>, title,
 * first h1.
 */
export function collectSignals(
  doc: DocumentLike,
  where: 'served' | 'live',
  url: string,
  read: { bytesRead: number | null; truncated: boolean } = { bytesRead: null, truncated: false },
): PageSignals {
  const tags: TagInfo[] = [];
  const els = doc.querySelectorAll('meta[name], meta[http-equiv], link[rel], base[href]');
  for (let i = 0; i < els.length && tags.length < MAX_TAGS; i++) {
    const el = els[i]!;
    const tag = el.localName;
    const attrs: Record<string, string> = {};
    const take = (n: string) => {
      const v = el.getAttribute(n);
      if (v !== null) attrs[n] = v.slice(0, 2000);
    };
    if (tag === 'meta') {
      const robots = SEARCH_META.test(el.getAttribute('name') ?? '');
      // http-equiv="refresh" matches in any case, as browsers match it (no trimming).
      const refresh = REFRESH.test(el.getAttribute('http-equiv') ?? '');
      if (!robots && !refresh) continue;
      if (robots) take('name');
      if (refresh) take('http-equiv');
      take('content');
    } else if (tag === 'link') {
      if (!LINK_REL.test(el.getAttribute('rel') ?? '')) continue;
      take('rel');
      take('href');
      take('hreflang');
    } else if (tag === 'base') {
      take('href');
    } else continue;
    tags.push({ tag: tag as TagInfo['tag'], attrs, inBody: el.closest('body') !== null });
  }
  const body = doc.body;
  const textLength = body?.trimmedLength ?? (body?.textContent ?? '').trim().length;
  return {
    where,
    url,
    tags,
    title: doc.title.slice(0, 300),
    h1: (doc.querySelector('h1')?.textContent ?? '').trim().slice(0, 300),
    textLength,
    bytesRead: read.bytesRead,
    truncated: read.truncated,
  };
}
