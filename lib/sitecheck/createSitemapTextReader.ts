import { SITEMAP_MAX_LOC_CHARS } from './sitemapLimits';
import type { SitemapReaderSink } from './createSitemapXmlReader';

export interface SitemapTextReader {
  /** The next piece of text; `last`: the file ends with it. */
  write(text: string, last: boolean): void;
}

/**
 * A text sitemap, text in pieces: one URL per line (LF or CRLF), blank lines skipped, each line
 * with its number. A line past the cap is only marked, never grown.
 */
export function createSitemapTextReader(sink: Pick<SitemapReaderSink, 'entry' | 'stopped'>): SitemapTextReader {
  let line = 1;
  let pending = '';
  let pendingLong = false;
  return {
    write(s, last) {
      let at = 0;
      for (;;) {
        const nl = s.indexOf('\n', at);
        if (nl < 0) {
          const rest = s.slice(at);
          if (pending.length + rest.length > SITEMAP_MAX_LOC_CHARS + 64) pendingLong = true;
          else pending += rest;
          break;
        }
        const text = pending + s.slice(at, nl);
        if (text.trim() !== '' || pendingLong) sink.entry(text.replace(/\r$/, ''), line, pendingLong);
        pending = '';
        pendingLong = false;
        line++;
        at = nl + 1;
        if (sink.stopped()) return;
      }
      if (last && (pending.trim() !== '' || pendingLong)) sink.entry(pending, line, pendingLong);
    },
  };
}
