import { classifyHeadTag, relTokens } from '../html';
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
  body: { textContent: string | null } | null;
}

/** Hostile pages: at most this many tags are read. */
export const MAX_TAGS = 2000;
/** Attribute values are kept up to this many characters. */
const MAX_VALUE = 2000;

/**
 * The signal a <meta>, <link> or <base> element carries, with the attributes that say it (the
 * head-tag classifier of lib/html decides which): a robots meta (its name and content), a meta
 * refresh (http-equiv and content), a canonical or alternate link (rel, href, hreflang), a base
 * with an href. Null for any other element. The one definition for the live DOM and served HTML.
 */
export function tagInfoOf(tag: string, getAttribute: (name: string) => string | null, inBody: boolean): TagInfo | null {
  const kinds = classifyHeadTag(tag, getAttribute);
  const attrs: Record<string, string> = {};
  const take = (n: string) => {
    const v = getAttribute(n);
    if (v !== null) attrs[n] = v.slice(0, MAX_VALUE);
  };
  if (tag === 'meta') {
    const robots = kinds.some((k) => k.kind === 'robots');
    const refresh = kinds.some((k) => k.kind === 'refresh');
    if (!robots && !refresh) return null;
    if (robots) take('name');
    if (refresh) take('http-equiv');
    take('content');
  } else if (tag === 'link') {
    // Any canonical or alternate link (one without an href too: it is reported as such).
    const rel = relTokens(getAttribute('rel'));
    if (!rel.includes('canonical') && !rel.includes('alternate')) return null;
    take('rel');
    take('href');
    take('hreflang');
  } else if (tag === 'base') {
    if (kinds.length === 0) return null;
    take('href');
  } else return null;
  return { tag: tag as TagInfo['tag'], attrs, inBody };
}

/**
 * The indexability signals of a parsed document — the live DOM (the content script): robots
 * meta tags, meta refresh tags, canonical / alternate links, <base>, title, first h1. Served HTML
 * is read by lib/html's reader instead (ServedSignals), with the same tag definition.
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
    const info = tagInfoOf(el.localName, (n) => el.getAttribute(n), el.closest('body') !== null);
    if (info) tags.push(info);
  }
  const body = doc.body;
  const textLength = (body?.textContent ?? '').trim().length;
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
