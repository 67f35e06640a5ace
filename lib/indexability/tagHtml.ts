import type { TagInfo } from './types';

/** A tag as text for evidence: <meta name="robots" content="noindex">. Never rendered as HTML. */
export function tagHtml(t: TagInfo): string {
  const attrs = Object.entries(t.attrs)
    .map(([k, v]) => `${k}="${v.slice(0, 500).replace(/"/g, '&quot;')}"`)
    .join(' ');
  return `<${t.tag}${attrs ? ' ' + attrs : ''}>`;
}
