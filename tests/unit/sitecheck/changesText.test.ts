// What changed since the baseline, in words (the command line's lines, the page's tab): each kind
// of change with its values before → after, the URLs in one run, the findings' cases, the notes and
// the baseline's problems — every word from the locale files, figures as Intl writes them.
import { describe, expect, it } from 'vitest';
import { baselineProblemText, changesText, compareRuns, createRunSnapshot, urlChangeText, type CrawlResult, type RunSnapshot } from '../../../lib/sitecheck';
import { say, sayIn, translatorOf } from '../../support/say';
import { O, report, site, type Facts } from './compareRunsFixtures';

const t = translatorOf('en').t;
const A = `${O}/a.html`;
const B = `${O}/b.html`;
const v = (key: string) => say(`indexability.verdict.${key}`);
const none = say('sitecheck.none');

function snap(facts: Facts[], s?: CrawlResult): RunSnapshot {
  const b = createRunSnapshot();
  for (const f of facts) b.add(report(f));
  if (s) b.site(s);
  return b.snapshot(true);
}
const words = (before: Omit<Facts, 'url'>, after: Omit<Facts, 'url'>) => compareRuns(snap([{ url: A, ...before }]), snap([{ url: A, ...after }])).urls.flatMap((c) => urlChangeText(c, t));

describe('changes in words', () => {
  it('each kind: its label and its values before → after, in the table’s words', () => {
    expect(words({}, { noindex: true })).toEqual([
      say('changes.kind.verdict', [v('indexable'), v('notIndexable')]),
      '    noindex in the HTML',
      say('changes.kind.noindex', [none, '<meta name="robots" content="noindex">']),
    ]);
    expect(words({}, { status: null, error: 'timeout' }).slice(-1)).toEqual([say('changes.kind.status', ['200', say('sitecheck.fetchError.timeout')])]);
    expect(words({}, { blockedLine: 7 }).slice(-1)).toEqual([say('changes.kind.robots', [say('sitecheck.robotsAllowed'), say('sitecheck.robotsDisallowed', [7, 'Disallow: /x'])])]);
    expect(words({}, { finalUrl: B })).toEqual([say('changes.kind.redirect', [say('changes.noRedirect'), say('sitecheck.redirects', [1, B])])]);
    expect(words({ canonical: B }, {})).toEqual([say('changes.kind.canonical', [B, none])]);
    expect(words({ canonical: B }, { canonical: A })).toEqual([say('changes.kind.canonical', [B, say('sitecheck.canonicalSelf')])]);
    expect(words({}, { truncated: true }).slice(-1)).toEqual([say('changes.kind.bytes', [say('sitecheck.bytesOf', [1_100, 2_097_152]), say('sitecheck.bytesOver', [2_500_100, 2_097_152, 2_500_100 - 2_097_152])])]);
    const miss = { code: 'linksMissing', severity: 'warning' as const, message: '3 links only in the visitor’s render' };
    expect(words({ render: [] }, { render: [miss] })).toEqual([say('changes.kind.renderNew', [miss.message])]);
    expect(words({ render: [miss] }, { render: [] })).toEqual([say('changes.kind.renderGone', [miss.message])]);
  });

  it('grouped worse / better / other changes, URL by URL, with the counts in the headings; "no changes" when there are none', () => {
    const c = compareRuns(snap([{ url: A }, { url: B, status: 404 }]), snap([{ url: A, noindex: true }, { url: B }, { url: `${O}/new.html` }]));
    const w = changesText(c, t, 'before.jsonl');
    expect(w.summary).toBe(say('changes.summary', ['before.jsonl', 2, 3, 2]));
    expect(w.none).toBeNull();
    expect(w.groups.map((g) => [g.heading, g.entries.map((e) => e.url)])).toEqual([
      [say('changes.worse', [2]), [A]],
      [say('changes.better', [2]), [B]],
      [say('changes.changed', [1]), [`${O}/new.html`]],
    ]);
    expect(w.groups[2]!.entries[0]!.lines).toEqual([say('changes.urlNew', [v('indexable'), '200'])]);
    const same = changesText(compareRuns(snap([{ url: A }]), snap([{ url: A }])), t, 'x');
    expect([same.groups, same.none]).toEqual([[], say('changes.none')]);
  });

  it('site findings: new and gone cases under the finding’s title, each case with its evidence; counts only, said so', () => {
    const orphan = (url: string) => ({ url, sitemap: `${O}/sitemap.xml`, sitemapLine: 4 });
    const c = compareRuns(snap([{ url: A }], site([{ code: 'orphan', severity: 'warning', count: 1, items: [orphan(A)] }])), snap([{ url: A }], site([{ code: 'orphan', severity: 'warning', count: 1, items: [orphan(B)] }])));
    const w = changesText(c, t, 'x');
    expect(w.groups.map((g) => g.entries.map((e) => [e.title, e.lines]))).toEqual([
      [[say('changes.findingNew', [say('crawl.finding.orphan.title', [1])]), [say('crawl.finding.orphan.item', [B, `${O}/sitemap.xml`, 4])]]],
      [[say('changes.findingGone', [say('crawl.finding.orphan.title', [1])]), [say('crawl.finding.orphan.item', [A, `${O}/sitemap.xml`, 4])]]],
    ]);
    const counted = compareRuns(snap([{ url: A }], site([{ code: 'orphan', severity: 'warning', count: 300, items: [orphan(A)] }])), snap([{ url: A }], site([{ code: 'orphan', severity: 'warning', count: 301, items: [orphan(A)] }])));
    expect(changesText(counted, t, 'x').groups[0]!.entries[0]!.title).toBe(say('changes.findingCount', [say('crawl.finding.orphan.title', [301]), 300]));
  });

  it('notes and the baseline’s problems in the user’s language (German here), figures as Intl writes them there', () => {
    const de = translatorOf('de').t;
    const c = compareRuns(snap([{ url: A, agent: 'desktop' }]), snap([{ url: A }]));
    expect(changesText(c, de, 'x').notes).toEqual([sayIn('de', 'changes.note.agentDiffers', [sayIn('de', 'sitecheck.agentDesktop'), sayIn('de', 'sitecheck.agentSmartphone')])]);
    expect(changesText({ ...c, notes: [{ code: 'limitDiffers', params: ['2097152', '1048576'] }] }, de, 'x').notes).toEqual([sayIn('de', 'changes.note.limitDiffers', [2_097_152, 1_048_576])]);
    expect(sayIn('de', 'changes.note.limitDiffers', [2_097_152, 1_048_576])).toContain('2.097.152 Bytes');
    expect(baselineProblemText({ code: 'tooBig', line: null, params: [1_073_741_824] }, de)).toBe(sayIn('de', 'changes.baseline.tooBig', [1_073_741_824]));
    expect(sayIn('de', 'changes.baseline.tooBig', [1_073_741_824])).toContain('1.073.741.824');
    expect(baselineProblemText({ code: 'duplicate', line: 9, params: [A, 2, 9] }, t)).toBe(say('changes.baseline.duplicate', [A, 2, 9]));
  });
});
