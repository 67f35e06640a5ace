export interface ScriptInSource {
  /** The resolved src, or null for an inline script. */
  src: string | null;
  /** Byte offset of its `<script` in the body. */
  byte: number;
}

/** Elements whose content is text up to their end tag (no markup inside). */
const RAW = /^(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)$/i;

/** The value of attribute `name` in a start tag's text, or null (quoted or not, case-insensitive name). */
function attr(tag: string, name: string): string | null {
  const m = new RegExp(`[\\s/]${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : null;
}

/**
 * Every `<script>` of an HTML text with the byte offset where it starts (the text encoded as
 * `encode` does — the document's own charset — so the offset is the response's), its src resolved
 * against the page (or its first <base>). A linear scan with the HTML tokenizer's rules for what
 * matters here: comments, raw-text elements skipped to their end tag, quoted attribute values.
 */
export function findScripts(html: string, pageUrl: string, encode: (s: string) => number = (s) => new TextEncoder().encode(s).length): ScriptInSource[] {
  const found: { src: string | null; char: number }[] = [];
  let base: string | null = null;
  const n = html.length;
  let pos = 0;
  while (pos < n) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      pos = end < 0 ? n : end + 3;
      continue;
    }
    const m = /^<([a-zA-Z][^\s/>]*)/.exec(html.slice(lt, lt + 40));
    if (!m) {
      // A doctype, a bogus comment (<! or <?), an end tag: to the next ">".
      const gt = html.indexOf('>', lt + 1);
      pos = gt < 0 ? n : gt + 1;
      continue;
    }
    // The start tag's end: the first ">" outside a quoted attribute value.
    let i = lt + 1 + m[1]!.length;
    let quote = 0;
    for (; i < n; i++) {
      const c = html.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 0x22 || c === 0x27) {
        // A quote opens a value only after "=" (with spaces between).
        let j = i - 1;
        while (j > lt && /\s/.test(html[j]!)) j--;
        if (html[j] === '=') quote = c;
      } else if (c === 0x3e) break;
    }
    const tagEnd = Math.min(n, i + 1);
    const name = m[1]!.toLowerCase();
    const tag = html.slice(lt, tagEnd);
    if (name === 'base' && base === null) {
      const href = attr(tag, 'href');
      if (href !== null) {
        try {
          base = new URL(href, pageUrl).href;
        } catch {
          /* a bad <base> changes nothing */
        }
      }
    }
    if (name === 'script') {
      const src = attr(tag, 'src');
      let resolved: string | null = null;
      if (src !== null) {
        try {
          resolved = new URL(src.trim(), base ?? pageUrl).href;
        } catch {
          resolved = src;
        }
      }
      found.push({ src: resolved, char: lt });
    }
    pos = tagEnd;
    if (RAW.test(name)) {
      // Its content is text up to its end tag (any case): one search from here, never back.
      const close = new RegExp(`</${name}[\\s/>]`, 'gi');
      close.lastIndex = pos;
      const hit = close.exec(html);
      pos = hit ? hit.index : n;
    }
  }
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
