import { HtmlReader } from '../html';
import { ServedSignals, type PageSignals } from '../indexability';

/**
 * The indexability signals of HTML already decoded (robots meta tags, canonical and alternate
 * links, <base>, title, h1, text length), read by lib/html's reader — the same reader and the
 * same facts as a body read from its bytes (openBodyAnalysis).
 */
export function servedSignals(html: string, url: string, read: { bytesRead: number; truncated: boolean }): PageSignals {
  const s = new ServedSignals();
  const r = new HtmlReader({ kept: [s] });
  r.writeText(html);
  r.end();
  return s.result(url, read);
}
