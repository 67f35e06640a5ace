// The popup's first screen: one line per question the popup exists for, each with its state from
// the first paint ("checking…") to its answer. Built from the same report object as the sections.
import { i18n, formatList, formatPercent, formatWhen } from '#i18n';
import { lintValidators, type ProbeResult } from '../../../lib/caching';
import type { IndexabilityResult } from '../../../lib/indexability';
import { ruleText } from '../../../lib/indexability';
import { severityLabel } from '../../../components/CompareText';
import { verdictPending } from './store';
import type { TabReport } from './types';

export type SummaryId = 'verdict' | 'bytes' | 'robots' | 'caching' | 'compare';

export interface SummaryLine {
  id: SummaryId;
  /** The section the line leads to. */
  section: string;
  label: string;
  /** checking: not known yet; ok / warn / bad: the answer's colour; info: known, neither good nor bad. */
  state: 'checking' | 'ok' | 'warn' | 'bad' | 'info';
  text: string;
}

/** Other blocked tokens are named when there are at most this many. */
const NAME_AT_MOST = 3;

/** A share of the limit: two decimals below 1 % (a small page is not "0 %"), one below 10 %, whole percents above. */
const pct = (share: number) => formatPercent(share, share < 0.01 ? 2 : share < 0.1 ? 1 : 0);

const checking = (id: SummaryId, section: string, label: string): SummaryLine => ({ id, section, label, state: 'checking', text: i18n.t('summary.checking') });

function verdictLine(r: TabReport, result: IndexabilityResult): SummaryLine {
  const label = i18n.t('summary.verdictLabel');
  if (verdictPending(r).length) return checking('verdict', 'verdict', label);
  const blocks = result.reasons.filter((x) => x.severity === 'block').length;
  const risks = result.reasons.filter((x) => x.severity === 'risk').length;
  if (result.verdict === 'not-indexable') return { id: 'verdict', section: 'verdict', label, state: 'bad', text: i18n.t('summary.notIndexable', [blocks]) };
  if (result.verdict === 'at-risk') return { id: 'verdict', section: 'verdict', label, state: 'warn', text: i18n.t('summary.atRisk', [risks]) };
  return { id: 'verdict', section: 'verdict', label, state: 'ok', text: i18n.t('summary.indexable') };
}

function bytesLine(r: TabReport): SummaryLine {
  const label = i18n.t('summary.bytesLabel');
  const step = r.bytes;
  if (step.status === 'pending' || r.response.status === 'pending') return checking('bytes', 'bytes', label);
  const input = step.value?.input;
  if (!input) {
    const text = step.status === 'timeout' ? i18n.t('summary.bytesTookLonger', [step.limitMs / 1000]) : i18n.t('summary.bytesUnknown');
    return { id: 'bytes', section: 'bytes', label, state: 'info', text };
  }
  const total = input.headerBytes + input.bodyBytes;
  const share = total / input.limit;
  if (input.truncated && input.cutOffset !== null) {
    // A body still arriving when reading stopped: its size is a lower bound, the cut is exact.
    if (input.complete === false) return { id: 'bytes', section: 'bytes', label, state: 'bad', text: i18n.t('summary.bytesOverAtLeast', [total, input.limit, input.cutOffset]) };
    return { id: 'bytes', section: 'bytes', label, state: 'bad', text: i18n.t('summary.bytesOver', [total, input.limit, pct(share), input.cutOffset]) };
  }
  return { id: 'bytes', section: 'bytes', label, state: share >= 0.9 ? 'warn' : 'ok', text: i18n.t('summary.bytesWithin', [total, input.limit, pct(share)]) };
}

function robotsLine(r: TabReport): SummaryLine {
  const label = i18n.t('summary.robotsLabel');
  const step = r.robots;
  if (step.status === 'pending') return checking('robots', 'robots', label);
  if (!step.value) {
    const text = step.status === 'timeout' ? i18n.t('summary.robotsTookLonger', [step.limitMs / 1000]) : step.status === 'skipped' ? i18n.t('summary.robotsNotHttp') : i18n.t('summary.robotsFailed');
    return { id: 'robots', section: 'robots', label, state: 'info', text };
  }
  const [googlebot, ...others] = step.value.verdicts;
  if (!googlebot) return { id: 'robots', section: 'robots', label, state: 'info', text: i18n.t('summary.robotsFailed') };
  const rule = ruleText(googlebot.rule);
  const head = googlebot.allowed
    ? rule && googlebot.line !== null
      ? i18n.t('summary.robotsAllowedBy', [googlebot.line, rule])
      : i18n.t('summary.robotsAllowed')
    : rule && googlebot.line !== null
      ? i18n.t('summary.robotsBlockedBy', [googlebot.line, rule])
      : i18n.t('summary.robotsUnreachable');
  const blocked = others.filter((v) => !v.allowed).map((v) => v.token);
  const tail = !blocked.length
    ? i18n.t('summary.robotsOthersAllowed')
    : blocked.length <= NAME_AT_MOST
      ? i18n.t('summary.robotsOthersNamed', [blocked.length, formatList(blocked)])
      : i18n.t('summary.robotsOthersCount', [blocked.length]);
  return { id: 'robots', section: 'robots', label, state: googlebot.allowed ? (blocked.length ? 'info' : 'ok') : 'bad', text: `${head}; ${tail}` };
}

const probeText = (p: ProbeResult | undefined): string => {
  if (!p) return i18n.t('summary.probeNone');
  switch (p.outcome) {
    case 'not-modified':
      return i18n.t('summary.probeNotModified');
    case 'etag-changed':
      return i18n.t('summary.probeEtagChanged');
    case 'ignored':
      return i18n.t('summary.probeIgnored', [String(p.response?.status ?? '')]);
    case 'other':
      return i18n.t('summary.probeOther', [String(p.response?.status ?? '')]);
    case 'timeout':
    case 'error':
      return i18n.t('summary.probeFailed');
  }
};

function cachingLine(r: TabReport): SummaryLine {
  const label = i18n.t('summary.cachingLabel');
  const record = r.response.value?.record ?? null;
  if (r.response.status === 'pending') return checking('caching', 'caching', label);
  if (!record) return { id: 'caching', section: 'caching', label, state: 'info', text: i18n.t('summary.cachingUnknown') };
  const lint = lintValidators(record.headers, Date.now());
  if (lint.googleUses === null) return { id: 'caching', section: 'caching', label, state: 'warn', text: i18n.t('summary.cachingNone') };
  const uses = lint.googleUses === 'etag' ? i18n.t('summary.cachingEtag') : i18n.t('summary.cachingLastModified');
  if (r.probes.status === 'pending') return { id: 'caching', section: 'caching', label, state: 'checking', text: `${uses}; ${i18n.t('summary.probeChecking')}` };
  const header = lint.googleUses === 'etag' ? 'If-None-Match' : 'If-Modified-Since';
  const probe = r.probes.value?.find((p) => p.request.header === header);
  const state = probe?.outcome === 'not-modified' ? 'ok' : probe ? 'warn' : 'info';
  return { id: 'caching', section: 'caching', label, state, text: `${uses}; ${probeText(probe)}` };
}

function compareLine(r: TabReport): SummaryLine {
  const label = i18n.t('summary.compareLabel');
  const step = r.compare;
  if (step.status === 'pending') return checking('compare', 'compare', label);
  const s = step.value;
  if (!s) return { id: 'compare', section: 'compare', label, state: 'info', text: step.status === 'skipped' ? i18n.t('summary.compareNotHttp') : i18n.t('summary.compareNotYet') };
  const when = formatWhen(s.comparedAt);
  if (s.identical) return { id: 'compare', section: 'compare', label, state: 'ok', text: i18n.t('summary.compareSame', [when]) };
  const state = s.worst === 'critical' ? 'bad' : s.worst === 'warning' ? 'warn' : 'info';
  if (!s.fields.length) return { id: 'compare', section: 'compare', label, state, text: i18n.t('summary.compareFindings', [s.findings.length, when]) };
  if (s.worst !== 'critical' && s.worst !== 'warning') return { id: 'compare', section: 'compare', label, state, text: i18n.t('summary.compareDiffersMinor', [s.fields.length, when]) };
  return { id: 'compare', section: 'compare', label, state, text: i18n.t('summary.compareDiffers', [s.fields.length, severityLabel(s.worst), when]) };
}

/** The five lines, in the order they are shown. */
export function summaryLines(r: TabReport, result: IndexabilityResult): SummaryLine[] {
  return [verdictLine(r, result), bytesLine(r), robotsLine(r), cachingLine(r), compareLine(r)];
}
