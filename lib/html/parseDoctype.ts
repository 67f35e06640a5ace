import type { DoctypeToken } from './types';

const isWs = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\f';

/**
 * A DOCTYPE token from the characters between `<!DOCTYPE` and its `>` (the HTML tokenizer's
 * DOCTYPE states: a `>` always ends a DOCTYPE, even inside a quoted identifier, so the token
 * never spans more than that). `eof`: the input ended before the `>`.
 */
export function parseDoctype(raw: string, eof: boolean, start: number, end: number): DoctypeToken {
  const s = raw.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd');
  const t: DoctypeToken = { name: null, publicId: null, systemId: null, forceQuirks: eof, start, end };
  let i = 0;
  const n = s.length;
  while (i < n && isWs(s[i]!)) i++;
  if (i >= n) {
    // "<!DOCTYPE>" or "<!DOCTYPE   >": no name.
    t.forceQuirks = true;
    return t;
  }
  let name = '';
  while (i < n && !isWs(s[i]!)) {
    const c = s[i]!;
    name += c >= 'A' && c <= 'Z' ? c.toLowerCase() : c;
    i++;
  }
  t.name = name;
  while (i < n && isWs(s[i]!)) i++;
  if (i >= n) return t;
  const keyword = s.slice(i, i + 6).toLowerCase();
  if (keyword !== 'public' && keyword !== 'system') {
    t.forceQuirks = true;
    return t;
  }
  i += 6;
  // After the keyword: an identifier in quotes (whitespace before it is optional).
  const ident = (): string | null => {
    while (i < n && isWs(s[i]!)) i++;
    const q = s[i];
    if (q !== '"' && q !== "'") return null;
    const close = s.indexOf(q, i + 1);
    if (close < 0) {
      // The `>` came inside the quotes: abrupt end.
      const v = s.slice(i + 1);
      i = n;
      t.forceQuirks = true;
      return v;
    }
    const v = s.slice(i + 1, close);
    i = close + 1;
    return v;
  };
  if (keyword === 'public') {
    const pub = ident();
    if (pub === null) {
      t.forceQuirks = true;
      return t;
    }
    t.publicId = pub;
    if (i >= n) return t;
    const sys = ident();
    if (sys === null) {
      // Anything else after the public identifier: a bogus DOCTYPE, quirks.
      while (i < n && isWs(s[i]!)) i++;
      if (i < n) t.forceQuirks = true;
      return t;
    }
    t.systemId = sys;
  } else {
    const sys = ident();
    if (sys === null) {
      t.forceQuirks = true;
      return t;
    }
    t.systemId = sys;
  }
  // After the system identifier, anything but whitespace makes a bogus DOCTYPE, without quirks.
  return t;
}

const QUIRKS_PUBLIC_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//', '-//as//dtd html 3.0 aswedit + extensions//', '-//advasoft ltd//dtd html 3.0 aswedit + extensions//',
  '-//ietf//dtd html 2.0 level 1//', '-//ietf//dtd html 2.0 level 2//', '-//ietf//dtd html 2.0 strict level 1//', '-//ietf//dtd html 2.0 strict level 2//',
  '-//ietf//dtd html 2.0 strict//', '-//ietf//dtd html 2.0//', '-//ietf//dtd html 2.1e//', '-//ietf//dtd html 3.0//', '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//', '-//ietf//dtd html 3//', '-//ietf//dtd html level 0//', '-//ietf//dtd html level 1//', '-//ietf//dtd html level 2//',
  '-//ietf//dtd html level 3//', '-//ietf//dtd html strict level 0//', '-//ietf//dtd html strict level 1//', '-//ietf//dtd html strict level 2//',
  '-//ietf//dtd html strict level 3//', '-//ietf//dtd html strict//', '-//ietf//dtd html//', '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//', '-//microsoft//dtd internet explorer 2.0 html//', '-//microsoft//dtd internet explorer 2.0 tables//',
  '-//microsoft//dtd internet explorer 3.0 html strict//', '-//microsoft//dtd internet explorer 3.0 html//', '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//', '-//netscape comm. corp.//dtd strict html//', "-//o'reilly and associates//dtd html 2.0//",
  "-//o'reilly and associates//dtd html extended 1.0//", "-//o'reilly and associates//dtd html extended relaxed 1.0//",
  '-//sq//dtd html 2.0 hotmetal + extensions//', '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//', '-//spyglass//dtd html 2.0 extended//', '-//sun microsystems corp.//dtd hotjava html//',
  '-//sun microsystems corp.//dtd hotjava strict html//', '-//w3c//dtd html 3 1995-03-24//', '-//w3c//dtd html 3.2 draft//', '-//w3c//dtd html 3.2 final//',
  '-//w3c//dtd html 3.2//', '-//w3c//dtd html 3.2s draft//', '-//w3c//dtd html 4.0 frameset//', '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//', '-//w3c//dtd html experimental 970421//', '-//w3c//dtd w3 html//', '-//w3o//dtd w3 html 3.0//',
  '-//webtechs//dtd mozilla html 2.0//', '-//webtechs//dtd mozilla html//',
];
const QUIRKS_NO_SYSTEM_PREFIXES = [...QUIRKS_PUBLIC_PREFIXES, '-//w3c//dtd html 4.01 frameset//', '-//w3c//dtd html 4.01 transitional//'];
const QUIRKS_PUBLIC_IDS = new Set(['-//w3o//dtd w3 html strict 3.0//en//', '-/w3c/dtd html 4.0 transitional/en', 'html']);

/**
 * Does this DOCTYPE put the document in quirks mode? (The one thing quirks mode changes in tree
 * construction: a <table> does not close an open <p>.) The standard's list, as parse5 has it.
 */
export function isQuirks(d: DoctypeToken): boolean {
  if (d.forceQuirks || d.name !== 'html') return true;
  if (d.systemId !== null && d.systemId.toLowerCase() === 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd') return true;
  if (d.publicId !== null) {
    const p = d.publicId.toLowerCase();
    if (QUIRKS_PUBLIC_IDS.has(p)) return true;
    const prefixes = d.systemId === null ? QUIRKS_NO_SYSTEM_PREFIXES : QUIRKS_PUBLIC_PREFIXES;
    if (prefixes.some((x) => p.startsWith(x))) return true;
  }
  return false;
}
