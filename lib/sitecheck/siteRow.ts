import type { Report, SummaryItem } from '../report';
import type { Verdict } from '../indexability';

/** One line of the site check's table (and CSV): the facts of one report that answer "which pages?". */
export interface SiteRow {
  /** As listed in the sitemap. */
  url: string;
  /** Where the redirects ended (the report's URL). */
  finalUrl: string;
  sitemap: string | null;
  verdict: Verdict;
  /** The reason codes that decided the verdict (block, else risk). */
  why: string[];
  status: number | null;
  redirects: number;
  error: string | null;
  /** Header + body bytes, against `limit`; null when nothing was read. */
  bytes: number | null;
  limit: number | null;
  truncated: boolean;
  /** Response offset where Googlebot stops (headers included), or null. */
  cutOffset: number | null;
  /** Elements past the cut, key ones (robots meta, canonical, hreflang, title) first. */
  lost: string[];
  /** Bytes read are a lower bound (the body did not end). */
  bytesLowerBound: boolean;
  /** Googlebot's robots.txt verdict: allowed, with the deciding line and rule. */
  robots: { allowed: boolean; line: number | null; rule: string | null; robotsUrl: string; outcome: string } | null;
  canonical: string | null;
  /** Where the noindex that counts is written: a header or tag, as text. */
  noindex: string[];
  /**
   * A meta refresh that sends the page elsewhere (Google's permanent or temporary redirect), with
   * its reason in the report's words; null when there is none (or it only reloads the page).
   */
  metaRefresh: { kind: 'instant' | 'delayed'; delaySeconds: number; target: string; message: string } | null;
  /**
   * The page's structured data: counts, and per item its types, status, verdict and first errors
   * (the summary's input); null when it was not checked (not HTML, not fetched).
   */
  structured: { items: number; errors: number; warnings: number; lost: number; rendered: number; list: SummaryItem[] } | null;
}

/** Errors kept per item in a row (the report has all of them). */
const ROW_FINDINGS = 3;

const KEY = /^<(meta|link|title)\b/;

/** The table row of one report: a view of it, never more than it says. */
export function siteRow(r: Report): SiteRow {
  const g = r.robots?.verdicts.find((v) => v.token === 'Googlebot') ?? null;
  const decisive = r.reasons.filter((x) => x.severity === 'block');
  const why = (decisive.length ? decisive : r.reasons.filter((x) => x.severity === 'risk')).map((x) => x.code);
  const noindex = r.reasons
    .filter((x) => x.code === 'noindex' || x.code === 'conflictNoindexBlocked')
    .flatMap((x) => x.sources)
    .map((s) => (s.kind === 'header' ? `${s.name}: ${s.value}` : s.kind === 'tag' ? s.html : ''))
    .filter(Boolean);
  const lost = r.bytes ? [...r.bytes.lost].sort((a, b) => Number(!KEY.test(a.item)) - Number(!KEY.test(b.item)) || a.offset - b.offset).map((l) => l.item) : [];
  const m = r.metaRefresh ?? null;
  const refreshReason = r.reasons.find((x) => x.code === 'metaRefreshInstant' || x.code === 'metaRefreshDelayed');
  const metaRefresh =
    m && (m.kind === 'instant' || m.kind === 'delayed') && refreshReason
      ? { kind: m.kind, delaySeconds: m.delaySeconds, target: m.target, message: refreshReason.message }
      : null;
  return {
    url: r.siteCheck?.requestedUrl ?? r.url,
    finalUrl: r.url,
    sitemap: r.siteCheck?.sitemap ?? null,
    verdict: r.verdict,
    why,
    status: r.status?.code ?? null,
    redirects: r.redirects.length,
    error: r.siteCheck?.error ?? null,
    bytes: r.bytes ? r.bytes.headerBytes + r.bytes.bodyBytes : null,
    limit: r.bytes?.limit ?? null,
    truncated: r.bytes?.truncated ?? false,
    cutOffset: r.bytes?.cutOffset ?? null,
    lost,
    bytesLowerBound: r.siteCheck?.bodyComplete === false,
    robots: g && r.robots ? { allowed: g.allowed, line: g.line, rule: g.rule, robotsUrl: r.robots.robotsUrl, outcome: r.robots.outcome } : null,
    canonical: r.canonical.url,
    noindex: [...new Set(noindex)],
    metaRefresh,
    structured: r.structuredData
      ? {
          ...r.structuredData.counts,
          list: r.structuredData.items.map((i) => ({
            types: i.types,
            status: i.status,
            verdict: i.verdict,
            findings: i.findings.filter((f) => f.severity === 'error').slice(0, ROW_FINDINGS).map((f) => ({ code: f.code, severity: f.severity, path: f.path, params: f.params })),
          })),
        }
      : null,
  };
}
