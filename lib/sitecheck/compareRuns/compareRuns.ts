import type { Verdict } from '../../indexability';
import type { SiteFindingCode, SiteFindingSeverity } from '../types';
import type { ChangeDirection, ChangesNote, FindingChange, FindingFacts, RunChanges, RunSnapshot, UrlChange, UrlChangeKind, UrlFacts, UrlInOneRun } from './types';

const VERDICT_RANK: Record<Verdict, number> = { indexable: 0, 'at-risk': 1, 'not-indexable': 2 };
const KIND_ORDER: UrlChangeKind[] = ['verdict', 'status', 'redirect', 'robots', 'noindex', 'canonical', 'bytes', 'render'];
const DIRECTION_ORDER: ChangeDirection[] = ['worse', 'better', 'changed'];
/** Findings that compare sitemaps with links: only when both runs read sitemaps. */
const SITEMAP_FINDINGS = new Set<SiteFindingCode>(['orphan', 'notInSitemap', 'sitemapNotIndexable']);
/** Findings only a render can find: only when both runs rendered. */
const RENDER_FINDINGS = new Set<SiteFindingCode>(['onlyRendered']);

const by = (a: number, b: number): ChangeDirection | null => (a === b ? null : b > a ? 'worse' : 'better');
/** 200 best; another 2xx; a redirect not followed; an error status or no answer. */
const statusRank = (u: UrlFacts) => (u.status === 200 ? 0 : u.status !== null && u.status < 300 ? 1 : u.status !== null && u.status < 400 ? 2 : 3);
/** Requested and answered (not kept out by robots.txt, not silent). */
const fetched = (u: UrlFacts) => u.status !== null;
const selfCanonical = (u: UrlFacts) => u.canonical === null || u.canonical === u.finalUrl || u.canonical === u.url;

/** What changed for one URL between two runs, each change with its values before and after. */
function urlChanges(b: UrlFacts, a: UrlFacts): UrlChange[] {
  const out: UrlChange[] = [];
  const url = a.url;
  const v = by(VERDICT_RANK[b.verdict], VERDICT_RANK[a.verdict]);
  if (v) out.push({ kind: 'verdict', url, direction: v, before: { verdict: b.verdict, why: b.why }, after: { verdict: a.verdict, why: a.why } });
  // robots.txt decides whether the URL was requested at all: with it, a missing status says nothing more.
  if (b.robots && a.robots && b.robots.allowed !== a.robots.allowed) {
    out.push({ kind: 'robots', url, direction: a.robots.allowed ? 'better' : 'worse', before: b.robots, after: a.robots });
  }
  const notAsked = (u: UrlFacts) => u.status === null && u.error === null;
  if (!notAsked(b) && !notAsked(a) && (b.status !== a.status || b.error !== a.error)) {
    out.push({ kind: 'status', url, direction: by(statusRank(b), statusRank(a)) ?? 'changed', before: { status: b.status, error: b.error }, after: { status: a.status, error: a.error } });
  }
  if (fetched(b) && fetched(a)) {
    let d: ChangeDirection | null = null;
    if (b.finalUrl !== a.finalUrl) d = b.hops === 0 ? 'worse' : a.hops === 0 ? 'better' : 'changed';
    else if (b.hops !== a.hops && (b.hops >= 2) !== (a.hops >= 2)) d = a.hops >= 2 ? 'worse' : 'better';
    if (d) out.push({ kind: 'redirect', url, direction: d, before: { finalUrl: b.finalUrl, hops: b.hops }, after: { finalUrl: a.finalUrl, hops: a.hops } });
    if (!b.noindex.length !== !a.noindex.length) out.push({ kind: 'noindex', url, direction: a.noindex.length ? 'worse' : 'better', before: { noindex: b.noindex }, after: { noindex: a.noindex } });
    if (b.canonical !== a.canonical && !(selfCanonical(b) && selfCanonical(a))) {
      const cd: ChangeDirection = selfCanonical(b) ? 'worse' : selfCanonical(a) ? 'better' : 'changed';
      out.push({ kind: 'canonical', url, direction: cd, before: { canonical: b.canonical, self: selfCanonical(b) }, after: { canonical: a.canonical, self: selfCanonical(a) } });
    }
  }
  if (b.bytes !== null && a.bytes !== null && b.overLimit !== a.overLimit) {
    out.push({ kind: 'bytes', url, direction: a.overLimit ? 'worse' : 'better', before: { bytes: b.bytes, limit: b.limit, overLimit: b.overLimit }, after: { bytes: a.bytes, limit: a.limit, overLimit: a.overLimit } });
  }
  if (b.rendered && a.rendered) {
    const was = new Set(b.render.map((d) => d.code));
    const is = new Set(a.render.map((d) => d.code));
    const added = [...is].some((c) => !was.has(c));
    const gone = [...was].some((c) => !is.has(c));
    if (added || gone) out.push({ kind: 'render', url, direction: added ? 'worse' : 'better', before: { differences: b.render }, after: { differences: a.render } });
  }
  return out;
}

const inOne = (u: UrlFacts, change: 'new' | 'gone'): UrlInOneRun => ({
  url: u.url,
  change,
  direction: change === 'new' && (u.verdict !== 'indexable' || u.overLimit) ? 'worse' : 'changed',
  verdict: u.verdict,
  status: u.status,
  why: u.why,
});

const EMPTY = (code: SiteFindingCode, severity: SiteFindingSeverity): FindingFacts => ({ code, severity, count: 0, complete: true, cases: [] });

/**
 * What got worse and what got better between two runs of a site (a baseline and this run): per
 * URL in both, its verdict, status, redirects, robots.txt verdict, noindex, canonical, bytes over
 * the limit and (both rendered) what Googlebot's render misses; the URLs in one run only; and the
 * site findings' cases that are new or gone. Pure: two snapshots in, the changes out.
 */
export function compareRuns(before: RunSnapshot, after: RunSnapshot): RunChanges {
  const notes: ChangesNote[] = [];
  const was = new Map<string, UrlFacts>();
  for (const u of before.urls) if (!was.has(u.url)) was.set(u.url, u);
  const is = new Map<string, UrlFacts>();
  for (const u of after.urls) if (!is.has(u.url)) is.set(u.url, u);

  const urls: UrlChange[] = [];
  const urlsInOneRun: UrlInOneRun[] = [];
  let compared = 0;
  for (const [key, a] of is) {
    const b = was.get(key);
    if (b) {
      compared++;
      urls.push(...urlChanges(b, a));
    } else if (before.complete) urlsInOneRun.push(inOne(a, 'new'));
  }
  if (after.complete && before.complete) for (const [key, b] of was) if (!is.has(key)) urlsInOneRun.push(inOne(b, 'gone'));
  if (!before.complete) notes.push({ code: 'baselineIncomplete', params: [] });
  const agentOf = (s: RunSnapshot) => s.urls.find((u) => u.agent)?.agent ?? null;
  const [ab, aa] = [agentOf(before), agentOf(after)];
  if (ab && aa && ab !== aa) notes.push({ code: 'agentDiffers', params: [ab, aa] });
  const limitOf = (s: RunSnapshot) => s.urls.find((u) => u.limit !== null)?.limit ?? null;
  const [lb, la] = [limitOf(before), limitOf(after)];
  if (lb !== null && la !== null && lb !== la) notes.push({ code: 'limitDiffers', params: [String(lb), String(la)] });
  const renderedOf = (s: RunSnapshot) => s.urls.some((u) => u.rendered);
  if (renderedOf(before) !== renderedOf(after)) notes.push({ code: 'renderOneRun', params: [] });

  const findings: FindingChange[] = [];
  const sb = before.site;
  const sa = after.site;
  if (sb && !sa) notes.push({ code: 'siteOnlyBefore', params: [] });
  if (sa && !sb) notes.push({ code: 'siteOnlyAfter', params: [] });
  if (sb && sa) {
    if (sb.partial) notes.push({ code: 'partialBefore', params: [] });
    if (sa.partial) notes.push({ code: 'partialAfter', params: [] });
    const bothSitemaps = sb.sitemapsRead && sa.sitemapsRead;
    if (sb.sitemapsRead !== sa.sitemapsRead) notes.push({ code: 'sitemapsOneRun', params: [] });
    const bothRendered = sb.rendered && sa.rendered;
    if (sb.rendered !== sa.rendered && !notes.some((n) => n.code === 'renderOneRun')) notes.push({ code: 'renderOneRun', params: [] });
    const fb = new Map(sb.findings.map((f) => [f.code, f]));
    const fa = new Map(sa.findings.map((f) => [f.code, f]));
    const codes = [...new Set([...fa.keys(), ...fb.keys()])];
    for (const code of codes) {
      if (SITEMAP_FINDINGS.has(code) && !bothSitemaps) continue;
      if (RENDER_FINDINGS.has(code) && !bothRendered) continue;
      const sev = (fa.get(code) ?? fb.get(code))!.severity;
      const b = fb.get(code) ?? EMPTY(code, sev);
      const a = fa.get(code) ?? EMPTY(code, sev);
      const info = sev === 'info';
      const bKeys = new Set(b.cases.map((c) => c.key));
      const aKeys = new Set(a.cases.map((c) => c.key));
      // A case is new only when the baseline kept every case of the finding (and read every page); gone, likewise.
      const canNew = b.complete && !sb.partial;
      const canGone = a.complete && !sa.partial;
      const added = canNew ? a.cases.filter((c) => !bKeys.has(c.key)).map((c) => c.item) : [];
      const gone = canGone ? b.cases.filter((c) => !aKeys.has(c.key)).map((c) => c.item) : [];
      if (added.length) findings.push({ code, severity: sev, change: 'new', direction: info ? 'changed' : 'worse', items: added, before: b.count, after: a.count });
      if (gone.length) findings.push({ code, severity: sev, change: 'gone', direction: info ? 'changed' : 'better', items: gone, before: b.count, after: a.count });
      if ((!canNew || !canGone) && b.count !== a.count && !added.length && !gone.length) {
        findings.push({ code, severity: sev, change: 'count', direction: info ? 'changed' : a.count > b.count ? 'worse' : 'better', items: [], before: b.count, after: a.count });
      }
    }
  }

  const rank = (d: ChangeDirection) => DIRECTION_ORDER.indexOf(d);
  const order = new Map([...is.keys()].map((k, i) => [k, i]));
  urls.sort((x, y) => rank(x.direction) - rank(y.direction) || order.get(x.url)! - order.get(y.url)! || KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind));
  urlsInOneRun.sort((x, y) => rank(x.direction) - rank(y.direction));
  findings.sort((x, y) => rank(x.direction) - rank(y.direction));
  const count = (d: ChangeDirection) =>
    urls.filter((c) => c.direction === d).length +
    urlsInOneRun.filter((c) => c.direction === d).length +
    findings.filter((f) => f.direction === d).reduce((n, f) => n + (f.change === 'count' ? 1 : f.items.length), 0);
  return {
    before: { generatedAt: before.generatedAt, urls: was.size, complete: before.complete },
    after: { generatedAt: after.generatedAt, urls: is.size, complete: after.complete },
    compared,
    worse: count('worse'),
    better: count('better'),
    changed: count('changed'),
    urls,
    urlsInOneRun,
    findings,
    notes,
  };
}
