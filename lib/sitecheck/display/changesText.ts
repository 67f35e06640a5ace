import { verdictText, type Translate } from '../../report';
import type { BaselineProblem, ChangeDirection, ChangesNote, FindingChange, RunChanges, UrlChange, UrlInOneRun } from '../compareRuns';
import { findingItemText, findingText } from './findingText';
import { noneText } from './noneText';

/** One URL or one site finding in a group, and its changes in words. */
export interface ChangesEntry {
  /** The URL the changes are of (null for a site finding's). */
  url: string | null;
  /** The finding's title (null for a URL). */
  title: string | null;
  lines: string[];
}

export interface ChangesGroup {
  direction: ChangeDirection;
  /** "What got worse (2)" */
  heading: string;
  entries: ChangesEntry[];
}

export interface ChangesText {
  /** "Compared with <baseline>: 8 URLs in it, 9 in this run, 8 in both." */
  summary: string;
  /** Worse, better, other changes: only those with an entry. */
  groups: ChangesGroup[];
  /** "No changes since the baseline." when nothing changed, else null. */
  none: string | null;
  /** What could not be compared, and why. */
  notes: string[];
}

const fetchError = (e: string, t: Translate) => t(`sitecheck.fetchError.${e.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`);

/** One change of a URL in words: what it is, its value before → after, and the reason that decided it. */
export function urlChangeText(c: UrlChange, t: Translate): string[] {
  const none = noneText(t);
  switch (c.kind) {
    case 'verdict': {
      // The reason of the worse side: what broke it, or what was fixed.
      const why = (c.direction === 'better' ? c.before : c.after).why.map((w) => `    ${w.message}`);
      return [t('changes.kind.verdict', [verdictText(c.before.verdict, t), verdictText(c.after.verdict, t)]), ...why];
    }
    case 'status': {
      const v = (s: typeof c.before) => (s.status !== null ? String(s.status) : s.error ? fetchError(s.error, t) : none);
      return [t('changes.kind.status', [v(c.before), v(c.after)])];
    }
    case 'redirect': {
      const v = (s: typeof c.before) => (s.hops ? t('sitecheck.redirects', [s.hops, s.finalUrl]) : t('changes.noRedirect'));
      return [t('changes.kind.redirect', [v(c.before), v(c.after)])];
    }
    case 'robots': {
      const v = (r: typeof c.before) =>
        !r ? none : r.line === null ? t(r.allowed ? 'sitecheck.robotsAllowed' : 'sitecheck.robotsUnreachable') : t(r.allowed ? 'sitecheck.robotsAllowedLine' : 'sitecheck.robotsDisallowed', [r.line, r.rule ?? '']);
      return [t('changes.kind.robots', [v(c.before), v(c.after)])];
    }
    case 'noindex': {
      const v = (n: typeof c.before) => (n.noindex.length ? n.noindex.join(' · ') : none);
      return [t('changes.kind.noindex', [v(c.before), v(c.after)])];
    }
    case 'canonical': {
      const v = (n: typeof c.before) => (n.canonical === null ? none : n.self ? t('sitecheck.canonicalSelf') : n.canonical);
      return [t('changes.kind.canonical', [v(c.before), v(c.after)])];
    }
    case 'bytes': {
      const v = (b: typeof c.before) => (b.bytes === null || b.limit === null ? none : b.overLimit ? t('sitecheck.bytesOver', [b.bytes, b.limit, b.bytes - b.limit]) : t('sitecheck.bytesOf', [b.bytes, b.limit]));
      return [t('changes.kind.bytes', [v(c.before), v(c.after)])];
    }
    case 'render': {
      const was = new Set(c.before.differences.map((d) => d.code));
      const is = new Set(c.after.differences.map((d) => d.code));
      return [
        ...c.after.differences.filter((d) => !was.has(d.code)).map((d) => t('changes.kind.renderNew', [d.message])),
        ...c.before.differences.filter((d) => !is.has(d.code)).map((d) => t('changes.kind.renderGone', [d.message])),
      ];
    }
  }
}

/** A URL in one run only, in words. */
export function urlInOneRunText(u: UrlInOneRun, t: Translate): string[] {
  const status = u.status === null ? noneText(t) : String(u.status);
  const head = u.change === 'new' ? t('changes.urlNew', [verdictText(u.verdict, t), status]) : t('changes.urlGone', [verdictText(u.verdict, t), status]);
  return [head, ...(u.change === 'new' ? u.why.map((w) => `    ${w.message}`) : [])];
}

/** A site finding's change in words: its title (new or gone cases, or the counts), and each case with its evidence. */
export function findingChangeText(f: FindingChange, t: Translate): ChangesEntry {
  if (f.change === 'count') {
    const title = findingText({ code: f.code, severity: f.severity, count: f.after, items: [] }, t).title;
    return { url: null, title: t('changes.findingCount', [title, f.before]), lines: [] };
  }
  const title = findingText({ code: f.code, severity: f.severity, count: f.items.length, items: [] }, t).title;
  return { url: null, title: t(f.change === 'new' ? 'changes.findingNew' : 'changes.findingGone', [title]), lines: f.items.map((x) => findingItemText(f.code, x, t)) };
}

const HEADING: Record<ChangeDirection, string> = { worse: 'changes.worse', better: 'changes.better', changed: 'changes.changed' };

/**
 * What changed since the baseline, in words, grouped worse / better / other changes: each URL with
 * its changes (value before → after, and the reason), the URLs in one run only, the site findings'
 * new and gone cases with their evidence; the command line's lines after the table, the page's tab.
 * `baseline` names it (the file, or when it ran).
 */
export function changesText(c: RunChanges, t: Translate, baseline: string): ChangesText {
  const groups: ChangesGroup[] = [];
  for (const direction of ['worse', 'better', 'changed'] as const) {
    const entries: ChangesEntry[] = [];
    const byUrl = new Map<string, ChangesEntry>();
    const entryOf = (url: string) => {
      let e = byUrl.get(url);
      if (!e) {
        byUrl.set(url, (e = { url, title: null, lines: [] }));
        entries.push(e);
      }
      return e;
    };
    for (const u of c.urls) if (u.direction === direction) entryOf(u.url).lines.push(...urlChangeText(u, t));
    for (const u of c.urlsInOneRun) if (u.direction === direction) entryOf(u.url).lines.push(...urlInOneRunText(u, t));
    for (const f of c.findings) if (f.direction === direction) entries.push(findingChangeText(f, t));
    const n = direction === 'worse' ? c.worse : direction === 'better' ? c.better : c.changed;
    if (entries.length) groups.push({ direction, heading: t(HEADING[direction], [n]), entries });
  }
  return {
    summary: t('changes.summary', [baseline, c.before.urls, c.after.urls, c.compared]),
    groups,
    none: groups.length ? null : t('changes.none'),
    notes: c.notes.map((n) => changesNoteText(n, t)),
  };
}

/** Why part of the runs was not compared, in words. */
export function changesNoteText(n: ChangesNote, t: Translate): string {
  if (n.code === 'agentDiffers') return t('changes.note.agentDiffers', n.params.map((a) => t(a === 'desktop' ? 'sitecheck.agentDesktop' : 'sitecheck.agentSmartphone')));
  if (n.code === 'limitDiffers') return t('changes.note.limitDiffers', n.params.map(Number));
  return t(`changes.note.${n.code}`, n.params);
}

/** A problem of the baseline file, in words (with its line). */
export function baselineProblemText(p: BaselineProblem, t: Translate): string {
  return t(`changes.baseline.${p.code}`, p.params);
}
