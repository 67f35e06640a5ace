import type { MessageParam } from '../i18n';
import type { DiagnosticSeverity, ParsedRobotsTxt, RobotsDiagnostic, RobotsGroup } from './types';
import { binaryString, escapePatternBytes } from './escapePattern';

/** Google keeps 2083 × 8 − 1 bytes of a line and ignores the rest of it. */
export const ROBOTS_MAX_LINE_BYTES = 2083 * 8 - 1;
/** A hostile file cannot flood the UI: diagnostics past this many are summarised in one. */
export const ROBOTS_MAX_DIAGNOSTICS = 1000;

// Keys Google knows but ignores (reporting_robots.cc, kUnsupportedTags).
const UNSUPPORTED = new Set([
  'clean-param', 'content-signal', 'content-usage', 'crawl-delay', 'domain', 'host',
  'noarchive', 'nofollow', 'noindex', 'request-rate', 'revisit-after', 'visit-time',
]);

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const DISALLOW_TYPOS = ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'];
const isSpace = (b: number) => b === 32 || (b >= 9 && b <= 13); // C isspace / absl ascii whitespace
const lower = (b: number) => (b >= 65 && b <= 90 ? b + 32 : b);

function startsWithCI(bytes: Uint8Array, start: number, end: number, lit: string): boolean {
  if (end - start < lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (lower(bytes[start + i]) !== lit.charCodeAt(i)) return false;
  return true;
}

type KeyType = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

function keyType(bytes: Uint8Array, s: number, e: number): { type: KeyType; typo: boolean } {
  if (startsWithCI(bytes, s, e, 'user-agent')) return { type: 'user-agent', typo: false };
  if (startsWithCI(bytes, s, e, 'useragent') || startsWithCI(bytes, s, e, 'user agent')) return { type: 'user-agent', typo: true };
  if (startsWithCI(bytes, s, e, 'allow')) return { type: 'allow', typo: false };
  if (startsWithCI(bytes, s, e, 'disallow')) return { type: 'disallow', typo: false };
  for (const t of DISALLOW_TYPOS) {
    if (startsWithCI(bytes, s, e, t)) return { type: 'disallow', typo: true };
  }
  if (startsWithCI(bytes, s, e, 'sitemap')) return { type: 'sitemap', typo: false };
  if (startsWithCI(bytes, s, e, 'site-map')) return { type: 'sitemap', typo: true };
  return { type: 'unknown', typo: false };
}

const CANONICAL: Record<Exclude<KeyType, 'unknown'>, string> = {
  'user-agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  sitemap: 'sitemap',
};

function isAscii(b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (b[i] >= 0x80) return false;
  return true;
}

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
  const groups: RobotsGroup[] = [];
  const sitemaps: { url: string; line: number }[] = [];
  const diagnostics: RobotsDiagnostic[] = [];
  const stats = { validDirectives: 0, unknownDirectives: 0, lastDirectiveLine: 0 };
  let dropped = 0;
  const diag = (severity: DiagnosticSeverity, line: number | null, code: string, params: MessageParam[] = []) => {
    if (diagnostics.length < ROBOTS_MAX_DIAGNOSTICS) diagnostics.push({ severity, line, code, params });
    else dropped++;
  };
  // One string with a char per byte: substrings by byte offset cost nothing. For the usual ASCII
  // file it is the text itself; otherwise text shown to the user is decoded from the bytes.
  const ascii = isAscii(bytes);
  const bin = ascii ? decoder.decode(bytes) : binaryString(bytes);
  const text = (s: number, e: number) => (ascii ? bin.slice(s, e) : decoder.decode(bytes.subarray(s, e)));

  let current: RobotsGroup | null = null;
  let currentHasRule = false;
  // Next position of each character the parser looks for (-1: none left); they only move forward.
  let nextHash = bin.indexOf('#');
  let nextNul = bin.indexOf('\u0000');
  let nextColon = bin.indexOf(':');
  let nextPct = bin.indexOf('%');

  const handleLine = (lineNo: number, s: number, e: number, tooLong: boolean) => {
    if (tooLong) diag('warning', lineNo, 'lineTooLong', [ROBOTS_MAX_LINE_BYTES]);
    // A NUL byte ends the line's content (Google works on C strings); `#` starts a comment.
    if (nextNul !== -1 && nextNul < s) nextNul = bin.indexOf('\u0000', s);
    if (nextHash !== -1 && nextHash < s) nextHash = bin.indexOf('#', s);
    if (nextNul !== -1 && nextNul < e && (nextHash === -1 || nextNul < nextHash)) {
      diag('warning', lineNo, 'nulByte', []);
      e = nextNul;
    } else if (nextHash !== -1 && nextHash < e) {
      e = nextHash;
    }
    while (s < e && isSpace(bytes[s])) s++;
    while (e > s && isSpace(bytes[e - 1])) e--;
    if (s === e) return;

    if (nextColon !== -1 && nextColon < s) nextColon = bin.indexOf(':', s);
    let sep = nextColon !== -1 && nextColon < e ? nextColon : -1;
    let missingColon = false;
    if (sep === -1) {
      for (let i = s; i < e; i++) {
        if (bytes[i] === 32 || bytes[i] === 9) {
          sep = i;
          break;
        }
      }
      if (sep === -1) {
        diag('warning', lineNo, 'noSeparator', [text(s, e)]);
        return;
      }
      let v = sep;
      while (v < e && (bytes[v] === 32 || bytes[v] === 9)) v++;
      for (let i = v; i < e; i++) {
        if (bytes[i] === 32 || bytes[i] === 9) {
          diag('warning', lineNo, 'tooManyWords', [text(s, e)]);
          return;
        }
      }
      missingColon = true;
    }
    let ks = s;
    let ke = sep;
    while (ks < ke && isSpace(bytes[ks])) ks++;
    while (ke > ks && isSpace(bytes[ke - 1])) ke--;
    if (ks === ke) {
      diag('warning', lineNo, 'emptyKey', [text(s, e)]);
      return;
    }
    let vs = sep + 1;
    let ve = e;
    while (vs < ve && isSpace(bytes[vs])) vs++;
    while (ve > vs && isSpace(bytes[ve - 1])) ve--;

    const { type, typo } = keyType(bytes, ks, ke);
    if (missingColon) diag('info', lineNo, 'missingColon', [text(ks, ke)]);
    if (type === 'unknown') {
      stats.unknownDirectives++;
      stats.lastDirectiveLine = lineNo;
      const key = text(ks, ke);
      const k = key.toLowerCase();
      if (k === 'crawl-delay') diag('info', lineNo, 'crawlDelayIgnored', [text(vs, ve)]);
      else if (k === 'noindex') diag('warning', lineNo, 'noindexIgnored', [text(vs, ve)]);
      else if (UNSUPPORTED.has(k)) diag('info', lineNo, 'unsupportedKey', [key]);
      else diag('warning', lineNo, 'unknownKey', [key]);
      return;
    }
    stats.validDirectives++;
    stats.lastDirectiveLine = lineNo;
    const canonical = CANONICAL[type];
    if (typo) diag('info', lineNo, 'keyTypo', [text(ks, ke), canonical]);
    else if (ke - ks !== canonical.length) diag('info', lineNo, 'keyPrefix', [text(ks, ke), canonical]);

    if (type === 'sitemap') {
      sitemaps.push({ url: text(vs, ve), line: lineNo });
      return;
    }
    if (type === 'user-agent') {
      const global = vs < ve && bytes[vs] === 42 && (ve - vs === 1 || isSpace(bytes[vs + 1]));
      let te = vs;
      if (!global) {
        while (te < ve) {
          const c = bytes[te];
          if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95) te++;
          else break;
        }
      }
      const value = text(vs, ve);
      const token = global ? '*' : bin.slice(vs, te);
      if (global && ve - vs > 1) diag('info', lineNo, 'globalWithExtra', [value]);
      else if (!global && token === '') diag('warning', lineNo, 'agentEmpty', [value]);
      else if (!global && te !== ve) diag('info', lineNo, 'agentCut', [value, token]);
      if (token.toLowerCase() === 'google-extended') diag('info', lineNo, 'googleExtended', []);
      if (current === null || currentHasRule) {
        current = { agents: [], rules: [] };
        groups.push(current);
        currentHasRule = false;
      }
      current.agents.push({ value, token, global, line: lineNo });
      return;
    }
    // allow / disallow
    if (current === null) {
      diag('warning', lineNo, 'ruleBeforeUserAgent', []);
      return;
    }
    currentHasRule = true;
    // Most values need no escaping: ASCII without a "%".
    if (nextPct !== -1 && nextPct < vs) nextPct = bin.indexOf('%', vs);
    const plain = ascii && (nextPct === -1 || nextPct >= ve);
    current.rules.push({ kind: type, pattern: plain ? bin.slice(vs, ve) : escapePatternBytes(bytes, vs, ve, bin), line: lineNo });
  };

  // Google skips a UTF-8 BOM, or any prefix of one, at the very start.
  let i = 0;
  while (i < 3 && i < bytes.length && bytes[i] === [0xef, 0xbb, 0xbf][i]) i++;
  let lineNo = 0;
  let start = i;
  let lastWasCR = false;
  const n = bytes.length;
  // Line ends are found with native string search; each pointer only moves forward.
  let nextLF = bin.indexOf('\n', start);
  let nextCR = bin.indexOf('\r', start);
  for (;;) {
    if (nextLF !== -1 && nextLF < start) nextLF = bin.indexOf('\n', start);
    if (nextCR !== -1 && nextCR < start) nextCR = bin.indexOf('\r', start);
    const at = nextLF === -1 ? nextCR : nextCR === -1 ? nextLF : Math.min(nextLF, nextCR);
    if (at === -1) break;
    const b = bytes[at];
    // LF right after CR (with nothing between) completes a CRLF; it does not end another line.
    if (!(b === 10 && lastWasCR && start === at)) {
      const tooLong = at - start > ROBOTS_MAX_LINE_BYTES;
      handleLine(++lineNo, start, tooLong ? start + ROBOTS_MAX_LINE_BYTES : at, tooLong);
    }
    start = at + 1;
    lastWasCR = b === 13;
  }
  const tooLong = n - start > ROBOTS_MAX_LINE_BYTES;
  handleLine(++lineNo, start, tooLong ? start + ROBOTS_MAX_LINE_BYTES : n, tooLong);

  const bad = ascii ? -1 : firstInvalidUtf8(bytes);
  if (bad !== -1) {
    let line = 1;
    for (let k = 0; k < bad; k++) {
      if (bytes[k] === 10 && !(k > 0 && bytes[k - 1] === 13)) line++;
      else if (bytes[k] === 13) line++;
    }
    diag('warning', line, 'invalidUtf8', [bad]);
  }
  if (dropped > 0) diagnostics.push({ severity: 'info', line: null, code: 'moreDiagnostics', params: [dropped] });
  return { groups, sitemaps, diagnostics, lineCount: lineNo, byteLength: n, stats };
}
