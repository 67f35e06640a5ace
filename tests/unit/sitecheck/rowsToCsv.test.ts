// The CSV export is data, not the table's words: codes, plain digits, empty for "nothing".
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, rowsToCsv, type SiteRow } from '../../../lib/sitecheck';

const O = 'https://site.example';
const over: SiteRow = {
  url: `${O}/over`, finalUrl: `${O}/over`, sitemap: `${O}/sitemap.xml`, verdict: 'at-risk', why: ['cutByLimit', 'pastCut'], status: 200, redirects: 0, error: null,
  bytes: 2_600_168, limit: 2_097_152, truncated: true, cutOffset: 2_097_152, lost: ['<link> x', '<h2> Below, the cut'], bytesLowerBound: false,
  robots: { allowed: true, line: null, rule: null, robotsUrl: `${O}/robots.txt`, outcome: 'parsed' }, canonical: null, noindex: [], metaRefresh: null,
  structured: { items: 1, errors: 1, warnings: 2, lost: 0, rendered: 0, list: [{ types: ['Product'], status: 'served', verdict: 'errors', findings: [] }] },
};
const failed: SiteRow = {
  ...over, url: `${O}/down`, finalUrl: `${O}/down`, verdict: 'not-indexable', why: ['fetchTimeout'], status: null, error: 'timeout', bytes: null, limit: null, truncated: false, cutOffset: null, lost: [],
  robots: { allowed: false, line: 3, rule: 'Disallow: /down', robotsUrl: `${O}/robots.txt`, outcome: 'parsed' }, noindex: ['X-Robots-Tag: noindex'], structured: null,
};

describe('rowsToCsv', () => {
  it('one line per row under the header, CRLF; codes, digits and booleans, never words of the UI language', () => {
    const lines = rowsToCsv([over, failed]).split('\r\n');
    expect(lines).toEqual([
      CSV_COLUMNS.join(','),
      `${O}/over,${O}/over,at-risk,cutByLimit pastCut,200,0,,2600168,2097152,true,2097152,"<link> x | <h2> Below, the cut",allowed,,,,,${O}/sitemap.xml,1,1,2,Product`,
      `${O}/down,${O}/down,not-indexable,fetchTimeout,,0,timeout,,,false,,,disallowed,3,Disallow: /down,,X-Robots-Tag: noindex,${O}/sitemap.xml,,,,`,
      '',
    ]);
    expect(CSV_COLUMNS).toHaveLength(lines[1]!.match(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g)!.length + 1);
  });
});
