import type { ProbeResult, ValidatorLint } from '../caching';
import type { Header, RedirectHop } from '../core';
import { tokenVerdicts, type IndexabilityResult, type MetaRefresh, type BytesInput } from '../indexability';
import { reportOtherCrawlers } from './reportOtherCrawlers';
import { evaluateReportForGoogle, type ParsedRobotsTxt, type RobotsReport } from '../robots';
import { evaluateReportForCrawlers } from '../crawlers';
import type { ComparisonSummary } from '../compare';
import { paramText } from '../i18n';
import { reportCompare } from './reportCompare';
import { reportRender } from './reportRender';
import type { RenderResult } from '../render';
import type { LiveFetchReport } from '../livefetch';
import type { LlmsTxtReport } from '../llmstxt';
import { evaluatePreferences, preferenceFindings } from '../aipref';
import { reportAiPreferences } from './reportAiPreferences';
import { reportLiveFetch } from './reportLiveFetch';
import { reportLlmsTxt } from './reportLlmsTxt';
import type { SdReport } from '../structured';
import { reportStructured } from './reportStructured';
import { REPORT_SCHEMA_ID, REPORT_VERSION, type Reason, type Report, type ReportMetaRefresh, type ReportReason, type ReportSiteCheck, type Translate } from './types';

export interface ReportInput {
  generator: string;
  url: string;
  fetchedAt: number | null;
  generatedAt: number;
  status: { code: number; line: string } | null;
  redirects: RedirectHop[];
  headers: Header[] | null;
  result: IndexabilityResult;
  robots: { report: RobotsReport; parsed: ParsedRobotsTxt | null } | null;
  bytes: BytesInput | null;
  caching: { lint: ValidatorLint; probes: ProbeResult[] } | null;
  /** The last mobile vs desktop comparison of this URL (getCompareSummary), or null. */
  compare: ComparisonSummary | null;
  /** The site check's account of how it requested the URL (null or absent elsewhere). */
  siteCheck?: ReportSiteCheck | null;
  /** The last render of this URL as Googlebot (getRenderResult), or null / absent. */
  render?: RenderResult | null;
  /** Add `robots.others` and `aiPreferences`: every other crawler's verdict, and the usage preferences, from the same file (the popup always does). */
  otherCrawlers?: boolean;
  /** The page fetched as each crawler, when it was asked for. */
  liveFetch?: LiveFetchReport | null;
  /** The origin's llms.txt, when it was read. */
  llmsTxt?: LlmsTxtReport | null;
  /** The structured data judged (lib/structured/validate), or null / absent when not checked. */
  structuredData?: SdReport | null;
}

/** The preferences block: robots.txt's lines for `*` and the response's header, with the findings against the same file's verdicts. */
function aiPreferencesOf(input: ReportInput, t: Translate) {
  const { report, parsed } = input.robots!;
  const prefs = evaluatePreferences(report.outcome.kind === 'parse' ? parsed : null, input.url, { headers: input.headers });
  const findings = preferenceFindings(prefs, evaluateReportForGoogle(report, input.url, parsed ?? undefined), evaluateReportForCrawlers(report, input.url, parsed ?? undefined));
  return reportAiPreferences(prefs, findings, t);
}

const iso = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString());

export function reportReason(r: Reason, t: Translate, prefix: string): ReportReason {
  return { code: r.code, severity: r.severity, params: r.params.map(paramText), message: t(`${prefix}.${r.code}`, r.params), sources: r.sources };
}

function metaRefreshOf(m: MetaRefresh | null): ReportMetaRefresh | null {
  if (!m) return null;
  return { kind: m.kind, delaySeconds: m.delay, href: m.href, target: m.target, content: m.content, from: m.where };
}

/** The whole report as one JSON-ready object (schema: docs/report-schema.json). */
export function buildReport(input: ReportInput, t: Translate): Report {
  const { result } = input;
  const d = result.directives;
  const ua = d.unavailableAfter.filter((u) => u.at !== null).sort((a, b) => a.at! - b.at!)[0];
  return {
    $schema: REPORT_SCHEMA_ID,
    version: REPORT_VERSION,
    generator: input.generator,
    url: input.url,
    fetchedAt: iso(input.fetchedAt),
    generatedAt: iso(input.generatedAt)!,
    status: input.status,
    redirects: input.redirects.map((r) => ({ url: r.url, statusCode: r.statusCode, location: r.location })),
    headers: input.headers,
    verdict: result.verdict,
    reasons: result.reasons.map((r) => reportReason(r, t, 'indexability.reason')),
    directives: {
      noindex: d.noindex.length > 0,
      nofollow: d.nofollow.length > 0,
      nosnippet: d.nosnippet.length > 0,
      noimageindex: d.noimageindex.length > 0,
      notranslate: d.notranslate.length > 0,
      indexifembedded: d.indexifembedded.length > 0,
      maxSnippet: d.maxSnippet?.value ?? null,
      maxImagePreview: d.maxImagePreview?.value ?? null,
      maxVideoPreview: d.maxVideoPreview?.value ?? null,
      unavailableAfter: ua ? iso(ua.at) : null,
    },
    canonical: {
      url: result.canonical,
      links: result.canonicals.map((c) => ({ from: c.from, href: c.href, resolved: c.resolved, inBody: c.inBody })),
    },
    hreflang: result.hreflang.map((h) => ({ lang: h.lang, href: h.href, resolved: h.resolved, from: h.from })),
    metaRefresh: metaRefreshOf(result.metaRefresh),
    robots: input.robots
      ? {
          robotsUrl: input.robots.report.robotsUrl,
          fileStatus: input.robots.report.status,
          outcome: input.robots.report.outcome.kind,
          fromCache: input.robots.report.fromCache,
          verdicts: tokenVerdicts(input.robots.report, input.robots.parsed, input.url),
          ...(input.otherCrawlers ? { others: reportOtherCrawlers(input.robots.report, input.robots.parsed, input.url) } : {}),
        }
      : null,
    bytes: input.bytes
      ? {
          headerBytes: input.bytes.headerBytes,
          bodyBytes: input.bytes.bodyBytes,
          limit: input.bytes.limit,
          truncated: input.bytes.truncated,
          cutOffset: input.bytes.cutOffset,
          lost: input.bytes.lost.slice(0, 500).map((l) => ({ item: l.item, offset: l.offset })),
        }
      : null,
    caching: input.caching
      ? {
          etag: input.caching.lint.etag?.value ?? null,
          lastModified: input.caching.lint.lastModified?.value ?? null,
          googleUses: input.caching.lint.googleUses,
          findings: [...input.caching.lint.findings, ...input.caching.probes.map((p) => p.finding)].map((f) => reportReason(f, t, 'caching.finding')),
          probes: input.caching.probes.map((p) => ({
            header: p.request.header,
            value: p.request.value,
            outcome: p.outcome,
            status: p.response?.status ?? null,
            etag: p.response?.etag ?? null,
            durationMs: p.response?.durationMs ?? null,
            error: p.error,
          })),
        }
      : null,
    compare: reportCompare(input.compare, t),
    render: reportRender(input.render ?? null, t),
    structuredData: reportStructured(input.structuredData ?? null, t),
    siteCheck: input.siteCheck ?? null,
    ...(input.robots && input.otherCrawlers ? { aiPreferences: aiPreferencesOf(input, t) } : {}),
    ...(input.liveFetch ? { liveFetch: reportLiveFetch(input.liveFetch, t) } : {}),
    ...(input.llmsTxt ? { llmsTxt: reportLlmsTxt(input.llmsTxt, t) } : {}),
  };
}
