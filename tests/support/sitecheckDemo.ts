// The site check run on the demo site (its robots.txt → /sitemap.xml → a plain and a gzip child):
// every row as the page must show it, worst first, and the CSV line by line. Words from
// locales/en.yml, figures as Intl writes them in English; the Chromium and the Firefox suites
// assert the same.
import { CSV_COLUMNS } from '../../lib/sitecheck';
import { say } from './say';
import { overTail } from '../fixtures/demo-site/routes/sitecheck.mjs';

export interface ShownRow {
  url: string;
  verdict: string;
  cells: { verdict: string; status: string; redirects: string | null; bytes: string; cut: string; lost: string[]; robots: string; canonical: string; noindex: string };
}

/** Reads the table of the site check page (runs in the page: no outer names). */
export function readRows(): ShownRow[] {
  return [...document.querySelectorAll('[data-testid="row"]')].map((tr) => {
    const cell = (c: string) => tr.querySelector(`[data-col="${c}"]`)!;
    const text = (c: string) => (cell(c).textContent ?? '').trim();
    const status = cell('status');
    return {
      url: tr.getAttribute('data-url') ?? '',
      verdict: tr.getAttribute('data-verdict') ?? '',
      cells: {
        verdict: text('verdict'),
        status: (status.firstChild?.textContent ?? '').trim(),
        redirects: status.querySelector('.cs-muted')?.textContent ?? null,
        bytes: text('bytes'),
        cut: text('cut'),
        lost: [...cell('lost').querySelectorAll('.cs-code')].map((e) => e.textContent ?? ''),
        robots: text('robots'),
        canonical: text('canonical'),
        noindex: text('noindex'),
      },
    };
  });
}

const LIMIT = '2,097,152';

/** Every row of the demo's site check, in the page's order (worst first). */
export function demoRows(demo: string): ShownRow[] {
  const none = say('sitecheck.none');
  const allowed = say('sitecheck.robotsAllowed');
  const v = (key: string) => say(`indexability.verdict.${key}`);
  const plain = { redirects: null, cut: none, lost: [], robots: allowed, canonical: none, noindex: none };
  const over = `${demo}/sitecheck/over.html`;
  const ok = `${demo}/sitecheck/ok.html`;
  return [
    {
      url: `${demo}/blocked/sitecheck.html`,
      verdict: 'not-indexable',
      cells: { ...plain, verdict: v('notIndexable'), status: say('sitecheck.notFetched'), bytes: none, robots: say('sitecheck.robotsDisallowed', [3, 'Disallow: /blocked/']) },
    },
    {
      url: `${demo}/sitecheck/noindex-meta.html?from=sitemap&v=1`,
      verdict: 'not-indexable',
      cells: { ...plain, verdict: v('notIndexable'), status: '200', bytes: say('sitecheck.bytesOf', ['469', LIMIT]), noindex: '<meta name="robots" content="noindex">' },
    },
    {
      url: `${demo}/sitecheck/noindex-header.html`,
      verdict: 'not-indexable',
      cells: { ...plain, verdict: v('notIndexable'), status: '200', bytes: say('sitecheck.bytesOf', ['460', LIMIT]), noindex: 'X-Robots-Tag: googlebot: noindex' },
    },
    { url: `${demo}/sitecheck/unavailable.html`, verdict: 'not-indexable', cells: { ...plain, verdict: v('notIndexable'), status: '503', bytes: say('sitecheck.bytesOf', ['443', LIMIT]) } },
    { url: `${demo}/sitecheck/missing.html`, verdict: 'not-indexable', cells: { ...plain, verdict: v('notIndexable'), status: '404', bytes: say('sitecheck.bytesOf', ['246', LIMIT]) } },
    {
      url: over,
      verdict: 'at-risk',
      cells: { ...plain, verdict: v('atRisk'), status: '200', bytes: say('sitecheck.bytesOver', ['2,600,168', LIMIT, '503,016']), cut: LIMIT, lost: [`<link> ${over}`, '<h2> Below the cut'] },
    },
    { url: ok, verdict: 'indexable', cells: { ...plain, verdict: v('indexable'), status: '200', bytes: say('sitecheck.bytesOf', ['477', LIMIT]), canonical: say('sitecheck.canonicalSelf') } },
    {
      url: `${demo}/sitecheck/redirect.html`,
      verdict: 'indexable',
      cells: { ...plain, verdict: v('indexable'), status: '200', redirects: say('sitecheck.redirects', [1, ok]), bytes: say('sitecheck.bytesOf', ['477', LIMIT]), canonical: say('sitecheck.canonicalSelf') },
    },
  ];
}

/** The sitemaps list, as the page words it. */
export const demoSitemaps = (demo: string) => [
  `${say('sitecheck.sitemapLine', [`${demo}/sitemap.xml`, 2, 290])} (${say('sitecheck.sitemapIndex')}) — ${say('sitecheck.sitemapFromRobots', [`${demo}/robots.txt`, 22])}`,
  `${say('sitecheck.sitemapLine', [`${demo}/sitecheck/sitemap-pages.xml`, 4, 457])} — ${say('sitecheck.sitemapFromIndex', [`${demo}/sitemap.xml`])}`,
  `${say('sitecheck.sitemapLine', [`${demo}/sitecheck/sitemap-more.xml.gz`, 4, 402])} (${say('sitecheck.sitemapGzip')}) — ${say('sitecheck.sitemapFromIndex', [`${demo}/sitemap.xml`])}`,
];

/** The run's summary lines. */
export const demoProgress = () => ({ progress: say('sitecheck.progress', [8, 8]), counts: say('sitecheck.counts', [2, 1, 5, 1]) });

/** The CSV export, split at CRLF: the header, one line per URL worst first, and the empty rest after the last CRLF. Data, not words. */
export function demoCsv(demo: string): string[] {
  const pages = `${demo}/sitecheck/sitemap-pages.xml`;
  const more = `${demo}/sitecheck/sitemap-more.xml.gz`;
  const ok = `${demo}/sitecheck/ok.html`;
  const over = `${demo}/sitecheck/over.html`;
  return [
    CSV_COLUMNS.join(','),
    `${demo}/blocked/sitecheck.html,${demo}/blocked/sitecheck.html,not-indexable,robotsBlocked,,0,,,,false,,,disallowed,3,Disallow: /blocked/,,,${pages},,,,`,
    `${demo}/sitecheck/noindex-meta.html?from=sitemap&v=1,${demo}/sitecheck/noindex-meta.html?from=sitemap&v=1,not-indexable,noindex,200,0,,469,2097152,false,,,allowed,,,,"<meta name=""robots"" content=""noindex"">",${pages},0,0,0,`,
    `${demo}/sitecheck/noindex-header.html,${demo}/sitecheck/noindex-header.html,not-indexable,noindex,200,0,,460,2097152,false,,,allowed,,,,X-Robots-Tag: googlebot: noindex,${more},0,0,0,`,
    `${demo}/sitecheck/unavailable.html,${demo}/sitecheck/unavailable.html,not-indexable,statusUnavailable,503,0,,443,2097152,false,,,allowed,,,,,${more},0,0,0,`,
    `${demo}/sitecheck/missing.html,${demo}/sitecheck/missing.html,not-indexable,statusGone,404,0,,246,2097152,false,,,allowed,,,,,${more},0,0,0,`,
    `${over},${over},at-risk,cutByLimit pastCut,200,0,,2600168,2097152,true,2097152,<link> ${over} | <h2> Below the cut,allowed,,,,,${pages},0,0,0,`,
    `${ok},${ok},indexable,,200,0,,477,2097152,false,,,allowed,,,${ok},,${pages},0,0,0,`,
    `${demo}/sitecheck/redirect.html,${ok},indexable,,200,1,,477,2097152,false,,,allowed,,,${ok},,${more},0,0,0,`,
    '',
  ];
}

/** The report's bytes of the page over the limit: 168 header bytes (HTTP/1.1 text), the body, the cut, and what lies past it with its response offset. */
export function demoOverBytes(demo: string) {
  const tail = 168 + 2_600_000 - overTail(demo).length;
  return {
    headerBytes: 168,
    bodyBytes: 2_600_000,
    limit: 2_097_152,
    truncated: true,
    cutOffset: 2_097_152,
    lost: [
      { item: '<h2> Below the cut', offset: tail },
      { item: `<link> ${demo}/sitecheck/over.html`, offset: tail + overTail(demo).indexOf('<link') },
    ],
  };
}
