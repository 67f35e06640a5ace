/** A meta refresh's content attribute, read the way browsers read it. */
export type ParsedRefresh =
  /** delay: whole seconds; url: the URL as written (quotes removed), or null when none is given (the page reloads itself). */
  | { ok: true; delay: number; url: string | null }
  | { ok: false };

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** At most this much of a content attribute is read (hostile pages). */
const MAX_CONTENT = 4096;

/**
 * The HTML standard's "shared declarative refresh steps"
 * (html.spec.whatwg.org/multipage/document-lifecycle.html#shared-declarative-refresh-steps), up to
 * the URL string: leading ASCII whitespace; the delay as ASCII digits (a leading "." with no digit
 * means 0; any further digits and dots are ignored, so "3.7" is 3 s); then, if anything follows, a
 * whitespace, ";" or ","; whitespace; an optional "url" (any case), whitespace, "=" and whitespace;
 * an optional ' or " that ends the URL at its next occurrence. Anything else is not a refresh, and
 * browsers ignore the tag. Resolving the URL (against the document's base URL) is the caller's.
 */
export function parseMetaRefresh(content: string): ParsedRefresh {
  if (content === '') return { ok: false };
  const input = content.length > MAX_CONTENT ? content.slice(0, MAX_CONTENT) : content;
  let pos = 0;
  while (isSpace(input[pos])) pos++;
  const start = pos;
  while (isDigit(input[pos])) pos++;
  const timeString = input.slice(start, pos);
  if (timeString === '' && input[pos] !== '.') return { ok: false };
  // "rules for parsing non-negative integers": the digits' value; thousands of digits stay a finite "never".
  const delay = timeString === '' ? 0 : Math.min(Number(timeString), Number.MAX_SAFE_INTEGER);
  while (isDigit(input[pos]) || input[pos] === '.') pos++;
  if (pos < input.length) {
    const c = input[pos];
    if (c !== ';' && c !== ',' && !isSpace(c)) return { ok: false };
    while (isSpace(input[pos])) pos++;
    if (input[pos] === ';' || input[pos] === ',') pos++;
    while (isSpace(input[pos])) pos++;
  }
  if (pos >= input.length) return { ok: true, delay, url: null };
  // "url", whitespace, "=", whitespace: skipped when all there, then quotes may follow. When only
  // a part of it is there, the URL starts at the "u" (the spec's "jump to parse").
  const startsWithU = input[pos] === 'u' || input[pos] === 'U';
  let urlStart = pos;
  let skipQuotes = !startsWithU;
  if (startsWithU && (input[pos + 1] === 'r' || input[pos + 1] === 'R') && (input[pos + 2] === 'l' || input[pos + 2] === 'L')) {
    let p = pos + 3;
    while (isSpace(input[p])) p++;
    if (input[p] === '=') {
      p++;
      while (isSpace(input[p])) p++;
      urlStart = p;
      skipQuotes = true;
    }
  }
  let quote: string | null = null;
  if (skipQuotes && (input[urlStart] === '"' || input[urlStart] === "'")) {
    quote = input[urlStart]!;
    urlStart++;
  }
  let url = input.slice(urlStart);
  if (quote !== null) {
    const end = url.indexOf(quote);
    if (end >= 0) url = url.slice(0, end);
  }
  return { ok: true, delay, url };
}
