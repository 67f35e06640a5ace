import { HtmlReader, type El, type HtmlSink } from '../html';

export interface ScriptInSource {
  /** The resolved src, or null for an inline script. */
  src: string | null;
  /** Byte offset of its `<script` in the body. */
  byte: number;
}

/**
 * Every script element of a document (HTML or SVG; not those in a <template>'s content, which
 * never run) with the source offset of its `<script`, its src as written — read from lib/html's
 * reader as the document streams by. `result` resolves each src against the page, or against
 * its first <base href>.
 */
export class ScriptFinder implements HtmlSink {
  private readonly found: { src: string | null; at: number }[] = [];
  private base: string | null = null;

  open(el: El): void {
    if (el.inTemplate || !el.tag) return;
    const attr = (n: string) => el.tag!.attrs.find((a) => a.name === n)?.value ?? null;
    if (el.name === 'base' && el.ns === 0 && this.base === null) this.base = attr('href');
    else if (el.name === 'script' && el.ns !== 2) this.found.push({ src: attr('src'), at: el.tag.start });
  }

  /** The scripts, src resolved against `pageUrl` (or the page's first <base href>); `toByte` maps a source offset to a body byte. */
  result(pageUrl: string, toByte: (at: number) => number = (at) => at): ScriptInSource[] {
    let base: string | null = null;
    if (this.base !== null) {
      try {
        base = new URL(this.base, pageUrl).href;
      } catch {
        /* a bad <base> changes nothing */
      }
    }
    return this.found.map((f) => {
      let src: string | null = null;
      if (f.src !== null) {
        try {
          src = new URL(f.src.trim(), base ?? pageUrl).href;
        } catch {
          src = f.src;
        }
      }
      return { src, byte: toByte(f.at) };
    });
  }
}

/**
 * Every `<script>` of a body in hand with the byte offset where it starts (the response's
 * offsets: the body decoded with its own charset), its src resolved against the page.
 */
export function findScriptsInBytes(body: Uint8Array, charset: string | null, pageUrl: string, contentType: string | null = null): ScriptInSource[] {
  const f = new ScriptFinder();
  const r = new HtmlReader({ whole: [f] }, { charset, contentType });
  r.write(body);
  r.end();
  return f.result(pageUrl);
}

/**
 * Every `<script>` of an HTML text with the byte offset where it starts (the text encoded as
 * `encode` does — the document's own charset — so the offset is the response's), its src
 * resolved against the page (or its first <base>).
 */
export function findScripts(html: string, pageUrl: string, encode: (s: string) => number = (s) => new TextEncoder().encode(s).length): ScriptInSource[] {
  const f = new ScriptFinder();
  const r = new HtmlReader({ whole: [f] });
  r.writeText(html);
  r.end();
  // Character offsets to byte offsets, one pass over the text.
  let bytes = 0;
  let at = 0;
  return f.result(pageUrl, (c) => {
    bytes += encode(html.slice(at, c));
    at = c;
    return bytes;
  });
}
