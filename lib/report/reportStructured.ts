import { paramText, type MessageParam } from '../i18n';
import type { SdFinding, SdProblem, SdReport, SdStatus, SdVerdict } from '../structured';
import type { ReportStructuredData, ReportStructuredFinding, Translate } from './types';

/** A finding in words (structured.finding.<code>), its path first when it has one. */
export const findingText = (f: { code: string; params: readonly MessageParam[] }, t: Translate) => t(`structured.finding.${f.code}`, f.params);
/** A problem in words: its parameters, then its line and column ("… (line 4, column 67)"); a JSON error's kind in words. */
export function problemText(p: Pick<SdProblem, 'code' | 'params' | 'place'>, t: Translate): string {
  const params: MessageParam[] = p.code === 'jsonSyntax' ? [t(`structured.jsonError.${String(p.params[0])}`)] : [...p.params];
  return t(`structured.problem.${p.code}`, [...params, p.place?.line ?? '—', p.place?.column ?? '—']);
}

function finding(f: SdFinding, t: Translate): ReportStructuredFinding {
  return { code: f.code, severity: f.severity, path: f.path, params: f.params.map(paramText), message: findingText(f, t), line: f.line, source: f.source, feature: f.feature };
}

/** The report's `structuredData` block from the judged items (null: not checked). */
export function reportStructured(sd: SdReport | null, t: Translate): ReportStructuredData | null {
  if (!sd) return null;
  return {
    vocabulary: sd.vocabulary,
    counts: sd.counts,
    items: sd.items.map((j) => ({
      format: j.item.format,
      status: j.item.status,
      types: j.item.types,
      line: j.item.place.line,
      column: j.item.place.column,
      byte: j.item.place.byte,
      responseByte: j.item.responseByte,
      features: j.features,
      verdict: j.verdict,
      findings: j.findings.map((f) => finding(f, t)),
      data: j.data,
    })),
    problems: sd.problems.map((p) => ({
      code: p.code,
      format: p.format,
      severity: p.severity,
      params: p.params.map(paramText),
      message: problemText(p, t),
      line: p.place?.line ?? null,
      column: p.place?.column ?? null,
      byte: p.place?.byte ?? null,
    })),
  };
}

/** One type's verdict on the first screen: its items' worst verdict, its errors and warnings, the first error. */
export interface StructuredTypeLine {
  type: string;
  verdict: SdVerdict | 'lost' | 'rendered';
  errors: number;
  warnings: number;
  firstError: { code: string; path: string; params: readonly MessageParam[] } | null;
}

const WORST: Record<StructuredTypeLine['verdict'], number> = { lost: 6, errors: 5, warnings: 4, retired: 3, rendered: 2, eligible: 1, none: 0 };

/** An item as the summaries read it (the report's items have this shape). */
export interface SummaryItem {
  types: readonly string[];
  status: SdStatus;
  verdict: SdVerdict;
  findings: readonly { code: string; severity: SdFinding['severity']; path: string; params: readonly MessageParam[] }[];
}

/** Per item type, worst first: what the first-screen line, the site check's column and the Markdown summary say. */
export function structuredTypeLines(items: readonly SummaryItem[]): StructuredTypeLine[] {
  const by = new Map<string, StructuredTypeLine>();
  for (const j of items) {
    const type = j.types[0] ?? '?';
    const line = by.get(type) ?? { type, verdict: 'none', errors: 0, warnings: 0, firstError: null };
    const v: StructuredTypeLine['verdict'] = j.status === 'lost' ? 'lost' : j.status === 'rendered' && j.verdict !== 'errors' ? 'rendered' : j.verdict;
    if (WORST[v] > WORST[line.verdict]) line.verdict = v;
    for (const f of j.findings) {
      if (f.severity === 'error') {
        line.errors++;
        line.firstError ??= { code: f.code, path: f.path, params: f.params };
      } else if (f.severity === 'warning') line.warnings++;
    }
    by.set(type, line);
  }
  return [...by.values()].sort((a, b) => WORST[b.verdict] - WORST[a.verdict] || (a.type < b.type ? -1 : 1));
}

/** A message and its parameters; a parameter may itself be a message (the first error inside a type's line). */
export interface StructuredMessage {
  key: string;
  params: (MessageParam | StructuredMessage)[];
}

/** The summary as messages, one per type (types without a rich result left out, unless nothing else is there). */
export function structuredSummaryMessages(items: readonly SummaryItem[]): StructuredMessage[] {
  const lines = structuredTypeLines(items);
  if (!lines.length) return [{ key: 'structured.summary.none', params: [] }];
  const shown = lines.filter((l) => l.verdict !== 'none');
  return (shown.length ? shown : lines).map((l): StructuredMessage => {
    if (l.verdict !== 'errors') return { key: `structured.summary.${l.verdict}`, params: [l.type, l.warnings] };
    const f = l.firstError!;
    const first: StructuredMessage = (f.code === 'required' || f.code === 'requiredOneOf') && f.path ? { key: 'structured.summary.missing', params: [f.path] } : { key: `structured.finding.${f.code}`, params: [...f.params] };
    return { key: 'structured.summary.errors', params: [l.type, l.errors, first] };
  });
}

/** A message in words, its message parameters first. */
export function structuredMessageText(m: StructuredMessage, t: Translate): string {
  return t(m.key, m.params.map((p) => (typeof p === 'object' && 'key' in p ? structuredMessageText(p, t) : p)));
}

/** "Product: 1 error (offers.price missing) · BreadcrumbList: eligible". */
export function structuredSummary(items: readonly SummaryItem[], t: Translate): string {
  return structuredSummaryMessages(items)
    .map((m) => structuredMessageText(m, t))
    .join(' · ');
}
