import { HtmlScanner } from '../bytes';
import { StructuredTokens } from '../structured';
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
  return servedSignalsAndTokens(html, url, read, false).signals;
}

/**
 * The same, and — from the same scan — the tokens structured data needs (JSON-LD blocks, whether
 * there is microdata or RDFa and where their tags start): one pass over the HTML for both.
 */
export function servedSignalsAndTokens(html: string, url: string, read: { bytesRead: number; truncated: boolean }, withTokens = true): { signals: PageSignals; tokens: StructuredTokens | null } {
  const c = new SignalCollector(html);
  // parse5 places the elements itself: the tag starts are not recorded.
  const tokens = withTokens ? new StructuredTokens(c, false) : null;
  new HtmlScanner(html, html.length, tokens ?? c).run(Infinity);
  return { signals: collectSignals(c.outOfModel ? parse5Document(html) : c.document(), 'served', url, read), tokens };
}
