// The popup's first screen: one line per question the popup exists for, each with its state from
// the first paint ("checking…") to its answer. What each line says is derived from the report
// (derive.ts, summaryFacts); here it is put into words in the UI language.
import { formatList, formatPercent, formatWhen, tDynamic } from '#i18n';
import type { MessageParam } from '../../../lib/i18n';
import type { IndexabilityResult } from '../../../lib/indexability';
import { severityLabel } from '../../../lib/report';
import { summaryFacts, type SummaryFact, type SummaryId, type SummaryParam } from './derive';
import { structuredMessageText } from '../../../lib/report';
import type { TabReport } from './types';

export type { SummaryId };

export interface SummaryLine {
  id: SummaryId;
  /** The section the line leads to. */
  section: string;
  label: string;
  state: SummaryFact['state'];
  text: string;
}

/** A share of the limit: two decimals below 1 % (a small page is not "0 %"), one below 10 %, whole percents above. */
const pct = (share: number) => formatPercent(share, share < 0.01 ? 2 : share < 0.1 ? 1 : 0);

const word = (p: SummaryParam): MessageParam => {
  if (typeof p !== 'object' || 'date' in p) return p;
  if ('percent' in p) return pct(p.percent);
  if ('list' in p) return formatList(p.list);
  if ('when' in p) return formatWhen(p.when);
  if ('key' in p) return tDynamic(p.key);
  if ('messages' in p) return formatList(p.messages.map((m) => tDynamic(m.key, m.params)));
  if ('message' in p) return structuredMessageText(p.message, tDynamic);
  return severityLabel(p.severity, tDynamic);
};

/** The six lines, in the order they are shown. */
export function summaryLines(r: TabReport, result: IndexabilityResult): SummaryLine[] {
  return summaryFacts(r, result, Date.now()).map((f) => ({
    id: f.id,
    section: f.section,
    label: tDynamic(f.label),
    state: f.state,
    text: f.parts.map((p) => tDynamic(p.key, p.params.map(word))).join(f.id === 'structured' ? ' · ' : '; '),
  }));
}
