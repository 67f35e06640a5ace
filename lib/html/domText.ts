import { CHARREF, NUL, type TextRun } from './types';

/** White space as String.prototype.trim() removes it (the ECMAScript WhiteSpace and LineTerminator characters). */
export function isTrimWs(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** The characters a run adds to the document, as the DOM holds them: CR LF and a lone CR become LF; U+0000 is U+FFFD (or nothing). */
export function domText(r: TextRun): string {
  if (r.kind === NUL) return r.nulToFffd ? '\ufffd' : '';
  let s = r.from === 0 && r.to === r.s.length ? r.s : r.s.slice(r.from, r.to);
  if (r.kind !== CHARREF && r.hasCr) s = s.replace(/\r\n?/g, '\n');
  return s;
}

/** Length and trim() edges of a run's text. */
export interface TextStats {
  /** Characters (UTF-16 units) the run adds. */
  length: number;
  /** trim()-whitespace characters it starts with, and ends with (all of them when it has nothing else). */
  lead: number;
  trail: number;
  /** It holds something else than trim()-whitespace. */
  nonWs: boolean;
}

/** A run's text statistics without making its text (the hot path of body text length). */
export function textStats(r: TextRun, out: TextStats): TextStats {
  if (r.kind === NUL) {
    const n = r.nulToFffd ? 1 : 0;
    out.length = n;
    out.lead = out.trail = 0;
    out.nonWs = n > 0;
    return out;
  }
  const s = r.s;
  const from = r.from;
  const to = r.to;
  let length = to - from;
  if (r.kind !== CHARREF && r.hasCr) {
    // A CR LF pair is one LF.
    for (let i = s.indexOf('\r\n', from); i >= 0 && i + 1 < to; i = s.indexOf('\r\n', i + 2)) length--;
  }
  let a = from;
  while (a < to && isTrimWs(s.charCodeAt(a))) a++;
  if (a === to) {
    out.length = length;
    out.lead = out.trail = length;
    out.nonWs = false;
    return out;
  }
  let b = to;
  while (b > a && isTrimWs(s.charCodeAt(b - 1))) b--;
  // Leading and trailing whitespace in characters of the DOM text (a CR LF in them is one).
  let lead = a - from;
  let trail = to - b;
  if (r.kind !== CHARREF && r.hasCr) {
    for (let i = s.indexOf('\r\n', from); i >= 0 && i + 1 < a; i = s.indexOf('\r\n', i + 2)) lead--;
    for (let i = s.indexOf('\r\n', b); i >= 0 && i + 1 < to; i = s.indexOf('\r\n', i + 2)) trail--;
  }
  out.length = length;
  out.lead = lead;
  out.trail = trail;
  out.nonWs = true;
  return out;
}
