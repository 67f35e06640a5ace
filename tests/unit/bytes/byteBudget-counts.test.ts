import { describe, expect, it } from 'vitest';
import { ByteBudget } from '../../../lib/bytes';
import { HtmlReader } from '../../../lib/html';

/** The byte budget of a UTF-8 document cut at `limit` body bytes. */
function scan(doc: string, limit: number) {
  let reader!: HtmlReader;
  const budget = new ByteBudget(() => (reader.cut?.truncated ? reader.cut.kept : Infinity));
  reader = new HtmlReader({ whole: [budget], kept: [budget.keptText()] }, { charset: 'utf-8', bodyLimit: limit });
  reader.write(new TextEncoder().encode(doc));
  reader.end();
  return budget.scan;
}

describe('byte budget counts: visible text, collapsible whitespace, line numbers', () => {
  // CR LF, a lone CR and LF LF end lines; the title is RCDATA (not visible text).
  const doc = '<title>T</title>\r\n<p>ab  c\t\t\td</p>\r<h2 id="x">e f</h2>\n\n<p>gh   ij</p>\r\n<h3>k</h3>';
  const cut = doc.indexOf('gh') + 1; // between "g" and "h"

  it('counts every visible character, and those past the cut', () => {
    // ab c d (4) + e f (2) + gh ij (4) + k (1); past the cut: h, ij, k.
    expect(scan(doc, cut).visibleText).toEqual({ total: 11, lost: 4 });
  });

  it('counts whitespace that collapses: each whitespace character after another in the same text node', () => {
    // The DOM holds a CR LF as one LF: "  " → 1, \t\t\t → 2, \n\n → 1, "   " → 2; the head's CR LF,
    // single spaces, the lone CR and the LF before <h3> → 0.
    expect(scan(doc, cut).collapsibleWhitespace).toBe(6);
  });

  it('numbers lines across CR LF, lone CR and LF', () => {
    expect(scan(doc, cut).items.map((i) => [i.kind, i.line, i.status])).toEqual([
      ['title', 1, 'kept'],
      ['heading', 3, 'kept'],
      ['heading', 6, 'lost'],
    ]);
  });

  it('a cut before the first text, and one past the end', () => {
    expect(scan(doc, 0).visibleText).toEqual({ total: 11, lost: 11 });
    expect(scan(doc, doc.length).visibleText).toEqual({ total: 11, lost: 0 });
  });
});
