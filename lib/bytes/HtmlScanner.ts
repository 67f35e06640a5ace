import { ScanCollector } from './ScanCollector';
import type { HtmlScan, TagSpan, TokenSink } from './scanTypes';

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c;
const END_TAG = new Map<string, RegExp>();
const isAlpha = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

/**
 * A linear, allocation-light HTML tokenizer for the byte-budget scan: text is skipped with
 * indexOf, only tags are read character by character, and raw-text elements (script, style,
 * title, textarea, noscript…) jump to their end tag. It follows the HTML tokenizer's rules for
 * tags, attributes, comments, bogus comments and doctypes, so offsets match parse5's (the tests
 * check it against parse5 on every fixture). Not modelled: the script-data "escaped" states
 * (`<!--<script>` inside a script), which only matter for pages that nest script tags in comments.
 *
 * Call run(until) repeatedly (each call stops after the first token that reaches `until`), then result().
 */
export class HtmlScanner {
  private pos = 0;
  private readonly c: TokenSink;
  private ended = false;

  /** `sink`: another consumer of the tokens than the byte-budget collector (then result() is not available). */
  constructor(
    private readonly text: string,
    cut: number,
    sink?: TokenSink,
  ) {
    this.c = sink ?? new ScanCollector(text, cut);
  }

  get position(): number {
    return this.pos;
  }

  /** Scans up to (at least) `until`; returns true when the whole text is done. */
  run(until: number): boolean {
    const t = this.text;
    const n = t.length;
    const c = this.c;
    let pos = this.pos;
    while (pos < n && pos < until) {
      // Text up to the next tag opening.
      let lt = t.indexOf('<', pos);
      let textEnd = lt < 0 ? n : lt;
      // A "<" that opens nothing is text: extend the run.
      while (lt >= 0 && !this.opensMarkup(lt)) {
        lt = t.indexOf('<', lt + 1);
        textEnd = lt < 0 ? n : lt;
      }
      if (textEnd > pos) c.textRun(pos, textEnd);
      if (lt < 0) {
        pos = n;
        break;
      }
      pos = this.markup(lt);
    }
    this.pos = pos;
    if (pos >= n && !this.ended) {
      this.ended = true;
      c.eof(n);
    }
    return pos >= n;
  }

  result(): HtmlScan {
    while (!this.run(Infinity));
    if (!(this.c instanceof ScanCollector)) throw new Error('HtmlScanner.result(): the tokens went to another sink');
    return this.c.scan;
  }

  private opensMarkup(lt: number): boolean {
    const t = this.text;
    const c1 = t.charCodeAt(lt + 1);
    if (isAlpha(c1) || c1 === 0x21 /* ! */ || c1 === 0x3f /* ? */) return true;
    if (c1 === 0x2f /* / */) return lt + 2 < t.length || false;
    return false;
  }

  /** Reads the markup at `lt` (a tag, comment, doctype…); returns the position after it. */
  private markup(lt: number): number {
    const t = this.text;
    const n = t.length;
    const c = this.c;
    const c1 = t.charCodeAt(lt + 1);
    if (c1 === 0x21) {
      if (t.startsWith('<!--', lt)) return this.comment(lt);
      if (t.substr(lt + 2, 7).toLowerCase() === 'doctype') {
        const gt = t.indexOf('>', lt + 2);
        const end = gt < 0 ? n : gt + 1;
        c.doctype(lt, end);
        return end;
      }
      if (c.inForeign && t.startsWith('[CDATA[', lt + 2)) {
        const close = t.indexOf(']]>', lt + 9);
        const end = close < 0 ? n : close + 3;
        c.textRun(lt + 9, close < 0 ? n : close);
        return end;
      }
      return this.bogusComment(lt, lt + 2);
    }
    if (c1 === 0x3f) return this.bogusComment(lt, lt + 1);
    if (c1 === 0x2f) {
      const c2 = t.charCodeAt(lt + 2);
      if (isAlpha(c2)) {
        const tag = this.tag(lt, lt + 2);
        if (!tag) return n;
        c.endTag(tag);
        return tag.end;
      }
      if (c2 === 0x3e) return lt + 3; // "</>" is dropped
      return this.bogusComment(lt, lt + 2);
    }
    const tag = this.tag(lt, lt + 1);
    if (!tag) return n; // EOF inside a tag: the tokenizer emits nothing
    const mode = c.startTag(tag);
    if (!mode) return tag.end;
    if (mode === 'plaintext') {
      if (tag.end < n) c.textRun(tag.end, n);
      return n;
    }
    return this.rawText(tag.name, tag.end);
  }

  private comment(lt: number): number {
    const t = this.text;
    const n = t.length;
    // "<!-->" and "<!--->" close at once.
    let end: number;
    if (t.startsWith('>', lt + 4)) end = lt + 5;
    else if (t.startsWith('->', lt + 4)) end = lt + 6;
    else {
      let close = t.indexOf('--', lt + 4);
      end = n;
      while (close >= 0) {
        if (t.charCodeAt(close + 2) === 0x3e) {
          end = close + 3;
          break;
        }
        if (t.charCodeAt(close + 2) === 0x21 && t.charCodeAt(close + 3) === 0x3e) {
          end = close + 4;
          break;
        }
        close = t.indexOf('--', close + 1);
      }
    }
    this.c.comment(lt, end);
    return end;
  }

  private bogusComment(lt: number, from: number): number {
    const gt = this.text.indexOf('>', from);
    const end = gt < 0 ? this.text.length : gt + 1;
    this.c.comment(lt, end);
    return end;
  }

  /** A start or end tag whose name starts at `from`; null when the text ends inside it. */
  private tag(lt: number, from: number): TagSpan | null {
    const t = this.text;
    const n = t.length;
    let i = from;
    while (i < n) {
      const ch = t.charCodeAt(i);
      if (isWs(ch) || ch === 0x2f || ch === 0x3e) break;
      i++;
    }
    const name = t.slice(from, i).toLowerCase();
    const attrs: TagSpan['attrs'] = [];
    let selfClosing = false;
    for (;;) {
      while (i < n && isWs(t.charCodeAt(i))) i++;
      if (i >= n) return null;
      let ch = t.charCodeAt(i);
      if (ch === 0x3e) return { name, start: lt, end: i + 1, selfClosing, attrs };
      if (ch === 0x2f) {
        i++;
        if (t.charCodeAt(i) === 0x3e) selfClosing = true;
        continue;
      }
      selfClosing = false;
      // Attribute name (a leading "=" belongs to the name).
      const aStart = i;
      i++;
      while (i < n) {
        ch = t.charCodeAt(i);
        if (isWs(ch) || ch === 0x2f || ch === 0x3e || ch === 0x3d) break;
        i++;
      }
      const aName = t.slice(aStart, i).toLowerCase();
      let j = i;
      while (j < n && isWs(t.charCodeAt(j))) j++;
      let value = '';
      let aEnd = i;
      if (t.charCodeAt(j) === 0x3d) {
        j++;
        while (j < n && isWs(t.charCodeAt(j))) j++;
        if (j >= n) return null;
        const q = t.charCodeAt(j);
        if (q === 0x22 || q === 0x27) {
          const close = t.indexOf(q === 0x22 ? '"' : "'", j + 1);
          if (close < 0) return null;
          value = t.slice(j + 1, close);
          i = close + 1;
        } else if (q === 0x3e) {
          i = j; // "a=>" : empty value, the ">" closes the tag
        } else {
          let k = j;
          while (k < n) {
            const ch2 = t.charCodeAt(k);
            if (isWs(ch2) || ch2 === 0x3e) break;
            k++;
          }
          value = t.slice(j, k);
          i = k;
        }
        aEnd = i;
      }
      if (!attrs.some((a) => a.name === aName)) {
        attrs.push({ name: aName, value: value.includes('&') ? decodeAttr(value) : value, start: aStart, end: aEnd });
      }
    }
  }

  /** Content of a raw-text element up to its end tag (case-insensitive, then whitespace, "/" or ">"). */
  private rawText(name: string, from: number): number {
    const t = this.text;
    const n = t.length;
    let re = END_TAG.get(name);
    if (!re) END_TAG.set(name, (re = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi')));
    re.lastIndex = from;
    const m = re.exec(t);
    if (!m) {
      // An end tag cut off by the end of the text ("</script" at EOF) is content too.
      if (from < n) this.c.rawContent(from, n);
      return n;
    }
    const endStart = m.index;
    if (endStart > from) this.c.rawContent(from, endStart);
    const tag = this.tag(endStart, endStart + 2);
    if (!tag) {
      this.c.rawContent(endStart, n);
      return n;
    }
    this.c.endTag(tag);
    return tag.end;
  }
}

function decodeAttr(v: string): string {
  return v.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos|nbsp);?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
    }
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' } as Record<string, string>)[ref.toLowerCase()] ?? m;
  });
}

/** Scans a whole document at once. */
export function scanHtml(text: string, cut: number): HtmlScan {
  return new HtmlScanner(text, cut).result();
}
