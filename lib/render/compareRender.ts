import type { ScriptInSource } from './findScripts';
import type { RenderCause, RenderDifference, RenderResource, RenderSnapshot } from './types';

export interface CompareRenderInput {
  served: RenderSnapshot | null;
  rendered: RenderSnapshot;
  /** The user's tab, or null for a typed URL. */
  browser: RenderSnapshot | null;
  resources: readonly RenderResource[];
  /** Scripts of the served document at or past the cut (byte offsets into the body), in order. */
  scriptsPastCut: readonly ScriptInSource[];
}

/** Links listed per direction at most; the rest are counted in the last difference. */
export const MAX_LINK_DIFFERENCES = 20;
/** Fewer visible words than the browser by this share (and at least MIN_WORD_GAP words) is a difference. */
const WORD_SHARE = 0.2;
const MIN_WORD_GAP = 30;

const NOINDEX = /(^|[\s,:])(noindex|none)(\s|,|$)/i;
const hasNoindex = (s: RenderSnapshot | null) => !!s && s.robots.some((r) => /^(robots|googlebot):/i.test(r) && NOINDEX.test(r.slice(r.indexOf(':') + 1)));

/**
 * Why something the user's browser shows is missing from Googlebot's render, as far as the render
 * can tell, most certain first: a script past the cut, a script robots.txt disallows, a script over
 * its own limit, a request that failed; else the browser's own state (the user's session).
 */
export function causeOf(input: Pick<CompareRenderInput, 'resources' | 'scriptsPastCut'>): RenderCause {
  const past = input.scriptsPastCut[0];
  if (past) return past.src ? { code: 'scriptPastCut', params: [past.src, past.byte] } : { code: 'inlineScriptPastCut', params: [past.byte] };
  const blocked = input.resources.find((r) => r.outcome === 'blocked-robots' && r.kind === 'script');
  if (blocked) return { code: 'scriptBlocked', params: [blocked.url, blocked.robots?.robotsUrl ?? '', blocked.robots?.line ?? '', blocked.robots?.rule ?? ''] };
  const cut = input.resources.find((r) => r.outcome === 'cut' && r.kind === 'script');
  if (cut) return { code: 'scriptCut', params: [cut.url, cut.keptBytes ?? 0] };
  const failed = input.resources.find((r) => (r.outcome === 'failed' || r.outcome === 'timeout' || r.outcome === 'blocked-robots') && (r.kind === 'script' || r.kind === 'xhr' || r.kind === 'fetch'));
  if (failed) return { code: 'requestFailed', params: [failed.url, failed.outcome] };
  return { code: 'browserState', params: [] };
}

const minus = (a: readonly string[], b: readonly string[]) => {
  const s = new Set(b);
  return a.filter((x) => !s.has(x));
};

/**
 * The differences that matter between the page as served, as Googlebot's render built it, and as
 * the user's browser shows it — most severe first, each with why it matters and, for what the
 * browser has and the render lacks, the likely cause.
 */
export function compareRender(input: CompareRenderInput): RenderDifference[] {
  const { served, rendered, browser: tab } = input;
  const out: RenderDifference[] = [];
  const cause = () => causeOf(input);

  // noindex: what the served HTML says decides whether Google renders at all.
  if (served && !hasNoindex(served) && hasNoindex(rendered)) out.push({ code: 'noindexAddedByJs', field: 'robots', severity: 'critical', params: [rendered.robots.join(', ')], cause: null });
  if (served && hasNoindex(served) && !hasNoindex(rendered)) out.push({ code: 'noindexRemovedByJs', field: 'robots', severity: 'critical', params: [served.robots.join(', ')], cause: null });
  if (tab && hasNoindex(tab) && !hasNoindex(rendered)) out.push({ code: 'noindexOnlyInBrowser', field: 'robots', severity: 'info', params: [tab.robots.join(', ')], cause: cause() });

  if (served && served.canonical !== rendered.canonical) {
    out.push({ code: 'canonicalChangedByJs', field: 'canonical', severity: 'warning', params: [served.canonical ?? '', rendered.canonical ?? ''], cause: null });
  }
  if (tab && tab.canonical !== rendered.canonical) {
    out.push({ code: 'canonicalDiffersFromBrowser', field: 'canonical', severity: 'warning', params: [rendered.canonical ?? '', tab.canonical ?? ''], cause: cause() });
  }

  if (tab) {
    for (const kind of ['internal', 'external'] as const) {
      const only = minus(tab.links[kind], rendered.links[kind]);
      const field = kind === 'internal' ? 'internalLinks' : 'externalLinks';
      const severity = kind === 'internal' ? 'warning' : 'info';
      for (const href of only.slice(0, MAX_LINK_DIFFERENCES)) out.push({ code: 'linkOnlyInBrowser', field, severity, params: [href], cause: cause() });
      for (const href of minus(rendered.links[kind], tab.links[kind]).slice(0, MAX_LINK_DIFFERENCES)) {
        out.push({ code: 'linkOnlyInRender', field, severity: 'info', params: [href], cause: null });
      }
    }
    const missingTypes = minus(tab.jsonLdTypes, rendered.jsonLdTypes);
    if (missingTypes.length) out.push({ code: 'jsonLdOnlyInBrowser', field: 'jsonLdTypes', severity: 'warning', params: [missingTypes.join(', ')], cause: cause() });
    const gap = tab.words - rendered.words;
    if (gap >= MIN_WORD_GAP && gap >= tab.words * WORD_SHARE) {
      out.push({ code: 'fewerWordsThanBrowser', field: 'words', severity: 'warning', params: [rendered.words, tab.words], cause: cause() });
    }
    if (tab.title !== rendered.title) out.push({ code: 'titleDiffersFromBrowser', field: 'title', severity: 'warning', params: [rendered.title ?? '', tab.title ?? ''], cause: cause() });
    const h = (s: RenderSnapshot) => s.headings.filter((x) => x.level === 1).map((x) => x.text).join(' | ');
    if (h(tab) !== h(rendered)) out.push({ code: 'headingsDiffer', field: 'headings', severity: 'info', params: [h(rendered), h(tab)], cause: cause() });
    const hl = (s: RenderSnapshot) => s.hreflang.map((x) => `${x.lang} ${x.href}`).sort().join(', ');
    if (hl(tab) !== hl(rendered)) out.push({ code: 'hreflangDiffers', field: 'hreflang', severity: 'warning', params: [hl(rendered), hl(tab)], cause: cause() });
  }
  if (served) {
    const added = minus(rendered.jsonLdTypes, served.jsonLdTypes);
    if (added.length) out.push({ code: 'jsonLdAddedByJs', field: 'jsonLdTypes', severity: 'info', params: [added.join(', ')], cause: null });
    if (served.title !== rendered.title) out.push({ code: 'titleChangedByJs', field: 'title', severity: 'info', params: [served.title ?? '', rendered.title ?? ''], cause: null });
  }
  const rank = { critical: 0, warning: 1, info: 2 } as const;
  return out.map((d, i) => ({ d, i })).sort((a, b) => rank[a.d.severity] - rank[b.d.severity] || a.i - b.i).map((x) => x.d);
}
