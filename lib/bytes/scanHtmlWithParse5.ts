import { Tokenizer, TokenizerMode, type Token, type TokenHandler } from 'parse5';
import { ScanCollector } from './ScanCollector';
import type { HtmlScan, TagSpan } from './scanTypes';

const MODE = {
  script: TokenizerMode.SCRIPT_DATA,
  rawtext: TokenizerMode.RAWTEXT,
  rcdata: TokenizerMode.RCDATA,
  plaintext: TokenizerMode.PLAINTEXT,
} as const;

function span(t: Token.TagToken): TagSpan {
  const loc = t.location!;
  return {
    name: t.tagName,
    start: loc.startOffset,
    end: loc.endOffset,
    selfClosing: t.selfClosing,
    attrs: t.attrs.flatMap((a) => {
      const l = loc.attrs?.[a.name];
      return l ? [{ name: a.name, value: a.value, start: l.startOffset, end: l.endOffset }] : [];
    }),
  };
}

/**
 * The same scan as HtmlScanner, driven by parse5's spec-complete tokenizer (with source
 * locations). It is the reference: the fast scanner must give identical results, which the unit
 * tests check on every fixture. About 5× slower, so the product uses the fast one.
 */
export function scanHtmlWithParse5(text: string, cut: number): HtmlScan {
  const c = new ScanCollector(text, cut);
  // parse5 splits text into several character tokens (at character references, whitespace…); the
  // collector is given whole runs between markup, as the fast scanner gives them.
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart < 0) return;
    if (c.inRaw) c.rawContent(runStart, runEnd);
    else c.textRun(runStart, runEnd);
    runStart = -1;
  };
  const chars = (t: Token.CharacterToken) => {
    const l = t.location!;
    if (runStart >= 0 && l.startOffset === runEnd) runEnd = l.endOffset;
    else {
      flush();
      runStart = l.startOffset;
      runEnd = l.endOffset;
    }
  };
  let tokenizer: Tokenizer;
  const handler: TokenHandler = {
    onComment: (t) => {
      flush();
      c.comment(t.location!.startOffset, Math.min(text.length, t.location!.endOffset));
    },
    onDoctype: (t) => {
      flush();
      c.doctype(t.location!.startOffset, t.location!.endOffset);
    },
    onStartTag: (t) => {
      flush();
      const mode = c.startTag(span(t));
      if (mode) tokenizer.state = MODE[mode];
      tokenizer.inForeignNode = c.inForeign;
    },
    onEndTag: (t) => {
      flush();
      c.endTag(span(t));
      tokenizer.inForeignNode = c.inForeign;
    },
    onEof: () => flush(),
    onCharacter: chars,
    onNullCharacter: chars,
    onWhitespaceCharacter: chars,
  };
  tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, handler);
  tokenizer.write(text, true);
  return c.eof(text.length);
}
