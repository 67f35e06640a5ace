import type { MessageParam } from '../i18n';
import { headerValue, headerValues, mediaType } from '../core';
import { countHeaderBytes, type AgentFetch } from '../crawl';
import { FIELDS, type Comparison, type Field, type Finding, type Row, type Severity, type SideSummary, type WhyCode } from './comparison';
import { extractPage, type PageExtract } from './extractPage';
import type { ComparedFetch } from './fetchCompared';
import { diffText, type DiffLimits } from './diffWords';
import { detectBlock } from './detectBlock';

/** The elements past the cut that the comparison names (those that decide indexing), and how many of them. */
const PAST_CUT_KINDS = new Set(['metaRobots', 'canonical', 'hreflang', 'title']);
const MAX_PAST_CUT = 20;

/** Rows carry at most this many list entries and characters per value (the comparison itself uses everything). */
export const MAX_LIST = 200;
export const MAX_VALUE = 2000;
const clip = (v: string) => (v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v);

const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, warning: 1, info: 2 };

function summarize(f: AgentFetch, page: PageExtract | null): SideSummary {
  const headerBytes = countHeaderBytes(f.statusLine, f.headers, f.status);
  return {
    agent: f.agent,
    userAgent: f.userAgent,
    requestedUrl: f.requestedUrl,
    finalUrl: f.finalUrl,
    status: f.status,
    redirects: f.redirects.map((r) => ({ url: r.url, status: r.status, location: r.location })),
    contentType: headerValue(f.headers, 'content-type'),
    bodyBytes: f.bodyBytes,
    complete: f.complete,
    headerBytes,
    cutAt: f.error ? null : f.cutAt,
    limit: f.limit,
    wordCount: page ? page.words.length : null,
    durationMs: f.durationMs,
    error: f.error,
    ...(f.blockedAt !== undefined ? { blockedAt: f.blockedAt } : {}),
    ...(f.blockedBy ? { blockedBy: f.blockedBy } : {}),
  };
}

/**
 * Does any value say noindex to Google? Values are "robots: …" / "googlebot: …" (meta) or
 * X-Robots-Tag values, which may start with a user agent ("otherbot: noindex" is not for Google).
 */
function hasNoindex(values: string[]): boolean {
  return values.some((v) => {
    let rest = v.trim();
    const m = /^([a-z0-9_-]+)\s*:\s*(.*)$/i.exec(rest);
    if (m && !/^(unavailable_after|max-snippet|max-image-preview|max-video-preview)$/i.test(m[1]!)) {
      if (!/^(robots|googlebot)$/i.test(m[1]!)) return false;
      rest = m[2]!;
    }
    return rest.split(',').some((t) => /^(noindex|none)$/i.test(t.trim()));
  });
}

const list = (xs: readonly string[]) => xs.join('\n');

function setDiff(mobile: readonly string[], desktop: readonly string[]) {
  const m = new Set(mobile);
  const d = new Set(desktop);
  return { added: mobile.filter((x) => !d.has(x)), removed: desktop.filter((x) => !m.has(x)) };
}

/**
 * Compare what Googlebot Smartphone and Googlebot Desktop were served. Every differing
 * field carries why it matters under mobile-first indexing; problems with the fetches
 * themselves (a block, a timeout, a redirect loop, a response over 2 MB) are findings.
 */
export function compareFetches(mobile: ComparedFetch, desktop: ComparedFetch, limits?: DiffLimits): Comparison {
  // The facts read as the body streamed; from the decoded HTML for a fetch that carries only that.
  const pm = mobile.page !== undefined ? mobile.page : mobile.html !== null ? extractPage(mobile.html, mobile.finalUrl) : null;
  const pd = desktop.page !== undefined ? desktop.page : desktop.html !== null ? extractPage(desktop.html, desktop.finalUrl) : null;
  const sm = summarize(mobile, pm);
  const sd = summarize(desktop, pd);
  const findings: Finding[] = [];

  for (const [f, s] of [[mobile, sm], [desktop, sd]] as const) {
    if (f.blockedAt !== undefined) {
      // Googlebot never requests a URL its robots.txt disallows: there is nothing of it to compare.
      const b = f.blockedBy;
      if (b && b.line !== null) findings.push({ code: 'robotsBlocked', agent: f.agent, severity: 'critical', params: [f.blockedAt, b.robotsUrl, b.line, b.rule ?? ''] });
      else findings.push({ code: 'robotsUnreachable', agent: f.agent, severity: 'critical', params: [f.blockedAt, b?.robotsUrl ?? ''] });
      continue;
    }
    if (f.error) {
      findings.push({ code: 'fetchFailed', agent: f.agent, severity: 'critical', error: f.error.code, params: f.error.params });
      continue;
    }
    if (f.bodyEnd === 'timeout') findings.push({ code: 'bodyTimeout', agent: f.agent, severity: 'warning', params: [f.bodyBytes] });
    if (f.bodyEnd === 'error') findings.push({ code: 'bodyError', agent: f.agent, severity: 'warning', params: [f.bodyBytes] });
    if (f.bodyEnd === 'cap') findings.push({ code: 'countCapped', agent: f.agent, severity: 'warning', params: [f.bodyBytes] });
    if (s.cutAt !== null) {
      findings.push({
        code: 'overLimit',
        agent: f.agent,
        severity: 'critical',
        params: [s.bodyBytes, s.cutAt, s.headerBytes, f.limit],
      });
      // What Googlebot never reads for that: the robots meta tags, canonical, hreflang and title past the cut.
      for (const p of (f.pastCut ?? []).filter((x) => PAST_CUT_KINDS.has(x.kind)).slice(0, MAX_PAST_CUT)) {
        findings.push({
          code: 'pastCut',
          agent: f.agent,
          severity: p.kind === 'metaRobots' || p.kind === 'canonical' ? 'critical' : 'warning',
          params: [p.item, p.offset, s.headerBytes + s.cutAt],
        });
      }
    }
    if (f.html === null && f.status > 0 && f.status < 300) {
      findings.push({ code: 'nonHtml', agent: f.agent, severity: 'warning', params: [s.contentType ?? ''] });
    }
  }
  const bm = detectBlock(mobile, desktop);
  const bd = detectBlock(desktop, mobile);
  if (bm && bd) findings.push({ code: 'blockedBoth', agent: 'both', severity: 'critical', params: [bm, bd] });
  else if (bm) findings.push({ code: 'blocked', agent: 'mobile', severity: 'critical', params: [bm] });
  else if (bd) findings.push({ code: 'blocked', agent: 'desktop', severity: 'critical', params: [bd] });

  const rows: Row[] = [];
  const row = (
    field: Field,
    m: string,
    d: string,
    why: (() => { severity: Severity; code: WhyCode; params?: MessageParam[] }) | null,
    sets?: { added: string[]; removed: string[] },
  ) => {
    const same = m === d && (!sets || (sets.added.length === 0 && sets.removed.length === 0));
    const w = same || !why ? null : why();
    rows.push({
      field,
      mobile: clip(m),
      desktop: clip(d),
      same,
      severity: w?.severity ?? null,
      why: w ? { code: w.code, params: w.params ?? [] } : null,
      ...(sets && !same
        ? {
            added: sets.added.slice(0, MAX_LIST).map(clip),
            removed: sets.removed.slice(0, MAX_LIST).map(clip),
            addedTotal: sets.added.length,
            removedTotal: sets.removed.length,
          }
        : {}),
    });
  };
  const bothFetched = !mobile.error && !desktop.error;
  const chain = (s: SideSummary) => s.redirects.map((r) => `${r.status} ${r.url} → ${r.location}`);

  row('status', String(sm.status || '—'), String(sd.status || '—'), () => ({
    severity: 'critical',
    code: 'statusDiffers',
    params: [String(sm.status), String(sd.status)],
  }));
  row('redirects', list(chain(sm)), list(chain(sd)), () => ({
    severity: 'warning',
    code: 'redirectsDiffer',
    params: [sm.redirects.length, sd.redirects.length],
  }));
  row('finalUrl', sm.finalUrl, sd.finalUrl, () => ({ severity: 'critical', code: 'finalUrlDiffers', params: [sm.finalUrl] }));
  // A failed fetch or a bot wall has no page to compare: the finding says it all.
  if (!bothFetched || bm || bd) {
    return finish(mobile.requestedUrl, rows, findings, null, sm, sd);
  }
  row('contentType', mediaType(sm.contentType) ?? '', mediaType(sd.contentType) ?? '', () => ({
    severity: 'critical',
    code: 'contentTypeDiffers',
    params: [mediaType(sm.contentType) ?? '', mediaType(sd.contentType) ?? ''],
  }));
  const vary = (f: AgentFetch) => headerValues(f.headers, 'vary').join(', ');
  row('vary', vary(mobile), vary(desktop), () => ({ severity: 'info', code: 'varyDiffers' }));
  row('bytes', String(sm.bodyBytes), String(sd.bodyBytes), () =>
    sm.cutAt !== null && sd.cutAt === null
      ? { severity: 'critical', code: 'bytesCutOnlyMobile', params: [sm.cutAt] }
      : sd.cutAt !== null && sm.cutAt === null
        ? { severity: 'info', code: 'bytesCutOnlyDesktop', params: [sd.cutAt] }
        : { severity: 'info', code: 'bytesDiffer', params: [sm.bodyBytes - sd.bodyBytes] },
  );

  let textDiff: Comparison['textDiff'] = null;
  if (pm && pd) {
    row('title', pm.title ?? '', pd.title ?? '', () => ({ severity: 'warning', code: 'titleDiffers' }));
    row('metaDescription', pm.metaDescription ?? '', pd.metaDescription ?? '', () => ({
      severity: 'info',
      code: 'metaDescriptionDiffers',
    }));
    const robots = (p: PageExtract) => p.robotsMeta.map((r) => `${r.name}: ${r.content}`);
    const rm = robots(pm);
    const rd = robots(pd);
    row('robotsMeta', list(rm), list(rd), () => robotsWhy(rm, rd, 'meta'), setDiff(rm, rd));
    const xm = headerValues(mobile.headers, 'x-robots-tag');
    const xd = headerValues(desktop.headers, 'x-robots-tag');
    row('xRobotsTag', list(xm), list(xd), () => robotsWhy(xm, xd, 'X-Robots-Tag'), setDiff(xm, xd));
    row('canonical', list(pm.canonical), list(pd.canonical), () => ({ severity: 'critical', code: 'canonicalDiffers' }));
    const hl = (p: PageExtract) => p.hreflang.map((h) => `${h.lang} ${h.href}`);
    row('hreflang', list(hl(pm)), list(hl(pd)), () => ({ severity: 'warning', code: 'hreflangDiffers' }), setDiff(hl(pm), hl(pd)));
    row('viewport', pm.viewport ?? '', pd.viewport ?? '', () =>
      pm.viewport === null ? { severity: 'warning', code: 'viewportMissingMobile' } : { severity: 'info', code: 'viewportDiffers' },
    );
    const hs = (p: PageExtract) => p.headings.map((h) => `h${h.level}: ${h.text}`);
    row('headings', list(hs(pm)), list(hs(pd)), () => ({ severity: 'warning', code: 'headingsDiffer' }), setDiff(hs(pm), hs(pd)));

    textDiff = diffText(pd.blocks, pm.blocks, limits);
    const wm = pm.words.length;
    const wd = pd.words.length;
    const textSame = textDiff.removedCount === 0 && textDiff.addedCount === 0;
    rows.push({
      field: 'wordCount',
      mobile: String(wm),
      desktop: String(wd),
      same: textSame,
      severity: textSame ? null : wm < wd ? 'warning' : 'info',
      why: textSame
        ? null
        : wm < wd
          ? { code: 'fewerWordsMobile', params: [wd - wm, wm, wd] }
          : wm > wd
            ? { code: 'moreWordsMobile', params: [wm - wd, wm, wd] }
            : { code: 'sameCountOtherWords', params: [textDiff.removedCount, textDiff.addedCount] },
    });
    if (textSame) textDiff = null;

    const il = setDiff(pm.links.internal, pd.links.internal);
    row('internalLinks', String(pm.links.internal.length), String(pd.links.internal.length), () => ({
      severity: 'warning',
      code: 'internalLinksDiffer',
      params: [il.removed.length, il.added.length],
    }), il);
    const el = setDiff(pm.links.external, pd.links.external);
    row('externalLinks', String(pm.links.external.length), String(pd.links.external.length), () => ({
      severity: 'info',
      code: 'externalLinksDiffer',
      params: [el.removed.length, el.added.length],
    }), el);
    const types = (p: PageExtract) => [...new Set(p.jsonLd.flatMap((j) => j.types))];
    const tm = types(pm);
    const td = types(pd);
    const tdiff = setDiff(tm, td);
    row('jsonLdTypes', list(tm), list(td), () =>
      tdiff.removed.length
        ? { severity: 'warning', code: 'jsonLdTypesMissingMobile', params: [tdiff.removed.join(', ')] }
        : { severity: 'info', code: 'jsonLdTypesDiffer' },
    tdiff);
    const jm = pm.jsonLd.map((j) => j.text);
    const jd = pd.jsonLd.map((j) => j.text);
    row('jsonLdContent', String(jm.length), String(jd.length), () => ({ severity: 'info', code: 'jsonLdContentDiffers' }), setDiff(jm, jd));
    row('images', String(pm.images.count), String(pd.images.count), () => ({
      severity: 'info',
      code: 'imagesDiffer',
      params: [pm.images.count, pd.images.count],
    }));
    row('missingAlt', String(pm.images.missingAlt.length), String(pd.images.missingAlt.length), () => ({
      severity: 'info',
      code: 'missingAltDiffers',
    }), setDiff(pm.images.missingAlt, pd.images.missingAlt));

    const htmlDiffers = rows.some((r) => !r.same && r.field !== 'vary' && r.field !== 'bytes');
    const varyUa = (f: AgentFetch) => /(^|,)\s*(user-agent|\*)\s*(,|$)/i.test(vary(f));
    if (htmlDiffers && !varyUa(mobile) && !varyUa(desktop)) {
      findings.push({ code: 'varyMissing', agent: 'both', severity: 'warning', params: [] });
    }
  }
  return finish(mobile.requestedUrl, rows, findings, textDiff, sm, sd);
}

function robotsWhy(m: string[], d: string[], source: string) {
  const nm = hasNoindex(m);
  const nd = hasNoindex(d);
  if (nm && !nd) return { severity: 'critical' as const, code: 'noindexOnlyMobile' as const, params: [source] };
  if (nd && !nm) return { severity: 'warning' as const, code: 'noindexOnlyDesktop' as const, params: [source] };
  return { severity: 'warning' as const, code: 'robotsDiffer' as const, params: [source] };
}

function finish(
  url: string,
  rows: Row[],
  findings: Finding[],
  textDiff: Comparison['textDiff'],
  mobile: SideSummary,
  desktop: SideSummary,
): Comparison {
  rows.sort((a, b) => FIELDS.indexOf(a.field) - FIELDS.indexOf(b.field));
  const differences = rows
    .filter((r) => !r.same)
    .sort((a, b) => SEVERITY_ORDER[a.severity ?? 'info'] - SEVERITY_ORDER[b.severity ?? 'info'] || FIELDS.indexOf(a.field) - FIELDS.indexOf(b.field));
  findings.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return {
    url,
    identical: differences.length === 0 && findings.length === 0,
    findings,
    rows,
    differences,
    textDiff,
    mobile,
    desktop,
  };
}
