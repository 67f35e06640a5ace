import type { MessageParam } from '../i18n';
import type { DiagnosticSeverity, ParsedRobotsTxt, PreferenceLine, RobotsDiagnostic, RobotsGroup } from './types';
import { binaryString, escapePatternBytes } from './escapePattern';

/** Google keeps 2083 × 8 − 1 bytes of a line and ignores the rest of it. */
export const ROBOTS_MAX_LINE_BYTES = 2083 * 8 - 1;
/** A hostile file cannot flood the UI: diagnostics past this many are summarised in one. */
export const ROBOTS_MAX_DIAGNOSTICS = 1000;
/** Content-Signal / Content-Usage lines kept for lib/aipref; the rest are counted. */
export const ROBOTS_MAX_PREFERENCE_LINES = 10_000;

// Keys Google knows but ignores (reporting_robots.cc, kUnsupportedTags).
const UNSUPPORTED = new Set([
  'clean-param', 'content-signal', 'content-usage', 'crawl-delay', 'domain', 'host',
  'noarchive', 'nofollow', 'noindex', 'request-rate', 'revisit-after', 'visit-time',
]);

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const DISALLOW_TYPOS = ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'];
const isSpace = (b: number) => b === 32 || (b >= 9 && b <= 13); // C isspace / absl ascii whitespace
const lower = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

/**
 * The file is read as text in pieces of about this many bytes, each ending at a line end: a piece
 * stays an ordinary young object for the garbage collector (one string of the whole file would be
 * a large object, costly to allocate and to collect), and a line never spans two pieces.
 */
const PIECE_BYTES = 32 * 1024;

function startsWithCI(bytes: Uint8Array, start: number, end: number, lit: string): boolean {
  if (end - start < lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (lower(bytes[start + i]) !== lit.charCodeAt(i)) return false;
  return true;
}

// A key's type, plus TYPO when Google accepts it as a misspelling.
const UNKNOWN = 0;
const USER_AGENT = 1;
const ALLOW = 2;
const DISALLOW = 3;
const SITEMAP = 4;
const TYPO = 8;

function keyType(bytes: Uint8Array, s: number, e: number): number {
  switch (lower(bytes[s])) {
    case 117: // u
      if (startsWithCI(bytes, s, e, 'user-agent')) return USER_AGENT;
      if (startsWithCI(bytes, s, e, 'useragent') || startsWithCI(bytes, s, e, 'user agent')) return USER_AGENT | TYPO;
      return UNKNOWN;
    case 97: // a
      return startsWithCI(bytes, s, e, 'allow') ? ALLOW : UNKNOWN;
    case 100: // d
      if (startsWithCI(bytes, s, e, 'disallow')) return DISALLOW;
      for (const t of DISALLOW_TYPOS) {
        if (startsWithCI(bytes, s, e, t)) return DISALLOW | TYPO;
      }
      return UNKNOWN;
    case 115: // s
      if (startsWithCI(bytes, s, e, 'sitemap')) return SITEMAP;
      if (startsWithCI(bytes, s, e, 'site-map')) return SITEMAP | TYPO;
      return UNKNOWN;
    default:
      return UNKNOWN;
  }
}

const CANONICAL = ['', 'user-agent', 'allow', 'disallow', 'sitemap'];

/** Byte offset of the first invalid UTF-8 sequence, or -1. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i];
    if (c < 0x80) { i++; continue; }
    let n: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) { n = 1; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { n = 2; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 3; min = 0x10000; }
    else return i;
    if (i + n >= b.length) return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/**
 * Parses a robots.txt exactly as Google's robots.cc does (BOM, CR/LF/CRLF, long lines cut,
 * NUL ends a line, `#` comments, colon or single-whitespace separator, prefix keys with the
 * accepted typos, groups), and reports what Google ignores or reads differently from what the
 * author probably meant. Text is encoded to UTF-8 first; bytes are read as they are.
 */
export function parseRobotsTxt(input: string | Uint8Array): ParsedRobotsTxt {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const n = bytes.length;
  const groups: RobotsGroup[] = [];
  const sitemaps: { url: string; line: number }[] = [];
  const diagnostics: RobotsDiagnostic[] = [];
  const preferenceLines: PreferenceLine[] = [];
  let preferenceLinesDropped = 0;
  let dropped = 0;
  const diag = (severity: DiagnosticSeverity, line: number | null, code: string, params: MessageParam[] = []) => {
    if (diagnostics.length < ROBOTS_MAX_DIAGNOSTICS) diagnostics.push({ severity, line, code, params });
    else dropped++;
  };
  let validDirectives = 0;
  let unknownDirectives = 0;
  let lastDirectiveLine = 0;
  let current: RobotsGroup | null = null;
  let currentHasRule = false;

  // Google skips a UTF-8 BOM, or any prefix of one, at the very start.
  let i = 0;
  while (i < 3 && i < n && bytes[i] === [0xef, 0xbb, 0xbf][i]) i++;
  // Whether every byte is ASCII (then the file is valid UTF-8): the skipped BOM bytes are not.
  let allAscii = i === 0;
  let lineNo = 0;
  let start = i;
  let lastWasCR = false;
  // The file is read piece by piece, each piece line by line; the last line ends at the end of
  // the file (it is empty when the file ends with a line end). Everything here is a local
  // variable, and each line is handled in place (the `line:` block), for speed.
  for (let pieceStart = i; ; ) {
    // The piece ends just after the first line end at or past PIECE_BYTES (or at the end).
    let pieceEnd = pieceStart + PIECE_BYTES;
    while (pieceEnd < n && bytes[pieceEnd] !== 10 && bytes[pieceEnd] !== 13) pieceEnd++;
    pieceEnd = Math.min(n, pieceEnd + 1);
    // `str` holds bytes [base, pieceEnd) with one char per byte, so substrings by byte offset
    // cost nothing. Same length and no U+FFFD: every byte was ASCII (any other byte shortens the
    // text or decodes to U+FFFD), and `str` is the text itself; otherwise text shown to the user
    // is decoded from the bytes.
    const base = pieceStart;
    const piece = bytes.subarray(pieceStart, pieceEnd);
    let str = decoder.decode(piece);
    const ascii = str.length === piece.length && str.indexOf('\ufffd') === -1;
    if (!ascii) {
      allAscii = false;
      str = binaryString(bytes, pieceStart, pieceEnd);
    }
    // Next position (in `str`) of each character the parser looks for (-1: none left in the
    // piece): found with native string search, and they only move forward.
    let nextHash = str.indexOf('#');
    let nextNul = str.indexOf('\u0000');
    let nextColon = str.indexOf(':');
    let nextPct = str.indexOf('%');
    let nextLF = str.indexOf('\n', start - base);
    let nextCR = str.indexOf('\r', start - base);
    for (;;) {
      if (nextLF !== -1 && nextLF < start - base) nextLF = str.indexOf('\n', start - base);
      if (nextCR !== -1 && nextCR < start - base) nextCR = str.indexOf('\r', start - base);
      const rel = nextLF === -1 ? nextCR : nextCR === -1 ? nextLF : Math.min(nextLF, nextCR);
      let at: number;
      let b: number;
      if (rel !== -1) {
        at = rel + base;
        b = bytes[at];
      } else if (pieceEnd < n) {
        break; // the piece ended with a line end: next piece
      } else {
        at = n; // the last line
        b = -1;
      }
      // LF right after CR (with nothing between) completes a CRLF; it does not end another line.
      if (!(b === 10 && lastWasCR && start === at)) {
        lineNo++;
        let s = start;
        let e = at;
        if (e - s > ROBOTS_MAX_LINE_BYTES) {
          e = s + ROBOTS_MAX_LINE_BYTES;
          diag('warning', lineNo, 'lineTooLong', [ROBOTS_MAX_LINE_BYTES]);
        }
        line: {
          // A NUL byte ends the line's content (Google works on C strings); `#` starts a comment.
          const ls = s - base;
          if (nextNul !== -1 && nextNul < ls) nextNul = str.indexOf('\u0000', ls);
          if (nextHash !== -1 && nextHash < ls) nextHash = str.indexOf('#', ls);
          if (nextNul !== -1 && nextNul < e - base && (nextHash === -1 || nextNul < nextHash)) {
            diag('warning', lineNo, 'nulByte', []);
            e = nextNul + base;
          } else if (nextHash !== -1 && nextHash < e - base) {
            e = nextHash + base;
          }
          while (s < e && isSpace(bytes[s])) s++;
          while (e > s && isSpace(bytes[e - 1])) e--;
          if (s === e) break line;

          if (nextColon !== -1 && nextColon < s - base) nextColon = str.indexOf(':', s - base);
          let sep = nextColon !== -1 && nextColon < e - base ? nextColon + base : -1;
          let missingColon = false;
          if (sep === -1) {
            for (let k = s; k < e; k++) {
              if (bytes[k] === 32 || bytes[k] === 9) {
                sep = k;
                break;
              }
            }
            if (sep === -1) {
              diag('warning', lineNo, 'noSeparator', [textOf(bytes, str, base, ascii, s, e)]);
              break line;
            }
            let v = sep;
            while (v < e && (bytes[v] === 32 || bytes[v] === 9)) v++;
            let words = 2;
            for (let k = v; k < e; k++) {
              if (bytes[k] === 32 || bytes[k] === 9) {
                words = 3;
                break;
              }
            }
            if (words > 2) {
              diag('warning', lineNo, 'tooManyWords', [textOf(bytes, str, base, ascii, s, e)]);
              break line;
            }
            missingColon = true;
          }
          let ks = s;
          let ke = sep;
          while (ks < ke && isSpace(bytes[ks])) ks++;
          while (ke > ks && isSpace(bytes[ke - 1])) ke--;
          if (ks === ke) {
            diag('warning', lineNo, 'emptyKey', [textOf(bytes, str, base, ascii, s, e)]);
            break line;
          }
          let vs = sep + 1;
          let ve = e;
          while (vs < ve && isSpace(bytes[vs])) vs++;
          while (ve > vs && isSpace(bytes[ve - 1])) ve--;

          const key = keyType(bytes, ks, ke);
          const type = key & ~TYPO;
          if (missingColon) diag('info', lineNo, 'missingColon', [textOf(bytes, str, base, ascii, ks, ke)]);
          lastDirectiveLine = lineNo;
          if (type === UNKNOWN) {
            unknownDirectives++;
            const name = textOf(bytes, str, base, ascii, ks, ke);
            const k = name.toLowerCase();
            if (k === 'crawl-delay') diag('info', lineNo, 'crawlDelayIgnored', [textOf(bytes, str, base, ascii, vs, ve)]);
            else if (k === 'noindex') diag('warning', lineNo, 'noindexIgnored', [textOf(bytes, str, base, ascii, vs, ve)]);
            else if (k === 'content-signal' || k === 'content-usage') {
              // Kept for lib/aipref (usage preferences); Google ignores them, and so does the matcher.
              diag('info', lineNo, 'unsupportedKey', [name]);
              if (preferenceLines.length < ROBOTS_MAX_PREFERENCE_LINES) {
                preferenceLines.push({ key: k, value: textOf(bytes, str, base, ascii, vs, ve), line: lineNo, group: current === null ? -1 : groups.length - 1, missingColon });
              } else preferenceLinesDropped++;
            } else if (UNSUPPORTED.has(k)) diag('info', lineNo, 'unsupportedKey', [name]);
            else diag('warning', lineNo, 'unknownKey', [name]);
            break line;
          }
          validDirectives++;
          const canonical = CANONICAL[type];
          if (key & TYPO) diag('info', lineNo, 'keyTypo', [textOf(bytes, str, base, ascii, ks, ke), canonical]);
          else if (ke - ks !== canonical.length) diag('info', lineNo, 'keyPrefix', [textOf(bytes, str, base, ascii, ks, ke), canonical]);

          if (type === ALLOW || type === DISALLOW) {
            if (current === null) {
              diag('warning', lineNo, 'ruleBeforeUserAgent', []);
              break line;
            }
            currentHasRule = true;
            // Most values need no escaping: ASCII without a "%".
            if (nextPct !== -1 && nextPct < vs - base) nextPct = str.indexOf('%', vs - base);
            const plain = ascii && (nextPct === -1 || nextPct >= ve - base);
            current.rules.push({
              kind: type === ALLOW ? 'allow' : 'disallow',
              pattern: plain ? str.slice(vs - base, ve - base) : escapePatternBytes(bytes, vs, ve),
              line: lineNo,
            });
            break line;
          }
          if (type === SITEMAP) {
            sitemaps.push({ url: textOf(bytes, str, base, ascii, vs, ve), line: lineNo });
            break line;
          }
          // user-agent
          const global = vs < ve && bytes[vs] === 42 && (ve - vs === 1 || isSpace(bytes[vs + 1]));
          let te = vs;
          if (!global) {
            while (te < ve) {
              const c = bytes[te];
              if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95) te++;
              else break;
            }
          }
          const value = textOf(bytes, str, base, ascii, vs, ve);
          const token = global ? '*' : str.slice(vs - base, te - base);
          if (global && ve - vs > 1) diag('info', lineNo, 'globalWithExtra', [value]);
          else if (!global && token === '') diag('warning', lineNo, 'agentEmpty', [value]);
          else if (!global && te !== ve) diag('info', lineNo, 'agentCut', [value, token]);
          if (te - vs === 15 && token.toLowerCase() === 'google-extended') diag('info', lineNo, 'googleExtended', []);
          if (current === null || currentHasRule) {
            current = { agents: [], rules: [] };
            groups.push(current);
            currentHasRule = false;
          }
          current.agents.push({ value, token, global, line: lineNo });
        }
      }
      if (b === -1) break;
      start = at + 1;
      lastWasCR = b === 13;
    }
    if (pieceEnd >= n) break;
    pieceStart = pieceEnd;
  }

  const bad = allAscii ? -1 : firstInvalidUtf8(bytes);
  if (bad !== -1) {
    let line = 1;
    for (let k = 0; k < bad; k++) {
      if (bytes[k] === 10 && !(k > 0 && bytes[k - 1] === 13)) line++;
      else if (bytes[k] === 13) line++;
    }
    diag('warning', line, 'invalidUtf8', [bad]);
  }
  if (dropped > 0) diagnostics.push({ severity: 'info', line: null, code: 'moreDiagnostics', params: [dropped] });
  return { groups, preferenceLines, preferenceLinesDropped, sitemaps, diagnostics, lineCount: lineNo, byteLength: n, stats: { validDirectives, unknownDirectives, lastDirectiveLine } };
}

/** Bytes [s, e) as text: a substring of an ASCII piece, else decoded from the bytes. */
function textOf(bytes: Uint8Array, str: string, base: number, ascii: boolean, s: number, e: number): string {
  return ascii ? str.slice(s - base, e - base) : decoder.decode(bytes.subarray(s, e));
}
