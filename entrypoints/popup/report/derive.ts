// What the popup's views compute from the one report object, as pure functions of it: the
// verdict's input, what is still pending, the sizes the response and byte sections show, the
// summary lines (as message keys and parameters), the badge. No browser, no store, no messages:
// unit-tested in tests/unit/popup/derive.test.ts.
import { structuredSummaryMessages, type StructuredMessage } from '../../../lib/report';
import { headerValue, mediaType, type MainFrameRecord } from '../../../lib/core';
import { navigationMeasuresBody, PDF_LIMIT, type BytesPageReport } from '../../../lib/bytes';
import { evaluatePreferences, preferenceFindings, type AiPreferences, type PrefFinding } from '../../../lib/aipref';
import { countHeaderBytes } from '../../../lib/crawl';
import { indexabilityVerdict, ruleText, type IndexabilityResult, type VerdictOptions, type Verdict } from '../../../lib/indexability';
import { lintValidators, type ProbeResult } from '../../../lib/caching';
import type { Severity as CompareSeverity } from '../../../lib/compare';
import type { MessageParam } from '../../../lib/i18n';
import type { TabSnapshot } from '../../../utils/protocol';
import { isHtml } from '../../../lib/html';
import { countBlocked, type CountedGroup } from '../../../lib/crawlers';
import { settled, VERDICT_STEPS, type TabReport, type VerdictStep } from './types';
import type { RenderCause, RenderDifference } from '../../../lib/render';


/** The response's media type: the Content-Type it was sent with, else what the document says it is. */
export function responseMediaType(record: MainFrameRecord | null, facts: TabSnapshot['facts']): string | null {
  return mediaType((record && headerValue(record.headers, 'content-type')) ?? facts?.contentType ?? null);
}

/** Is the response HTML (lib/html's one answer; a document of unknown type is read as HTML)? Only then is there a DOM worth reading. */
export function isHtmlResponse(record: MainFrameRecord | null, facts: TabSnapshot['facts']): boolean {
  return isHtml(responseMediaType(record, facts));
}

/** The response's header bytes as HTTP/1.1 text, or null when the headers are not known. */
export function headerBytesOf(record: MainFrameRecord | null): number | null {
  return record && !record.error ? countHeaderBytes(record.statusLine, record.headers, record.statusCode) : null;
}

/**
 * The tab's load timing (Navigation Timing) measures this response: the document is the one the
 * response was loaded as (the History API did not move it) and the browser shows it as a document,
 * not in its own viewer (a PDF: the timing entry is the viewer's page).
 */
export function navigationIsResponse(r: TabReport): boolean {
  const record = r.response.value?.record ?? null;
  return r.movedFrom === null && r.snapshot.facts?.navigation != null && navigationMeasuresBody(responseMediaType(record, r.snapshot.facts));
}

/** The verdict's input from the report: one options object for the one verdict function. */
export function verdictInput(r: TabReport, now: number): VerdictOptions {
  const record = r.response.value?.record ?? null;
  const fallbackStatus = r.snapshot.facts?.navigation?.responseStatus;
  return {
    url: r.url,
    status: record && record.statusCode ? { code: record.statusCode, line: record.statusLine } : fallbackStatus ? { code: fallbackStatus, line: '' } : null,
    headers: record ? record.headers : null,
    redirects: record?.redirects ?? [],
    served: r.served.value,
    live: r.live.value,
    robots: r.robots.value ? { report: r.robots.value.report, parsed: r.robots.value.parsed } : null,
    bytes: r.bytes.value?.input ?? null,
    canonicalTarget: r.canonical.value,
    fromCache: record?.fromCache ?? false,
    now,
  };
}

/** The steps the verdict still waits for (each within its time limit). */
export const verdictPending = (r: TabReport): VerdictStep[] => VERDICT_STEPS.filter((k) => !settled(r[k]));

/** The verdict steps other than the response that failed or ran out of time (said in words; the verdict stands on the rest). */
export const verdictStepsEnded = (r: TabReport): VerdictStep[] =>
  VERDICT_STEPS.filter((k) => k !== 'response' && (r[k].status === 'failed' || r[k].status === 'timeout'));

/** The toolbar badge's verdict: the screen's own, once every step of it has ended; null before (or for a tab that cannot be inspected). */
export function badgeVerdict(r: TabReport, now: number): { verdict: Verdict; robotsKnown: boolean } | null {
  if (!r.snapshot.inspectable.ok || verdictPending(r).length) return null;
  // robots.txt may have failed or timed out: the badge then shows only what it cannot change.
  return { verdict: indexabilityVerdict(verdictInput(r, now)).verdict, robotsKnown: r.robots.value !== null };
}

/** The sizes the response section shows: the body uncompressed, and as transferred when encoded. */
export interface ResponseSizes {
  /** Uncompressed body bytes, or null when not known. */
  decoded: number | null;
  /** Body bytes as transferred (compressed), when the browser measured them. */
  encoded: number | null;
  encoding: string | null;
}

export function responseSizes(r: TabReport): ResponseSizes {
  const facts = r.snapshot.facts;
  const nav = facts?.navigation ?? null;
  const record = r.response.value?.record ?? null;
  const sentEncoding = (record && headerValue(record.headers, 'content-encoding')) || null;
  if (facts !== null && navigationMeasuresBody(responseMediaType(record, facts))) {
    // The load's own sizes belong to the document the tab loaded, which is this URL unless the History API moved it.
    if (r.movedFrom !== null) return { decoded: null, encoded: null, encoding: sentEncoding };
    return { decoded: nav?.decodedBodySize ?? null, encoded: nav?.encodedBodySize ?? null, encoding: nav?.contentEncoding || sentEncoding };
  }
  // The tab shows the browser's viewer (a PDF), or no page script could measure it: the size is the
  // one the byte step read from the response itself.
  const input = r.bytes.value?.input;
  return { decoded: input && input.complete !== false ? input.bodyBytes : null, encoded: null, encoding: sentEncoding };
}

/** The byte section's figures: headers, body, total and the limit, from the analysis when there is one. */
export interface BytesFigures {
  headerBytes: number | null;
  bodyBytes: number | null;
  total: number | null;
  limit: number;
  over: boolean;
  /** Reading stopped early (the body was still arriving at the time limit): sizes are lower bounds. */
  partial: boolean;
  /** The limit is Googlebot's 64 MB for PDFs. */
  pdf: boolean;
  /** The analysis shown: the user's "Find the cut", else the verdict's own. */
  page: BytesPageReport | null;
}

export function bytesFigures(r: TabReport): BytesFigures {
  const record = r.response.value?.record ?? null;
  const headerBytes = headerBytesOf(record);
  const page = r.cut.value ?? r.bytes.value?.page ?? null;
  const input = r.bytes.value?.input ?? null;
  const contentLength = record && !headerValue(record.headers, 'content-encoding') ? Number(headerValue(record.headers, 'content-length') ?? NaN) : NaN;
  // Before anything is read: the browser's own measurement (when it is of this response), else the Content-Length sent.
  const early = (navigationIsResponse(r) && r.snapshot.facts?.navigation?.decodedBodySize) || (Number.isFinite(contentLength) ? contentLength : null);
  const bodyBytes = page ? page.read.fetchedBytes : input ? input.bodyBytes : early;
  const total = bodyBytes !== null ? (headerBytes ?? 0) + bodyBytes : null;
  const partial = page ? !page.read.complete : input?.complete === false;
  const pdf = r.limit === PDF_LIMIT && responseMediaType(record, null) === 'application/pdf';
  return { headerBytes, bodyBytes, total, limit: r.limit, over: total !== null && total > r.limit, partial, pdf, page };
}

// ── the first screen: one line per question, as a message key and its parameters ─────────────

export type SummaryId = 'verdict' | 'bytes' | 'robots' | 'others' | 'caching' | 'compare' | 'render' | 'structured';

/** A parameter the summary's words need beyond a plain message parameter: a share, a list, a moment, a severity, another message. */
export type SummaryParam =
  | MessageParam
  | { percent: number }
  | { list: string[] }
  | { when: number }
  | { severity: CompareSeverity }
  | { key: string }
  /** Messages with their parameters, in words and joined as a list. */
  | { messages: { key: string; params: MessageParam[] }[] }
  /** A structured data message whose parameters may be messages (lib/report structuredSummaryMessages). */
  | { message: StructuredMessage };

/** One piece of a summary line's text: a message and its parameters. */
export interface SummaryPart {
  key: string;
  params: SummaryParam[];
}

export interface SummaryFact {
  id: SummaryId;
  /** The section the line leads to. */
  section: string;
  label: string;
  /** checking: not known yet; ok / warn / bad: the answer's colour; info: known, neither good nor bad. */
  state: 'checking' | 'ok' | 'warn' | 'bad' | 'info';
  /** The line's text: these parts joined with "; ". */
  parts: SummaryPart[];
}

/** Other blocked tokens are named when there are at most this many. */
const NAME_AT_MOST = 3;

const part = (key: string, params: SummaryParam[] = []): SummaryPart => ({ key: `summary.${key}`, params });
const fact = (id: SummaryId, state: SummaryFact['state'], ...parts: SummaryPart[]): SummaryFact => ({ id, section: id, label: `summary.${id}Label`, state, parts });
const checking = (id: SummaryId) => fact(id, 'checking', part('checking'));

function verdictFact(r: TabReport, result: IndexabilityResult): SummaryFact {
  if (verdictPending(r).length) return checking('verdict');
  const blocks = result.reasons.filter((x) => x.severity === 'block').length;
  const risks = result.reasons.filter((x) => x.severity === 'risk').length;
  if (result.verdict === 'not-indexable') return fact('verdict', 'bad', part('notIndexable', [blocks]));
  if (result.verdict === 'at-risk') return fact('verdict', 'warn', part('atRisk', [risks]));
  return fact('verdict', 'ok', part('indexable'));
}

function bytesFact(r: TabReport): SummaryFact {
  const step = r.bytes;
  if (step.status === 'pending' || r.response.status === 'pending') return checking('bytes');
  const input = step.value?.input;
  if (!input) return fact('bytes', 'info', step.status === 'timeout' ? part('bytesTookLonger', [step.limitMs / 1000]) : part('bytesUnknown'));
  const total = input.headerBytes + input.bodyBytes;
  const share = total / input.limit;
  if (input.truncated && input.cutOffset !== null) {
    // A body still arriving when reading stopped: its size is a lower bound, the cut is exact.
    if (input.complete === false) return fact('bytes', 'bad', part('bytesOverAtLeast', [total, input.limit, input.cutOffset]));
    return fact('bytes', 'bad', part('bytesOver', [total, input.limit, { percent: share }, input.cutOffset]));
  }
  return fact('bytes', share >= 0.9 ? 'warn' : 'ok', part('bytesWithin', [total, input.limit, { percent: share }]));
}

function robotsFact(r: TabReport): SummaryFact {
  const step = r.robots;
  if (step.status === 'pending') return checking('robots');
  if (!step.value) {
    return fact('robots', 'info', step.status === 'timeout' ? part('robotsTookLonger', [step.limitMs / 1000]) : part(step.status === 'skipped' ? 'robotsNotHttp' : 'robotsFailed'));
  }
  const [googlebot, ...others] = step.value.verdicts;
  if (!googlebot) return fact('robots', 'info', part('robotsFailed'));
  const rule = ruleText(googlebot.rule);
  const head = googlebot.allowed
    ? rule && googlebot.line !== null
      ? part('robotsAllowedBy', [googlebot.line, rule])
      : part('robotsAllowed')
    : rule && googlebot.line !== null
      ? part('robotsBlockedBy', [googlebot.line, rule])
      : part('robotsUnreachable');
  const blocked = others.filter((v) => !v.allowed).map((v) => v.token);
  const tail = !blocked.length
    ? part('robotsOthersAllowed')
    : blocked.length <= NAME_AT_MOST
      ? part('robotsOthersNamed', [blocked.length, { list: blocked }])
      : part('robotsOthersCount', [blocked.length]);
  return fact('robots', googlebot.allowed ? (blocked.length ? 'info' : 'ok') : 'bad', head, tail);
}

const COUNTED_KEY: Record<CountedGroup, string> = { training: 'crawlers.counted.training', 'ai-search': 'crawlers.counted.aiSearch', search: 'crawlers.counted.search' };

/** Who else may read the page: per group (AI training, AI search, search) how many robots.txt blocks; user-triggered fetchers never count. */
function othersFact(r: TabReport): SummaryFact {
  const step = r.robots;
  if (step.status === 'pending') return checking('others');
  if (!step.value) return fact('others', 'info', part(step.status === 'skipped' ? 'robotsNotHttp' : 'othersUnknown'));
  const parts = countBlocked(step.value.others).map((c) => {
    const name = { key: COUNTED_KEY[c.group] };
    if (c.blocked === 0) return part('othersAllAllowed', [name]);
    if (c.blocked === c.total) return part('othersAllBlocked', [name]);
    return part('othersSomeBlocked', [name, c.blocked, c.total]);
  });
  // Whether others may read the page is the site owner's choice: neither good nor bad.
  return fact('others', 'info', ...parts);
}

const probePart = (p: ProbeResult | undefined): SummaryPart => {
  if (!p) return part('probeNone');
  switch (p.outcome) {
    case 'not-modified':
      return part('probeNotModified');
    case 'etag-changed':
      return part('probeEtagChanged');
    case 'ignored':
      return part('probeIgnored', [String(p.response?.status ?? '')]);
    case 'other':
      return part('probeOther', [String(p.response?.status ?? '')]);
    case 'timeout':
    case 'error':
      return part('probeFailed');
  }
};

function cachingFact(r: TabReport, now: number): SummaryFact {
  const record = r.response.value?.record ?? null;
  if (r.response.status === 'pending') return checking('caching');
  if (!record) return fact('caching', 'info', part('cachingUnknown'));
  const lint = lintValidators(record.headers, now);
  if (lint.googleUses === null) return fact('caching', 'warn', part('cachingNone'));
  const uses = part(lint.googleUses === 'etag' ? 'cachingEtag' : 'cachingLastModified');
  if (r.probes.status === 'pending') return fact('caching', 'checking', uses, part('probeChecking'));
  const header = lint.googleUses === 'etag' ? 'If-None-Match' : 'If-Modified-Since';
  const probe = r.probes.value?.find((p) => p.request.header === header);
  return fact('caching', probe?.outcome === 'not-modified' ? 'ok' : probe ? 'warn' : 'info', uses, probePart(probe));
}

function compareFact(r: TabReport): SummaryFact {
  const step = r.compare;
  if (step.status === 'pending') return checking('compare');
  const s = step.value;
  if (!s) return fact('compare', 'info', part(step.status === 'skipped' ? 'compareNotHttp' : 'compareNotYet'));
  const when = { when: s.comparedAt };
  if (s.identical) return fact('compare', 'ok', part('compareSame', [when]));
  const state = s.worst === 'critical' ? 'bad' : s.worst === 'warning' ? 'warn' : 'info';
  if (!s.fields.length) return fact('compare', state, part('compareFindings', [s.findings.length, when]));
  if (s.worst !== 'critical' && s.worst !== 'warning') return fact('compare', state, part('compareDiffersMinor', [s.fields.length, when]));
  return fact('compare', state, part('compareDiffers', [s.fields.length, { severity: s.worst }, when]));
}

/** What Googlebot misses that a visitor sees, in the summary's short words (summary.renderMiss.<code>). */
const MISSED: Partial<Record<RenderDifference['code'], true>> = { linksMissing: true, headingsMissing: true, textMissing: true, jsonLdMissing: true, hreflangMissing: true, titleDiffers: true, canonicalDiffers: true };

/** A difference's cause in the summary's short words (summary.renderCause.<code>). */
const shortCause = (c: RenderCause): { key: string; params: MessageParam[] } => ({
  key: `summary.renderCause.${c.code}`,
  params: c.code === 'scriptBlocked' || c.code === 'requestBlocked' ? [c.params[2] ?? ''] : c.code === 'cut' ? [c.params[0] ?? 0] : [],
});

function renderFact(r: TabReport): SummaryFact {
  const step = r.render;
  if (step.status === 'pending') return checking('render');
  const x = step.value;
  if (!x) return fact('render', 'info', part(step.status === 'skipped' ? 'renderNotHttp' : 'renderNotYet'));
  const when = { when: x.renderedAt };
  if (x.stoppedBecause === 'robots-blocked') return fact('render', 'bad', part('renderBlocked', [when]));
  if (x.stoppedBecause === 'noindex') return fact('render', 'info', part('renderSkippedNoindex', [when]));
  if (!x.rendered) return fact('render', 'warn', part('renderFailed', [when]));
  if (!x.differences.length) return fact('render', 'ok', part(x.browser ? 'renderSame' : x.visitor?.rendered ? 'renderSameAsVisitor' : 'renderSameAsServed', [when]));
  const causes = (list: readonly RenderDifference[]) => {
    const seen = new Map<string, { key: string; params: MessageParam[] }>();
    for (const d of list) if (d.cause) seen.set(JSON.stringify(shortCause(d.cause)), shortCause(d.cause));
    return { messages: [...seen.values()] };
  };
  // What Googlebot misses, said first: nearly empty, else what is missing and why.
  const empty = x.differences.find((d) => d.code === 'nearlyEmpty');
  if (empty) {
    return empty.cause
      ? fact('render', 'bad', part('renderNearlyEmpty', [empty.params[0] ?? 0, empty.params[1] ?? 0, causes([empty]), when]))
      : fact('render', 'bad', part('renderNearlyEmptyNoCause', [empty.params[0] ?? 0, empty.params[1] ?? 0, when]));
  }
  const missed = x.differences.filter((d) => MISSED[d.code] && d.severity !== 'info');
  if (missed.length) {
    const what = { messages: missed.map((d) => ({ key: `summary.renderMiss.${d.code}`, params: d.params.slice(0, 1) })) };
    return fact('render', 'warn', part('renderMisses', [what, causes(missed), when]));
  }
  const worst = x.differences[0]!.severity;
  const state = worst === 'critical' ? 'bad' : worst === 'warning' ? 'warn' : 'info';
  if (worst === 'info') return fact('render', state, part('renderDiffersMinor', [x.differences.length, when]));
  return fact('render', state, part('renderDiffers', [x.differences.length, { severity: worst }, when]));
}

/** Structured data: per type its verdict ("Product: 1 error (offers.price missing) · BreadcrumbList: eligible"). */
function structuredFact(r: TabReport): SummaryFact {
  const step = r.structured;
  if (step.status === 'pending') return checking('structured');
  if (step.status === 'skipped') return fact('structured', 'info', { key: `structured.skipped.${step.error}`, params: [] });
  if (step.status !== 'done' || !step.value) return fact('structured', 'warn', { key: step.status === 'timeout' ? 'structured.timeout' : 'structured.failed', params: [step.status === 'timeout' ? step.limitMs / 1000 : (step.error ?? '')] });
  const sd = step.value;
  const items = sd.items.map((j) => ({ types: j.item.types, status: j.item.status, verdict: j.verdict, findings: j.findings }));
  const messages = structuredSummaryMessages(items);
  const errors = sd.items.some((j) => j.verdict === 'errors') || sd.problems.some((p) => p.severity === 'error');
  const warnings = sd.items.some((j) => j.verdict === 'warnings' || j.verdict === 'retired') || sd.problems.some((p) => p.severity === 'warning');
  const state = !sd.items.length && !sd.problems.length ? 'info' : errors ? 'bad' : warnings ? 'warn' : 'ok';
  return fact('structured', state, ...messages.map((m) => ({ key: m.key, params: m.params.map((p): SummaryParam => (typeof p === 'object' && 'key' in p ? { message: p } : p)) })));
}

/** The lines of the first screen, in the order they are shown. */
export function summaryFacts(r: TabReport, result: IndexabilityResult, now: number): SummaryFact[] {
  return [verdictFact(r, result), bytesFact(r), robotsFact(r), othersFact(r), cachingFact(r, now), compareFact(r), renderFact(r), structuredFact(r)];
}

/**
 * AI usage preferences for the page (lib/aipref): robots.txt's lines for `*` and the response's
 * Content-Usage header, with the findings against the same file's verdicts; null until robots.txt
 * is known.
 */
export function aiPreferencesOf(r: TabReport): { prefs: AiPreferences; findings: PrefFinding[] } | null {
  const robots = r.robots.value;
  if (!robots) return null;
  const parsed = robots.report.outcome.kind === 'parse' ? robots.parsed : null;
  const prefs = evaluatePreferences(parsed, r.url, { headers: r.response.value?.record.headers ?? null });
  return { prefs, findings: preferenceFindings(prefs, robots.verdicts, robots.others) };
}
