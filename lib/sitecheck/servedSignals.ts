import { HtmlScanner } from '../bytes';
import { collectSignals, type PageSignals } from '../indexability';
import { parse5Document } from './parse5Document';
import { SignalCollector } from './SignalCollector';

/**
 * The indexability signals (robots meta tags, canonical and alternate links, <base>, title, h1,
 * text length) of HTML as served — the part of the page Googlebot keeps — read from the tokens
 * of the streaming scanner (SignalCollector): no tree, no copy of the body's text. The few pages
 * whose tree the tree builder rearranges (frameset, foster-parented table content…) are parsed
 * with parse5 instead, so the signals are those of a browser's parser either way.
 */
export function servedSignals(html: string, url: string, read: { bytesRead: number; truncated: boolean }): PageSignals {
  const c = new SignalCollector(html);
  new HtmlScanner(html, html.length, c).run(Infinity);
  return collectSignals(c.outOfModel ? parse5Document(html) : c.document(), 'served', url, read);
}
