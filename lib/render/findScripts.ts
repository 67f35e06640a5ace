import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface ScriptInSource {
  /** The resolved src, or null for an inline script. */
  src: string | null;
  /** Byte offset of its `<script` in the body. */
  byte: number;
}

/**
 * Every `<script>` of an HTML text with the byte offset where it starts (the text encoded as
 * `encode` does — the document's own charset — so the offset is the response's). Walked without
 * recursion; linear in the size of the text.
 */
export function findScripts(html: string, pageUrl: string, encode: (s: string) => number = (s) => new TextEncoder().encode(s).length): ScriptInSource[] {
  const doc = parse(html, { sourceCodeLocationInfo: true });
  const found: { src: string | null; char: number }[] = [];
  let base = pageUrl;
  const stack: Node[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if ('tagName' in n) {
      const el = n as Element;
      const attr = (name: string) => el.attrs.find((a) => a.name === name)?.value ?? null;
      if (el.tagName === 'base' && attr('href') !== null && base === pageUrl) {
        try {
          base = new URL(attr('href')!, pageUrl).href;
        } catch {
          /* a bad <base> changes nothing */
        }
      }
      if (el.tagName === 'script' && el.sourceCodeLocation) {
        const src = attr('src');
        let resolved: string | null = null;
        if (src !== null) {
          try {
            resolved = new URL(src, base).href;
          } catch {
            resolved = src;
          }
        }
        found.push({ src: resolved, char: el.sourceCodeLocation.startOffset });
      }
    }
    if ('childNodes' in n) for (let i = n.childNodes.length - 1; i >= 0; i--) stack.push(n.childNodes[i]!);
    if ('content' in n && n.content) stack.push(n.content as Node);
  }
  found.sort((a, b) => a.char - b.char);
  // Character offsets to byte offsets, one pass over the text.
  const out: ScriptInSource[] = [];
  let bytes = 0;
  let at = 0;
  for (const f of found) {
    bytes += encode(html.slice(at, f.char));
    at = f.char;
    out.push({ src: f.src, byte: bytes });
  }
  return out;
}
