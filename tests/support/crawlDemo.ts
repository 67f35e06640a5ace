// What a crawl of the demo's /crawlsite/ (routes/sitecrawl.mjs) finds, for the site check page's
// browser tests in Chromium and Firefox: every finding's code, severity and count in the order the
// findings tab lists them, and the planted ones' evidence in the words of locales/en.yml.
import { BIG_LINK_AT, HOME_LINKS, SITEMAP_PATHS, homeBody } from '../fixtures/demo-site/routes/sitecrawl.mjs';
import { say } from './say';
import { verdictText, type Translate } from '../../lib/report';

/** Every finding of a crawl of /crawlsite/ with its sitemap (max depth 10, no render): [code, severity, count]. */
export const CRAWL_FINDINGS: [string, string, number][] = [
  ['redirectLoop', 'critical', 1],
  ['onlyPastCut', 'critical', 1],
  ['orphan', 'warning', 1],
  ['sitemapNotIndexable', 'warning', 1],
  ['linkBroken', 'warning', 1],
  ['linkRedirectChain', 'warning', 1],
  ['linkNoindex', 'warning', 1],
  ['linkRobotsBlocked', 'warning', 1],
  ['redirectChain', 'warning', 1],
  ['canonicalChain', 'warning', 1],
  ['hreflangNoReturn', 'warning', 1],
  ['duplicateTitle', 'warning', 1],
  ['badLink', 'warning', 3],
  ['notInSitemap', 'info', 16],
  ['hreflangNoXDefault', 'info', 1],
  ['deep', 'info', 5],
  ['depthLimit', 'info', 1],
];
/** URLs the crawl checks (the home page's targets and theirs, the sitemap's, the calendar up to its depth limit). */
export const CRAWL_URLS = 29;

/** The home page's HTML up to its body, as sent (the page's bytes before homeBody()). */
const HOME_HEAD = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Crawl demo — home</title>\n</head>\n<body>\n';
/** Response offset of the home page's link to `href` (its `<a`), with the home page's header bytes. */
export function homeLinkAt(href: string, headerBytes: number): number {
  const body = homeBody();
  const i = body.indexOf(`<a href="${href}"`);
  if (i < 0) throw new Error(`no link to ${href}`);
  return headerBytes + Buffer.byteLength(HOME_HEAD + body.slice(0, i));
}
const anchorOf = (href: string) => HOME_LINKS.find(([h]) => h === href)![1];

/**
 * The planted findings' cases as the findings tab says them: `demo` the site's origin, `header`
 * the header bytes of the home and big pages, `noindexReason` the noindex page's reason in the
 * report's words.
 */
export function plantedItems(demo: string, header: { home: number; big: number }, noindexReason: string): Record<string, string[]> {
  const home = `${demo}/crawlsite/`;
  const u = (p: string) => `${demo}${p}`;
  const at = (href: string) => say('crawl.atByte', [homeLinkAt(href, header.home)]);
  const sitemap = u('/crawlsite/sitemap.xml');
  const line = (p: string) => 3 + SITEMAP_PATHS.indexOf(p);
  return {
    redirectLoop: [say('crawl.finding.redirectLoop.item', [u('/crawlsite/rloop1'), `${u('/crawlsite/rloop1')} → ${u('/crawlsite/rloop2')}`])],
    onlyPastCut: [say('crawl.finding.onlyPastCut.item', [u('/crawlsite/past-cut.html'), u('/crawlsite/big.html'), header.big + BIG_LINK_AT, 2_097_152])],
    orphan: [say('crawl.finding.orphan.item', [u('/crawlsite/orphan.html'), sitemap, line('/crawlsite/orphan.html')])],
    sitemapNotIndexable: [say('crawl.finding.sitemapNotIndexable.item', [u('/crawlsite/noindex.html'), sitemap, line('/crawlsite/noindex.html'), noindexReason])],
    linkBroken: [say('crawl.finding.linkBroken.item', [home, u('/crawlsite/missing.html'), 404, anchorOf('/crawlsite/missing.html'), at('/crawlsite/missing.html')])],
    linkRedirectChain: [say('crawl.finding.linkRedirectChain.item', [home, u('/crawlsite/hop1'), 3, u('/crawlsite/final.html'), anchorOf('/crawlsite/hop1'), at('/crawlsite/hop1')])],
    linkNoindex: [say('crawl.finding.linkNoindex.item', [home, u('/crawlsite/noindex.html'), '<meta name="robots" content="noindex">', anchorOf('/crawlsite/noindex.html'), at('/crawlsite/noindex.html')])],
    linkRobotsBlocked: [
      say('crawl.finding.linkRobotsBlocked.item', [home, u('/blocked/crawlsite.html'), u('/robots.txt'), 3, 'Disallow: /blocked/', anchorOf('/blocked/crawlsite.html'), at('/blocked/crawlsite.html')]),
    ],
    redirectChain: [say('crawl.finding.redirectChain.item', [u('/crawlsite/hop1'), 3, ['/crawlsite/hop1', '/crawlsite/hop2', '/crawlsite/hop3', '/crawlsite/final.html'].map(u).join(' → ')])],
    canonicalChain: [
      say('crawl.finding.canonicalChain.item', [
        ['/crawlsite/canon-a.html', '/crawlsite/canon-b.html', '/crawlsite/canon-c.html'].map(u).join(' → '),
        `<link rel="canonical" href="${u('/crawlsite/canon-b.html')}">`,
      ]),
    ],
    hreflangNoReturn: [say('crawl.finding.hreflangNoReturn.item', [u('/crawlsite/en.html'), u('/crawlsite/de.html'), 'de', `<link rel="alternate" hreflang="de" href="${u('/crawlsite/de.html')}">`])],
    duplicateTitle: [say('crawl.finding.duplicateTitle.item', ['Crawl demo — twins', `${u('/crawlsite/a.html')}, ${u('/crawlsite/b.html')}`])],
  };
}

/**
 * What "Compare with an earlier run" says once /crawlui/flip.html broke between two crawls of
 * /crawlui/home.html (3 URLs each): `baseline` names the earlier run, `why` the broken page's
 * reasons in this run's report, `linkAt` the response offset of the home page's link to it.
 */
export function flipRegression(demo: string, baseline: string, why: string[], linkAt: number) {
  const home = `${demo}/crawlui/home.html`;
  const flip = `${demo}/crawlui/flip.html`;
  const t: Translate = (key, params = []) => say(key, params);
  return {
    summary: say('changes.summary', [baseline, 3, 3, 3]),
    heading: say('changes.worse', [3]),
    entries: [
      { what: flip, lines: [say('changes.kind.verdict', [verdictText('indexable', t), verdictText('not-indexable', t)]), ...why, say('changes.kind.status', ['200', '404'])] },
      {
        what: say('changes.findingNew', [say('crawl.finding.linkBroken.title', [1])]),
        lines: [say('crawl.finding.linkBroken.item', [home, flip, 404, 'May break', say('crawl.atByte', [linkAt])])],
      },
    ],
  };
}
