import { describe, expect, it } from 'vitest';
import { evidenceUrls, linkParts } from '../../../entrypoints/sitecheck/linkParts';

const O = 'https://a.example';

describe('linkParts', () => {
  it('cuts a finding text into text and the URLs of its evidence', () => {
    expect(linkParts(`${O}/a links to ${O}/b (404), “A page”`, [`${O}/a`, `${O}/b`])).toEqual([{ url: `${O}/a` }, { text: ' links to ' }, { url: `${O}/b` }, { text: ' (404), “A page”' }]);
  });
  it('the longest URL where two start at the same place; never a URL inside a longer one', () => {
    expect(linkParts(`${O}/a?m=1 → ${O}/a`, [`${O}/a`, `${O}/a?m=1`])).toEqual([{ url: `${O}/a?m=1` }, { text: ' → ' }, { url: `${O}/a` }]);
    expect(linkParts(`${O}/a.html5`, [`${O}/a.html`])).toEqual([{ text: `${O}/a.html5` }]);
    // Punctuation after a URL ends it: a colon, a full stop, a closing bracket.
    expect(linkParts(`${O}/a → ${O}/b: HTTP 404. (${O}/c)`, [`${O}/a`, `${O}/b`, `${O}/c`])).toEqual([
      { url: `${O}/a` },
      { text: ' → ' },
      { url: `${O}/b` },
      { text: ': HTTP 404. (' },
      { url: `${O}/c` },
      { text: ')' },
    ]);
  });
  it('only http(s) URLs become links; page text stays text', () => {
    expect(linkParts('javascript:alert(1) <b>x</b>', ['javascript:alert(1)'])).toEqual([{ text: 'javascript:alert(1) <b>x</b>' }]);
    expect(evidenceUrls({ url: `${O}/`, from: 'javascript:x', chain: [`${O}/1`, `${O}/2`], href: `${O}/not-evidence` })).toEqual([`${O}/`, `${O}/1`, `${O}/2`]);
  });
});
