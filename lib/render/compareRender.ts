import { splitWords } from '../compare';
import type { MessageParam } from '../i18n';
import type { ScriptInSource } from './findScripts';
import type {
  CauseEvidence,
  RenderCause,
  RenderCauseCode,
  RenderDifference,
  RenderDifferenceCode,
  RenderField,
  RenderLift,
  RenderPageEvents,
  RenderResource,
  RenderSnapshot,
  StoppedBecause,
} from './types';

// What Googlebot misses, and why — from evidence, not from a list of suspects:
// 1. What a visitor's render has and Googlebot's lacks (or the other way round) is found per
//    field: links, headings, text blocks, structured data, hreflang, title, canonical, noindex.
// 2. Each item is looked for in the pages themselves: in the HTML Googlebot was given (before the
//    cut), in the HTML past the cut (the cut is its cause, with the byte), in the visitor's HTML
//    only (the server answers Googlebot's User-Agent with other HTML), or in no served HTML at all
//    (a script built it).
// 3. For what a script built, the rules that changed what the page got are listed from the two
//    renders' requests (a robots.txt line, a script past the cut, a resource over its 2 MB, the
//    User-Agent, images not fetched, the time limit, a failed request). One rule: that is the
//    cause. Several: each liftable one is lifted in a render of its own (renderCompared), and the
//    render that has the item names it; none in time: "undecided", with the candidates.
// 4. Items with one cause are one difference, counted, with a few samples.

/** One side of the comparison: a render as it ended, with the document it was given and the whole document as read. */
export interface RenderSide {
  /** The document as the render's page was given it (Googlebot: its first 2 MB). */
  served: RenderSnapshot | null;
  /** The document as read whole (up to RENDER_DOCUMENT_CAP), read on first use: only a difference needs it. */
  servedWhole: () => RenderSnapshot | null;
  rendered: RenderSnapshot | null;
  resources: readonly RenderResource[];
  stoppedBecause: StoppedBecause;
  page: RenderPageEvents;
  document: { status: number | null; bodyBytes: number } | null;
}

export interface CompareRenderInput {
  googlebot: RenderSide & { cutAt: number | null; pastCut: readonly ScriptInSource[]; timeLimitMs: number };
  /** A visitor's render; null when it could not run. */
  visitor: RenderSide | null;
  /** The user's tab; null for a typed URL. */
  browser: RenderSnapshot | null;
}

/** One item that one render has and the other lacks. */
export interface RenderMiss {
  /** 'missing': in the visitor's render, not Googlebot's; 'extra': in Googlebot's only. */
  direction: 'missing' | 'extra';
  field: 'links' | 'headings' | 'text' | 'jsonLd' | 'hreflang' | 'title' | 'canonical' | 'noindex';
  /** What identifies it in a snapshot (see itemsOf). */
  key: string;
  /** Its words (text blocks), else 1. */
  weight: number;
  /** Where it was found: in the HTML past the cut, only in the visitor's HTML, or built by a script. */
  where: 'pastCut' | 'visitorHtml' | 'googlebotHtml' | 'script';
}

/** A rule of Googlebot's that changed what the page got, as a cause, and how to lift it (null: it cannot be). */
export interface RuleCandidate {
  cause: { code: RenderCauseCode; params: MessageParam[] };
  lift: RenderLift | null;
}

/** Differences that change little: fewer than this many words only one side has are "info". */
export const TEXT_MIN_WORDS = 20;
/** …or fewer than this share of the visitor's words. */
export const TEXT_MIN_SHARE = 0.05;
/** Googlebot's render under this share of the visitor's words is "nearly empty". */
export const NEARLY_EMPTY_SHARE = 0.2;
/** Samples listed per difference. */
export const SAMPLES = 3;
const SAMPLE_CHARS = 120;

const NOINDEX = /(^|[\s,:])(noindex|none)(\s|,|$)/i;
const noindexOf = (s: RenderSnapshot | null): string | null =>
  s?.robots.find((r) => /^(robots|googlebot):/i.test(r) && NOINDEX.test(r.slice(r.indexOf(':') + 1))) ?? null;
const normText = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The items of one field of a snapshot, by key (with their weight). */
export function itemsOf(s: RenderSnapshot | null, field: RenderMiss['field']): Map<string, number> {
  const m = new Map<string, number>();
  if (!s) return m;
  switch (field) {
    case 'links':
      for (const u of [...s.links.internal, ...s.links.external]) m.set(u, 1);
      break;
    case 'headings':
      for (const h of s.headings) if (h.text) m.set(`h${h.level} ${h.text}`, 1);
      break;
    case 'text':
      for (const b of s.blocks) {
        const t = normText(b);
        if (t) m.set(t, splitWords(t).length);
      }
      break;
    case 'jsonLd':
      for (const t of s.jsonLdTypes) m.set(t, 1);
      break;
    case 'hreflang':
      for (const h of s.hreflang) m.set(`${h.lang} ${h.href}`, 1);
      break;
    case 'title':
      if (s.title !== null) m.set(s.title, 1);
      break;
    case 'canonical':
      if (s.canonical !== null) m.set(s.canonical, 1);
      break;
    case 'noindex': {
      const n = noindexOf(s);
      if (n) m.set('noindex', 1);
      break;
    }
  }
  return m;
}

const sameKeys = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) => a.size === b.size && [...a.keys()].every((k) => b.has(k));

const FIELDS: RenderMiss['field'][] = ['noindex', 'title', 'canonical', 'links', 'headings', 'text', 'jsonLd', 'hreflang'];

/** What a visitor's render has that Googlebot's lacks, and the other way round, each placed. */
export function findMisses(input: CompareRenderInput): RenderMiss[] {
  const g = input.googlebot;
  const v = input.visitor;
  if (!g.rendered || !v?.rendered) return [];
  const out: RenderMiss[] = [];
  for (const field of FIELDS) {
    const gr = itemsOf(g.rendered, field);
    const vr = itemsOf(v.rendered, field);
    if (sameKeys(gr, vr)) continue;
    const gKept = itemsOf(g.served, field);
    const gWhole = itemsOf(g.servedWhole() ?? g.served, field);
    const vWhole = itemsOf(v.servedWhole() ?? v.served, field);
    for (const [key, weight] of vr) {
      if (gr.has(key)) continue;
      // In the HTML past the cut: the cut is the cause. Only in the visitor's HTML: the server
      // answered Googlebot otherwise. In what Googlebot was given: its render lost it (a script).
      const where: RenderMiss['where'] = gKept.has(key) ? 'googlebotHtml' : gWhole.has(key) ? 'pastCut' : vWhole.has(key) ? 'visitorHtml' : 'script';
      out.push({ direction: 'missing', field, key, weight, where });
    }
    for (const [key, weight] of gr) {
      if (vr.has(key)) continue;
      const where: RenderMiss['where'] = gKept.has(key) ? (vWhole.has(key) ? 'script' : 'googlebotHtml') : 'script';
      out.push({ direction: 'extra', field, key, weight, where });
    }
  }
  return out;
}

const SCRIPTLIKE = new Set(['script', 'xhr', 'fetch', 'stylesheet', 'document', 'other']);

/** The rules of Googlebot's that changed what the page got in its render, as causes — from the two renders' requests. */
export function ruleCandidates(input: CompareRenderInput): RuleCandidate[] {
  const g = input.googlebot;
  const v = input.visitor;
  const out: RuleCandidate[] = [];
  // robots.txt: one candidate per line (and file) that disallowed something the page asked for.
  const groups = new Map<string, RenderResource[]>();
  for (const r of g.resources) {
    if (r.outcome !== 'blocked-robots' || !SCRIPTLIKE.has(r.kind) || !r.robots) continue;
    const k = `${r.robots.robotsUrl}\n${r.robots.line ?? ''}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  for (const list of groups.values()) {
    const first = list.find((r) => r.kind === 'script') ?? list[0]!;
    const robots = first.robots!;
    const urls = [...new Set(list.map((r) => r.url.replace(/#.*$/, '')))];
    const cause: RuleCandidate['cause'] =
      robots.line === null
        ? { code: 'robotsUnreachable', params: [first.url, robots.robotsUrl] }
        : { code: first.kind === 'script' ? 'scriptBlocked' : 'requestBlocked', params: [first.url, robots.robotsUrl, robots.line, robots.rule ?? '', urls.length - 1] };
    out.push({ cause, lift: { rule: 'robots', robotsUrl: robots.robotsUrl, line: robots.line, ruleText: robots.rule, urls } });
  }
  // The cut: scripts of the document past it never run.
  if (g.cutAt !== null && g.pastCut.length) {
    const s = g.pastCut[0]!;
    out.push({ cause: s.src ? { code: 'scriptPastCut', params: [s.src, s.byte] } : { code: 'inlineScriptPastCut', params: [s.byte] }, lift: { rule: 'cut' } });
  }
  // A resource over its own 2 MB: only its start was used.
  const cut = g.resources.filter((r) => r.outcome === 'cut' && r.kind !== 'document' && SCRIPTLIKE.has(r.kind));
  if (cut.length) out.push({ cause: { code: 'scriptCut', params: [cut[0]!.url, cut[0]!.keptBytes ?? 0] }, lift: { rule: 'resourceCut', urls: cut.map((r) => r.url) } });
  // The User-Agent: the page read it, or a request was answered otherwise for each.
  const reads = g.page.userAgentReads + (v?.page.userAgentReads ?? 0);
  const answeredOtherwise = v ? differentAnswers(g.resources, v.resources) || g.document?.status !== v.document?.status : false;
  if (v && (reads > 0 || answeredOtherwise)) out.push({ cause: { code: 'userAgent', params: [reads] }, lift: { rule: 'userAgent' } });
  // Images, fonts and media: Google's renderer does not fetch them; a page may wait for them.
  // (The browser's own request for /favicon.ico is not the page's.)
  const pageOwn = (r: RenderResource) => !/^https?:\/\/[^/]+\/favicon\.ico$/i.test(r.url);
  const refused = g.resources.filter((r) => r.outcome === 'not-fetched' && pageOwn(r));
  if (v && refused.length && v.resources.some((r) => (r.kind === 'image' || r.kind === 'font' || r.kind === 'media') && r.outcome === 'loaded' && pageOwn(r))) {
    out.push({ cause: { code: 'notFetched', params: [refused.length] }, lift: { rule: 'notFetched' } });
  }
  // The time limit, and requests that failed for Googlebot only: nothing to lift.
  if (g.stoppedBecause === 'time-limit' && v && v.stoppedBecause !== 'time-limit') out.push({ cause: { code: 'timeLimit', params: [Math.round(g.timeLimitMs / 1000)] }, lift: null });
  if (v) {
    const loaded = new Set(v.resources.filter((r) => r.outcome === 'loaded').map((r) => r.url));
    const failed = g.resources.find((r) => (r.outcome === 'failed' || r.outcome === 'timeout') && SCRIPTLIKE.has(r.kind) && loaded.has(r.url));
    if (failed) out.push({ cause: { code: 'requestFailed', params: [failed.url, failed.outcome] }, lift: null });
  }
  return out;
}

/** Did a URL both renders asked for get a different answer (status or size) in each? */
function differentAnswers(g: readonly RenderResource[], v: readonly RenderResource[]): boolean {
  const seen = new Map<string, RenderResource>();
  for (const r of v) if (r.outcome === 'loaded' && r.kind !== 'document') seen.set(`${r.method} ${r.url}`, r);
  return g.some((r) => {
    if (r.outcome !== 'loaded' || r.kind === 'document') return false;
    const o = seen.get(`${r.method} ${r.url}`);
    return !!o && (o.status !== r.status || o.bytes !== r.bytes);
  });
}

/** A miss a script built (or removed) needs a rule to explain it; one in the HTML has its cause already. */
export const needsRule = (m: RenderMiss) => m.where === 'script' || (m.direction === 'missing' && m.where === 'googlebotHtml');

/** Is the miss resolved by a render with one rule lifted (the item appears, or an extra one disappears)? */
export const resolvedBy = (m: RenderMiss, experiment: RenderSnapshot | null): boolean => {
  if (!experiment) return false;
  const has = itemsOf(experiment, m.field).has(m.key);
  return m.direction === 'missing' ? has : !has;
};

/** The cause of one miss, from where it was found, the rules that changed, and the experiments' renders (by candidate index). */
export function causeOfMiss(m: RenderMiss, input: CompareRenderInput, candidates: readonly RuleCandidate[], experiments: ReadonlyMap<number, RenderSnapshot | null>): RenderCause {
  const g = input.googlebot;
  const v = input.visitor;
  const ev = (code: RenderCauseCode, params: MessageParam[], evidence: CauseEvidence): RenderCause => ({ code, params, evidence });
  if (m.where === 'pastCut') return ev('cut', [g.cutAt ?? 0], 'evidence');
  if (m.where === 'visitorHtml' || (m.direction === 'extra' && m.where === 'googlebotHtml')) {
    return ev('userAgentDocument', [g.document?.status ?? '', g.document?.bodyBytes ?? 0, v?.document?.status ?? '', v?.document?.bodyBytes ?? 0], 'evidence');
  }
  // Built (or removed) by a script: which rule kept it from Googlebot's render?
  const relevant = m.direction === 'extra' ? candidates.filter((c) => c.cause.code === 'userAgent' || c.lift?.rule === 'robots') : candidates;
  if (!relevant.length) return ev('noRule', [], 'evidence');
  if (relevant.length === 1) return { ...relevant[0]!.cause, evidence: 'only-rule' };
  for (let i = 0; i < candidates.length; i++) {
    if (!relevant.includes(candidates[i]!) || !experiments.has(i)) continue;
    if (resolvedBy(m, experiments.get(i) ?? null)) return { ...candidates[i]!.cause, evidence: 'experiment' };
  }
  return { code: 'undecided', params: [relevant.length], evidence: 'evidence', candidates: relevant.map((c) => c.cause) };
}

const DIFFERENCE_CODE: Record<RenderMiss['direction'], Partial<Record<RenderMiss['field'], RenderDifferenceCode>>> = {
  missing: { links: 'linksMissing', headings: 'headingsMissing', text: 'textMissing', jsonLd: 'jsonLdMissing', hreflang: 'hreflangMissing', title: 'titleDiffers', canonical: 'canonicalDiffers', noindex: 'noindexOnlyForVisitor' },
  extra: { links: 'linksOnlyGooglebot', headings: 'headingsOnlyGooglebot', text: 'textOnlyGooglebot', noindex: 'noindexOnlyForGooglebot' },
};

const FIELD_OF: Record<RenderMiss['field'], RenderField> = {
  links: 'links',
  headings: 'headings',
  text: 'words',
  jsonLd: 'jsonLdTypes',
  hreflang: 'hreflang',
  title: 'title',
  canonical: 'canonical',
  noindex: 'robots',
};

const sample = (m: RenderMiss) => (m.field === 'headings' ? m.key.slice(3) : m.key.length > SAMPLE_CHARS ? `${m.key.slice(0, SAMPLE_CHARS - 1)}…` : m.key);
const causeKey = (c: RenderCause) => `${c.code}\n${JSON.stringify(c.params)}`;

/**
 * Every difference, most severe first: Googlebot's render beside a visitor's (what Googlebot
 * misses, grouped by cause), the page as served beside Googlebot's render (what JavaScript
 * changes), and the user's tab beside a visitor's render (what only the user's session shows).
 * `experiments` maps a candidate's index to the render made with its rule lifted.
 */
export function compareRender(input: CompareRenderInput, experiments: ReadonlyMap<number, RenderSnapshot | null> = new Map(), candidates: readonly RuleCandidate[] = ruleCandidates(input)): RenderDifference[] {
  const g = input.googlebot;
  const v = input.visitor;
  const rendered = g.rendered;
  if (!rendered) return [];
  const out: RenderDifference[] = [];
  const diff = (code: RenderDifferenceCode, field: RenderField, severity: RenderDifference['severity'], params: MessageParam[], cause: RenderCause | null, samples: string[] = [], more = 0): RenderDifference => ({
    code,
    field,
    severity,
    params,
    samples,
    more,
    cause,
  });

  // 1. Googlebot's render beside a visitor's.
  if (v?.rendered) {
    const vr = v.rendered;
    const misses = findMisses(input);
    const placed = misses.map((m) => ({ m, cause: causeOfMiss(m, input, candidates, experiments) }));
    const groups = new Map<string, { m: RenderMiss; cause: RenderCause; items: RenderMiss[] }>();
    for (const { m, cause } of placed) {
      const k = `${m.direction}\n${m.field}\n${causeKey(cause)}`;
      const grp = groups.get(k);
      if (grp) grp.items.push(m);
      else groups.set(k, { m, cause, items: [m] });
    }
    const textWords = (dir: RenderMiss['direction']) => placed.filter((x) => x.m.direction === dir && x.m.field === 'text').reduce((n, x) => n + x.m.weight, 0);
    const visitorWords = Math.max(vr.words, 1);
    // Nearly empty: critical, and the first line.
    const vHeadings = vr.headings.length;
    if (vr.words > 0 && (rendered.words < vr.words * NEARLY_EMPTY_SHARE || (rendered.headings.length === 0 && vHeadings > 0))) {
      const biggest = [...groups.values()].filter((x) => x.m.direction === 'missing' && (x.m.field === 'text' || x.m.field === 'headings')).sort((a, b) => b.items.reduce((n, i) => n + i.weight, 0) - a.items.reduce((n, i) => n + i.weight, 0))[0];
      out.push(diff('nearlyEmpty', 'words', 'critical', [rendered.words, vr.words, rendered.headings.length, vHeadings], biggest?.cause ?? null));
    }
    for (const { m, cause, items } of groups.values()) {
      const code = DIFFERENCE_CODE[m.direction][m.field];
      if (!code) continue;
      const field = FIELD_OF[m.field];
      const count = items.length;
      const words = items.reduce((n, i) => n + i.weight, 0);
      const samples = items.slice(0, SAMPLES).map(sample);
      const more = Math.max(0, count - SAMPLES);
      switch (m.field) {
        case 'title':
          out.push(diff(code, field, 'warning', [rendered.title ?? '', vr.title ?? ''], cause));
          break;
        case 'canonical':
          out.push(diff(code, field, 'warning', [rendered.canonical ?? '', vr.canonical ?? ''], cause));
          break;
        case 'noindex':
          if (m.direction === 'extra') out.push(diff(code, field, 'critical', [noindexOf(rendered) ?? ''], cause));
          else out.push(diff(code, field, 'info', [noindexOf(vr) ?? ''], cause));
          break;
        case 'text': {
          const total = textWords(m.direction);
          const matters = total >= TEXT_MIN_WORDS && total >= visitorWords * TEXT_MIN_SHARE;
          const severity = m.direction === 'extra' ? (cause.code.startsWith('userAgent') && matters ? 'warning' : 'info') : matters ? 'warning' : 'info';
          out.push(diff(code, field, severity, [words, count], cause, samples, more));
          break;
        }
        default: {
          // What Googlebot lacks changes what it indexes and follows; what it alone gets is cloaking when the User-Agent decides it.
          const severity = m.direction === 'missing' ? 'warning' : cause.code.startsWith('userAgent') ? 'warning' : 'info';
          out.push(diff(code, field, severity, [count], cause, samples, more));
        }
      }
    }
  }

  // 2. A JavaScript redirect: Google follows it.
  const moved = g.page.navigations.filter((n) => n.outcome === 'followed').at(-1);
  if (moved) out.push(diff('jsRedirect', 'navigation', 'warning', [moved.url], null));

  // 3. The page as served beside Googlebot's render: what JavaScript changes.
  const served = g.served;
  if (served) {
    const sn = noindexOf(served);
    const rn = noindexOf(rendered);
    if (!sn && rn) out.push(diff('noindexAddedByJs', 'robots', 'critical', [rendered.robots.join(', ')], null));
    if (sn && !rn) out.push(diff('noindexRemovedByJs', 'robots', 'critical', [served.robots.join(', ')], null));
    if (served.canonical !== rendered.canonical) out.push(diff('canonicalChangedByJs', 'canonical', 'warning', [served.canonical ?? '', rendered.canonical ?? ''], null));
    const added = rendered.jsonLdTypes.filter((t) => !served.jsonLdTypes.includes(t));
    if (added.length) out.push(diff('jsonLdAddedByJs', 'jsonLdTypes', 'info', [added.join(', ')], null));
    if (served.title !== rendered.title) out.push(diff('titleChangedByJs', 'title', 'info', [served.title ?? '', rendered.title ?? ''], null));
  }

  // 4. The user's tab beside a visitor's render (else Googlebot's): what only the user's session shows.
  const tab = input.browser;
  const other = v?.rendered ?? rendered;
  if (tab) {
    const session: RenderCause = { code: 'browserState', params: [], evidence: 'evidence' };
    const only = (field: RenderMiss['field']) => {
      const o = itemsOf(other, field);
      return [...itemsOf(tab, field)].filter(([k]) => !o.has(k));
    };
    const links = only('links');
    if (links.length) out.push(diff('linksOnlyInBrowser', 'links', 'info', [links.length], session, links.slice(0, SAMPLES).map(([k]) => k), Math.max(0, links.length - SAMPLES)));
    const heads = only('headings');
    if (heads.length) out.push(diff('headingsOnlyInBrowser', 'headings', 'info', [heads.length], session, heads.slice(0, SAMPLES).map(([k]) => k.slice(3)), Math.max(0, heads.length - SAMPLES)));
    const text = only('text');
    const words = text.reduce((n, [, w]) => n + w, 0);
    if (words >= TEXT_MIN_WORDS && words >= Math.max(tab.words, 1) * TEXT_MIN_SHARE) {
      out.push(diff('textOnlyInBrowser', 'words', 'info', [words, text.length], session, text.slice(0, SAMPLES).map(([k]) => (k.length > SAMPLE_CHARS ? `${k.slice(0, SAMPLE_CHARS - 1)}…` : k)), Math.max(0, text.length - SAMPLES)));
    }
    if (noindexOf(tab) && !noindexOf(other)) out.push(diff('noindexOnlyInBrowser', 'robots', 'info', [noindexOf(tab)!], session));
    if (tab.title !== other.title) out.push(diff('titleDiffersFromBrowser', 'title', 'info', [other.title ?? '', tab.title ?? ''], session));
  }

  const rank = { critical: 0, warning: 1, info: 2 } as const;
  return out
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank[a.d.severity] - rank[b.d.severity] || (a.d.code === 'nearlyEmpty' ? -1 : b.d.code === 'nearlyEmpty' ? 1 : 0) || a.i - b.i)
    .map((x) => x.d);
}
