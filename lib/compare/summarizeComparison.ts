import type { MessageParam } from '../i18n';
import type { Comparison, Field, Finding, FindingCode, Severity, SideSummary, WhyCode } from './comparison';
import type { Agent } from '../crawl';

/** One agent's answer, as the popup and the exported report keep it. */
export interface SideBrief {
  agent: Agent;
  finalUrl: string;
  /** HTTP status of the last response; 0 when none arrived. */
  status: number;
  headerBytes: number;
  bodyBytes: number;
  /** True when the body was read to its end (else `bodyBytes` is a lower bound). */
  complete: boolean;
  /** Body offset where Googlebot's cut falls, or null when the response fits. */
  cutAt: number | null;
  limit: number;
  error: SideSummary['error'];
}

/** One differing field: its severity, why it matters (code + parameters) and both values (page text). */
export interface DifferenceBrief {
  field: Field;
  severity: Severity;
  why: { code: WhyCode; params: MessageParam[] } | null;
  mobile: string;
  desktop: string;
}

/** The compact form the popup shows (counts and the codes of what differs, most severe first) and the report exports. */
export interface ComparisonSummary {
  url: string;
  comparedAt: number;
  identical: boolean;
  worst: Severity | null;
  fields: Field[];
  findings: FindingCode[];
  mobile: SideBrief;
  desktop: SideBrief;
  /** The differing fields, most severe first (the order of `fields`). */
  differences: DifferenceBrief[];
  /** Every finding about the fetches, most severe first. */
  findingDetails: Finding[];
}

const side = (s: SideSummary): SideBrief => ({
  agent: s.agent,
  finalUrl: s.finalUrl,
  status: s.status,
  headerBytes: s.headerBytes,
  bodyBytes: s.bodyBytes,
  complete: s.complete,
  cutAt: s.cutAt,
  limit: s.limit,
  error: s.error,
});

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
    mobile: side(c.mobile),
    desktop: side(c.desktop),
    differences: c.differences.map((d) => ({ field: d.field, severity: d.severity ?? 'info', why: d.why, mobile: d.mobile, desktop: d.desktop })),
    findingDetails: c.findings.map((f) => ({ ...f, params: [...f.params] })),
  };
}
