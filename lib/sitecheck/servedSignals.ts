import { collectSignals } from '../indexability/collectSignals';
import type { PageSignals } from '../indexability/types';
import { parse5Document } from './parse5Document';

/**
 * The indexability signals (robots meta tags, canonical and alternate links, <base>, title, h1,
 * text length) of HTML as served, parsed with parse5: what lib/indexability reads, from the part
 * of the page Googlebot keeps.
 */
export function servedSignals(html: string, url: string, read: { bytesRead: number; truncated: boolean }): PageSignals {
  return collectSignals(parse5Document(html), 'served', url, read);
}
