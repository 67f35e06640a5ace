import type { MessageParam } from '../i18n';
import { mediaType, hostOf, type Header, type RedirectHop } from '../core';
import { isHtml } from '../html';
import { collectDirectives, type FoundDirective } from './collectDirectives';
import { combineDirectives, type EffectiveDirectives } from './combineDirectives';
import { headerCanonicals, htmlCanonicals, type CanonicalLink } from './findCanonicals';
import { findHreflang, type HreflangLink } from './findHreflang';
import { looksLikeSoft404 } from './looksLikeSoft404';
import { statusReasons } from './statusReasons';
import { fetchReasons, type FetchOutcome } from './fetchReasons';
import { findMetaRefresh, type MetaRefresh, type MetaRefreshFindings } from './findMetaRefresh';
import type { BytesInput, CanonicalTargetInput, PageSignals, Reason, RobotsInput, Severity, Source, Verdict } from './types';

export interface IndexabilityInput {
  /** The final URL of the page. */
  url: string;
  status: { code: number; line: string } | null;
  /** Response headers, or null when the browser did not record them. */
  headers: Header[] | null;
  redirects: RedirectHop[];
  /** The page's HTML as served (null until read) and the live DOM (null until asked). */
  served: PageSignals | null;
  live: PageSignals | null;
  robots: RobotsInput | null;
  bytes: BytesInput | null;
  /** The browser took the response from its HTTP cache: the headers are the cached copy's. */
  fromCache?: boolean;
  /** The canonical URL's own response, when it was checked (optional). */
  canonicalTarget?: CanonicalTargetInput | null;
  /** "Now" for unavailable_after, epoch ms. */
  now: number;
  /**
   * Set by a check that requested the URL itself (the site check): whether it was requested, and
   * how that went. A URL not requested, or without an answer, then has no "headers unknown" or
   * "status unknown" reason: the outcome says why.
   */
  fetch?: FetchOutcome | null;
}

export interface IndexabilityResult {
  verdict: Verdict;
  /** Ordered: blocking reasons first, then risks, notes and passed checks. */
  reasons: Reason[];
  directives: EffectiveDirectives;
  found: FoundDirective[];
  canonicals: CanonicalLink[];
  /** The canonical Google would take (one valid link in <head> and/or header, all agreeing), or null. */
  canonical: string | null;
  hreflang: HreflangLink[];
  /** The meta refresh browsers act on (from the HTML as served, else the live DOM), or null. */
  metaRefresh: MetaRefresh | null;
}

/** Elements whose loss past the byte limit changes how Google indexes the page. */
const KEY_KINDS = new Set(['metaRobots', 'canonical', 'hreflang', 'title']);

const RANK: Record<Severity, number> = { block: 0, risk: 1, info: 2, ok: 3 };
const sameUrl = (a: string, b: string) => {
  try {
    const x = new URL(a);
    const y = new URL(b);
    x.hash = '';
    y.hash = '';
    return x.href === y.href;
  } catch {
    return a === b;
  }
};
const uniq = (xs: Source[]): Source[] => {
  const seen = new Set<string>();
  return xs.filter((s) => {
    const k = JSON.stringify(s);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};
const sourcesOf = (fs: readonly FoundDirective[]) => uniq(fs.map((f) => f.source));

function directiveReasons(e: EffectiveDirectives, found: readonly FoundDirective[], blocked: boolean, haveLive: boolean, pastCut: ReadonlySet<string>): Reason[] {
  const out: Reason[] = [];
  const add = (code: string, severity: Severity, params: MessageParam[], sources: Source[]) =>
    out.push({ code, severity, params, sources });

  const servedNoindex = e.noindex.filter((f) => f.where === 'served');
  const liveNoindex = e.noindex.filter((f) => f.where === 'live');
  if (blocked) {
    // robots.txt keeps Googlebot from reading the page, so none of its directives are seen.
    if (e.noindex.length) add('conflictNoindexBlocked', 'risk', [], sourcesOf(e.noindex));
  } else if (servedNoindex.length) {
    add('noindex', 'block', [], sourcesOf(servedNoindex));
  } else if (liveNoindex.length && !pastCut.has('metaRobots')) {
    // A robots meta tag past the cut is in the browser's DOM, not in what Googlebot keeps: not added
    // by JavaScript — the pastCut reason names it.
    add('noindexAddedByJs', 'risk', [], sourcesOf(liveNoindex));
  }
  if (blocked) return out;

  const pastUA = e.unavailableAfter.filter((u) => u.past);
  if (pastUA.length) {
    add('unavailableAfterPast', 'block', [pastUA[0]!.raw], uniq(pastUA.map((u) => u.found.source)));
  }
  for (const u of e.unavailableAfter) {
    if (u.at === null) add('unavailableAfterInvalid', 'info', [u.raw], [u.found.source]);
    else if (!u.past) add('unavailableAfterFuture', 'info', [u.raw, { date: u.at }], [u.found.source]);
  }
  if (e.nofollow.length) add('nofollow', 'info', [], sourcesOf(e.nofollow));
  if (e.nosnippet.length) add('nosnippet', 'info', [], sourcesOf(e.nosnippet));
  if (e.maxSnippet) add('maxSnippet', 'info', [e.maxSnippet.value], [e.maxSnippet.source]);
  if (e.maxImagePreview) add('maxImagePreview', 'info', [e.maxImagePreview.value], [e.maxImagePreview.source]);
  if (e.maxVideoPreview) add('maxVideoPreview', 'info', [e.maxVideoPreview.value], [e.maxVideoPreview.source]);
  if (e.noimageindex.length) add('noimageindex', 'info', [], sourcesOf(e.noimageindex));
  if (e.notranslate.length) add('notranslate', 'info', [], sourcesOf(e.notranslate));
  if (e.indexifembedded.length) add('indexifembedded', 'info', [], sourcesOf(e.indexifembedded));
  if (e.noarchive.length) add('noarchive', 'info', [], sourcesOf(e.noarchive));
  for (const f of e.invalid) add('directiveInvalid', 'info', [f.directive.raw], [f.source]);
  for (const f of e.unknown) add('directiveUnknown', 'info', [f.directive.raw], [f.source]);
  for (const f of found) {
    if (f.ignored === 'otherCrawler') add('otherCrawlerIgnored', 'info', [f.target, f.directive.raw], [f.source]);
    else if (f.ignored === 'newsOnly') add('newsOnly', 'info', [f.directive.raw], [f.source]);
  }
  // A robots meta tag in <body> still counts for Google, but other parsers may miss it.
  const bodyMeta = uniq(found.filter((f) => f.source.kind === 'tag' && f.source.inBody).map((f) => f.source));
  if (bodyMeta.length) add('metaInBody', 'info', [], bodyMeta);
  // Served noindex removed by JS: Google may skip rendering a noindex page, so the removal does not help.
  if (haveLive && !liveNoindex.length && servedNoindex.some((f) => f.source.kind === 'tag')) {
    add('noindexRemovedByJs', 'risk', [], sourcesOf(servedNoindex.filter((f) => f.source.kind === 'tag')));
  }
  return out;
}


function canonicalReasons(
  url: string,
  header: CanonicalLink[],
  served: CanonicalLink[],
  live: CanonicalLink[],
  haveServed: boolean,
  haveLive: boolean,
  pastCut: ReadonlySet<string>,
): { reasons: Reason[]; canonical: string | null } {
  const out: Reason[] = [];
  const html = haveServed ? served : live;
  const inBody = html.filter((c) => c.inBody);
  const head = html.filter((c) => !c.inBody);
  for (const c of inBody) out.push({ code: 'canonicalInBody', severity: 'risk', params: [c.href], sources: [c.source] });
  for (const c of [...header, ...head]) {
    if (c.resolved === null) out.push({ code: 'canonicalNotUrl', severity: 'risk', params: [c.href], sources: [c.source] });
    else if (c.relative) out.push({ code: 'canonicalRelative', severity: 'info', params: [c.href, c.resolved], sources: [c.source] });
  }
  const valid = [...header, ...head].filter((c) => c.resolved !== null);
  const distinct = [...new Set(valid.map((c) => c.resolved!))];
  let canonical: string | null = null;
  const headerUrls = [...new Set(header.filter((c) => c.resolved).map((c) => c.resolved!))];
  const headUrls = [...new Set(head.filter((c) => c.resolved).map((c) => c.resolved!))];
  if (headerUrls.length && headUrls.length && headerUrls.some((h) => !headUrls.includes(h))) {
    out.push({
      code: 'canonicalHeaderMismatch',
      severity: 'risk',
      params: [headerUrls.join(' '), headUrls.join(' ')],
      sources: uniq(valid.map((c) => c.source)),
    });
  } else if (distinct.length > 1) {
    out.push({ code: 'canonicalMultiple', severity: 'risk', params: [distinct.length], sources: uniq(valid.map((c) => c.source)) });
  } else if (distinct.length === 1) {
    canonical = distinct[0]!;
    const sources = uniq(valid.map((c) => c.source));
    if (sameUrl(canonical, url)) out.push({ code: 'canonicalSelf', severity: 'ok', params: [canonical], sources });
    else out.push({ code: 'canonicalElsewhere', severity: 'risk', params: [canonical], sources });
  } else if (!inBody.length && !out.length) {
    out.push({ code: 'canonicalNone', severity: 'info', params: [], sources: [] });
  }
  if (haveServed && live.length + served.length > 0) {
    const s = served.filter((c) => !c.inBody).map((c) => c.resolved ?? c.href).join(' ');
    const l = live.filter((c) => !c.inBody).map((c) => c.resolved ?? c.href).join(' ');
    // No canonical kept, one past the cut: the browser's DOM has it, Googlebot never read it (the pastCut reason names it).
    const cutOff = s === '' && pastCut.has('canonical');
    if (haveLive && s !== l && !cutOff) {
      out.push({
        code: 'canonicalChangedByJs',
        severity: 'risk',
        params: [s || '—', l || '—'],
        sources: uniq([...served, ...live].map((c) => c.source)),
      });
    }
  }
  return { reasons: out, canonical };
}

/**
 * What a meta refresh means for Google. Google Search Central, "Redirects and Google Search"
 * (https://developers.google.com/search/docs/crawling-indexing/301-redirects): its table of redirect
 * types lists "meta refresh (0 seconds)" with the permanent redirects (HTTP 301, 308 — "a strong
 * signal that the redirect target should be canonical") and a meta refresh with a delay with the
 * temporary ones (302, 303, 307 — a weak signal); its meta refresh section says the same: an
 * instant meta refresh is interpreted as a permanent redirect, a delayed one as a temporary one.
 * So an instant refresh (0 s) to another URL sends Google to the target like a 301: this URL is not
 * what gets indexed (block). A delayed one is a temporary redirect: Google may index either URL
 * (risk). A refresh to the page's own URL (or without a URL) reloads the page: not a redirect, this
 * URL is still the one indexed; said as a note (info), since an auto-reloading page is worth
 * knowing about but changes nothing for Google. A refresh to a non-http(s) URL, and one browsers
 * cannot read, redirect nobody: notes too.
 */
function metaRefreshReasons(found: MetaRefreshFindings): Reason[] {
  const out: Reason[] = [];
  for (const bad of found.invalid) out.push({ code: 'metaRefreshInvalid', severity: 'info', params: [bad.content], sources: [bad.source] });
  const r = found.refresh;
  if (!r) return out;
  const src = [r.source];
  if (r.kind === 'instant') out.push({ code: 'metaRefreshInstant', severity: 'block', params: [r.target, r.delay], sources: src });
  else if (r.kind === 'delayed') out.push({ code: 'metaRefreshDelayed', severity: 'risk', params: [r.target, r.delay], sources: src });
  else if (r.kind === 'reload') out.push({ code: 'metaRefreshReload', severity: 'info', params: [r.delay], sources: src });
  else out.push({ code: 'metaRefreshNotHttp', severity: 'info', params: [r.href ?? r.target], sources: src });
  return out;
}

/**
 * The indexability verdict: every signal Google reads, combined the way Google does (all
 * applicable directives count, the most restrictive wins, other crawlers' rules are ignored),
 * each reason with its evidence. Pure: pass what is known so far; pass the rest when it arrives.
 */
export function evaluateIndexability(input: IndexabilityInput): IndexabilityResult {
  const reasons: Reason[] = [];
  const unanswered = input.fetch?.kind === 'not-fetched' || input.fetch?.kind === 'failed';
  if (input.headers === null && !unanswered) reasons.push({ code: 'headersUnknown', severity: 'risk', params: [], sources: [] });
  else if (input.fromCache) reasons.push({ code: 'servedFromCache', severity: 'info', params: [], sources: [] });
  const status = statusReasons(input.status, input.headers, input.redirects);
  reasons.push(...(unanswered ? status.filter((r) => r.code !== 'statusUnknown') : status));
  reasons.push(...fetchReasons(input.fetch));

  const ct = input.headers?.find((h) => h.name.toLowerCase() === 'content-type');
  const mt = mediaType(ct?.value);
  const html = isHtml(mt);
  if (!html && ct) {
    reasons.push({ code: 'notHtml', severity: 'info', params: [mt!], sources: [{ kind: 'header', name: ct.name, value: ct.value }] });
  }
  const served = html ? input.served : null;
  const live = html ? input.live : null;

  const robots = input.robots;
  const blocked = robots !== null && !robots.allowed;
  if (robots) {
    const src: Source = { kind: 'robotsTxt', url: robots.robotsUrl, line: robots.line, rule: robots.rule, userAgent: robots.userAgent };
    if (blocked && robots.line === null) {
      // No rule decided: the file itself could not be read (5xx, 429, timeout) and Google stops crawling the site.
      // Say why: an HTTP status, no complete answer in time, or a network error.
      const why = robots.unreachable ?? null;
      if (why?.code === 'timeout') reasons.push({ code: 'robotsUnreachableTimeout', severity: 'block', params: [robots.robotsUrl, why.params[0] ?? ''], sources: [src] });
      else if (why?.code === 'networkError' || robots.fileStatus === null)
        reasons.push({ code: 'robotsUnreachableNetwork', severity: 'block', params: [robots.robotsUrl, String(why?.params[0] ?? '')], sources: [src] });
      else reasons.push({ code: 'robotsUnreachable', severity: 'block', params: [robots.robotsUrl, String(robots.fileStatus)], sources: [src] });
    } else if (blocked) reasons.push({ code: 'robotsBlocked', severity: 'block', params: [robots.robotsUrl, robots.line ?? ''], sources: [src] });
    else reasons.push({ code: 'robotsAllowed', severity: 'ok', params: [robots.robotsUrl], sources: [src] });
    if (robots.googleExtended && !robots.googleExtended.allowed) {
      reasons.push({
        code: 'googleExtendedBlocked',
        severity: 'info',
        params: [robots.googleExtended.line ?? ''],
        sources: [{ kind: 'robotsTxt', url: robots.robotsUrl, line: robots.googleExtended.line, rule: robots.googleExtended.rule, userAgent: 'Google-Extended' }],
      });
    }
  }

  const found = collectDirectives(input.headers, served, live);
  const directives = combineDirectives(found, input.now);
  // What the cut took out of the served HTML (robots meta, canonical…): the live DOM still has it.
  const pastCut = new Set(input.bytes?.truncated ? input.bytes.lost.map((l) => l.kind) : []);
  reasons.push(...directiveReasons(directives, found, blocked, live !== null, pastCut));
  // Like the robots meta tags, a meta refresh is only seen by a Googlebot that may crawl the page.
  // The HTML as served decides; the live DOM stands in when the served HTML was not read.
  const refresh = blocked ? { refresh: null, invalid: [] } : findMetaRefresh(served ?? live);
  reasons.push(...metaRefreshReasons(refresh));

  const header = headerCanonicals(input.headers, input.url);
  const sc = htmlCanonicals(served);
  const lc = htmlCanonicals(live);
  const canon = canonicalReasons(input.url, header, sc, lc, served !== null, live !== null, pastCut);
  // A URL that was not fetched has no canonical to speak of.
  reasons.push(...(unanswered ? canon.reasons.filter((r) => r.code !== 'canonicalNone') : canon.reasons));
  const canonical = canon.canonical;
  const elsewhere = canonical !== null && !sameUrl(canonical, input.url);

  if (!blocked && elsewhere && directives.noindex.length) {
    reasons.push({ code: 'conflictNoindexCanonical', severity: 'risk', params: [canonical!], sources: sourcesOf(directives.noindex) });
  }
  if (robots?.canonicalAllowed && !robots.canonicalAllowed.allowed && elsewhere) {
    reasons.push({
      code: 'conflictCanonicalBlocked',
      severity: 'risk',
      params: [robots.canonicalAllowed.url, robots.canonicalAllowed.line ?? ''],
      sources: [{ kind: 'robotsTxt', url: robots.robotsUrl, line: robots.canonicalAllowed.line, rule: robots.canonicalAllowed.rule, userAgent: robots.userAgent }],
    });
  }

  const target = input.canonicalTarget;
  if (elsewhere && target && sameUrl(target.url, canonical!)) {
    if (target.notChecked === 'other-host') {
      reasons.push({ code: 'canonicalTargetOtherHost', severity: 'info', params: [target.url, hostOf(target.url) ?? target.url], sources: [] });
    } else if (target.error !== null) {
      reasons.push({ code: 'canonicalTargetUnreachable', severity: 'info', params: [target.url, target.error], sources: [] });
    } else if (target.redirectedTo !== null && !sameUrl(target.redirectedTo, target.url)) {
      reasons.push({ code: 'canonicalTargetRedirects', severity: 'risk', params: [target.url, target.redirectedTo, String(target.status ?? '')], sources: [] });
    } else if (target.status !== 200) {
      reasons.push({ code: 'canonicalTargetStatus', severity: 'risk', params: [target.url, String(target.status ?? '')], sources: [] });
    } else {
      reasons.push({ code: 'canonicalTargetOk', severity: 'ok', params: [target.url], sources: [] });
    }
  }

  if (input.status?.code === 200 && !blocked) {
    const t = looksLikeSoft404(served ?? live);
    if (t) reasons.push({ code: 'soft404', severity: 'risk', params: [t], sources: [{ kind: 'page', text: t }] });
  }

  if (input.bytes?.truncated) {
    const b = input.bytes;
    const total = b.headerBytes + b.bodyBytes;
    // The page itself is past the limit: Google indexes only what comes before the cut.
    reasons.push({
      code: b.complete === false ? 'cutByLimitAtLeast' : 'cutByLimit',
      severity: 'risk',
      params: [total, b.limit, b.cutOffset ?? b.limit],
      sources: [{ kind: 'bytes', offset: b.cutOffset ?? b.limit, limit: b.limit, item: null }],
    });
    for (const l of input.bytes.lost.filter((x) => KEY_KINDS.has(x.kind)).slice(0, 20)) {
      reasons.push({
        code: 'pastCut',
        severity: 'risk',
        params: [l.item, l.offset, input.bytes.limit],
        sources: [{ kind: 'bytes', offset: l.offset, limit: input.bytes.limit, item: l.item }],
      });
    }
  }

  const hreflang = findHreflang(input.headers, input.url, served ?? live);
  if (hreflang.length) reasons.push({ code: 'hreflang', severity: 'info', params: [hreflang.length], sources: [] });

  reasons.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  const verdict: Verdict = reasons.some((r) => r.severity === 'block')
    ? 'not-indexable'
    : reasons.some((r) => r.severity === 'risk')
      ? 'at-risk'
      : 'indexable';
  return { verdict, reasons, directives, found, canonicals: [...header, ...sc, ...lc], canonical, hreflang, metaRefresh: refresh.refresh };
}
