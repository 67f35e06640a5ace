import type { Comparison, Field, FindingCode, Severity } from './comparison';

/** The compact form the popup shows: counts and the codes of what differs, most severe first. */
export interface ComparisonSummary {
  url: string;
  comparedAt: number;
  identical: boolean;
  worst: Severity | null;
  fields: Field[];
  findings: FindingCode[];
}

export function summarizeComparison(c: Comparison, comparedAt: number): ComparisonSummary {
  const sev = [...c.findings.map((f) => f.severity), ...c.differences.map((d) => d.severity ?? 'info')];
  const worst = sev.includes('critical') ? 'critical' : sev.includes('warning') ? 'warning' : sev.length ? 'info' : null;
  return {
    url: c.url,
    comparedAt,
    identical: c.identical,
    worst,
    fields: c.differences.map((d) => d.field),
    findings: [...new Set(c.findings.map((f) => f.code))],
  };
}
