import { describe, expect, it } from 'vitest';
import { scanHtml } from '../../../lib/bytes';

describe('scanner counts: visible text, collapsible whitespace, line numbers', () => {
  // CR LF, a lone CR and LF LF end lines; the title is RCDATA (not visible text).
  const doc = '<title>T</title>\r\n<p>ab  c\t\t\td</p>\r<h2 id="x">e f</h2>\n\n<p>gh   ij</p>\r\n<h3>k</h3>';
  const cut = doc.indexOf('gh') + 1; // between "g" and "h"

  it('counts every visible character, and those past the cut', () => {
    const r = scanHtml(doc, cut);
    // ab c d (4) + e f (2) + gh ij (4) + k (1); past the cut: h, ij, k.
    expect(r.visibleText).toEqual({ total: 11, lost: 4 });
  });

  it('counts whitespace that collapses (each run minus one character)', () => {
    // \r\n → 1, "  " → 1, \t\t\t → 2, \n\n → 1, "   " → 2, \r\n → 1; single spaces and the lone \r → 0.
    expect(scanHtml(doc, cut).collapsibleWhitespace).toBe(8);
  });

  it('numbers lines across CR LF, lone CR and LF', () => {
    const r = scanHtml(doc, cut);
    expect(r.items.map((i) => [i.kind, i.line, i.status])).toEqual([
      ['title', 1, 'kept'],
      ['heading', 3, 'kept'],
      ['heading', 6, 'lost'],
    ]);
  });

  it('a cut before the first text, and one past the end', () => {
    expect(scanHtml(doc, 0).visibleText).toEqual({ total: 11, lost: 11 });
    expect(scanHtml(doc, doc.length).visibleText).toEqual({ total: 11, lost: 0 });
  });
});
