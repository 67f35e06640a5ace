import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { MessageParam } from '../i18n';
import { SITEMAP_MAX_LOC_CHARS, SITEMAP_NAMESPACE } from './sitemapLimits';
import type { SitemapProblemCode } from './types';

export interface SitemapReaderSink {
  /** One <loc> (or line), as written, with its line; `tooLong`: past the cap, its text not kept whole. */
  entry(raw: string, line: number, tooLong: boolean): void;
  problem(code: SitemapProblemCode, line: number | null, params: MessageParam[], fatal: boolean): void;
  /** A fatal problem was found: nothing more is taken. */
  stopped(): boolean;
}

export interface SitemapXmlReader {
  /** What the root says the file is, once it proved a sitemap's. */
  readonly kind: 'urlset' | 'sitemapindex' | null;
  write(text: string): void;
  /** The end of the file: an unclosed document is malformed, one without a root has none. */
  close(): void;
}

/**
 * An XML sitemap as Google reads it, text in pieces: a <urlset> or <sitemapindex> root in the
 * sitemaps.org namespace, and the <loc> of each of its <url> or <sitemap> entries (CDATA
 * included), with its line. Malformed XML stops at the first error, with its line; an HTML page
 * is named as such. Entities are XML's own only (no DTD is ever expanded), and a <loc> past the
 * cap is only marked, never grown.
 */
export function createSitemapXmlReader(sink: SitemapReaderSink): SitemapXmlReader {
  const xml = new SaxesParser({ xmlns: true, position: true });
  let kind: SitemapXmlReader['kind'] = null;
  let head: string | null = null;
  let depth = 0;
  let inEntry = false;
  let inLoc = false;
  let locText = '';
  let locLong = false;
  let locLine = 0;
  // A <loc> is taken once its end tag proves good: saxes closes an element and then reports a
  // wrong end tag (</url> for an open <loc>), so the entry waits until the next event.
  let heldLoc: { raw: string; line: number; long: boolean } | null = null;
  const commit = () => {
    if (heldLoc && !sink.stopped()) sink.entry(heldLoc.raw, heldLoc.line, heldLoc.long);
    heldLoc = null;
  };
  xml.on('error', (e) => {
    heldLoc = null;
    // An HTML page served as a sitemap is not XML at all: say what it is.
    if (depth === 0 && /^[\s\ufeff]*<(!doctype\s+html|html[\s>])/i.test(head ?? '')) return sink.problem('notSitemap', xml.line, ['html'], true);
    sink.problem('malformed', xml.line, [e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')], true);
  });
  xml.on('opentag', (tag: SaxesTagNS) => {
    commit();
    if (sink.stopped()) return;
    depth++;
    if (depth === 1) {
      if (tag.local !== 'urlset' && tag.local !== 'sitemapindex') return sink.problem('notSitemap', xml.line, [tag.name], true);
      if (tag.uri !== SITEMAP_NAMESPACE) return tag.uri ? sink.problem('wrongNamespace', xml.line, [tag.name, tag.uri], true) : sink.problem('noNamespace', xml.line, [tag.name], true);
      kind = tag.local;
    } else if (depth === 2) {
      inEntry = tag.uri === SITEMAP_NAMESPACE && tag.local === (kind === 'urlset' ? 'url' : 'sitemap');
    } else if (depth === 3 && inEntry && tag.uri === SITEMAP_NAMESPACE && tag.local === 'loc') {
      inLoc = true;
      locText = '';
      locLong = false;
      locLine = xml.line;
    }
  });
  const addText = (t: string) => {
    commit();
    if (!inLoc || sink.stopped()) return;
    // Bounded: a <loc> past the cap is only marked, never grown.
    if (locText.length + t.length > SITEMAP_MAX_LOC_CHARS + 64) locLong = true;
    else locText += t;
  };
  xml.on('text', addText);
  xml.on('cdata', addText);
  xml.on('closetag', () => {
    commit();
    if (sink.stopped()) return;
    if (depth === 3 && inLoc) {
      inLoc = false;
      heldLoc = { raw: locText, line: locLine, long: locLong };
    } else if (depth === 2) inEntry = false;
    depth--;
  });

  return {
    get kind() {
      return kind;
    },
    write(text) {
      head ??= text.slice(0, 200);
      if (text) xml.write(text);
      commit();
    },
    close() {
      if (sink.stopped()) return;
      xml.close();
      commit();
      if (!sink.stopped() && kind === null) sink.problem('noRoot', null, [], true);
    },
  };
}
