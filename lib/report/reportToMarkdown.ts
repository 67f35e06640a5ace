import { severityLabel } from './severityLabel';
import type { Source } from '../indexability';
import type { Report, ReportAiPreferences, ReportCompare, ReportLiveFetch, ReportLlmsTxt, ReportOtherCrawler, ReportReason, ReportRender, ReportStructuredData, Translate } from './types';
import { structuredSummary } from './reportStructured';
import { agentKey } from './reportCompare';
import { GOOGLE_CRAWLERS } from '../robots';
import { verdictText } from './verdictText';
import { purposeKey } from '../crawlers';

/** A group's user-agent as Google spells the token (the verdict keeps it lower-cased). */
const tokenName = (ua: string) => GOOGLE_CRAWLERS.find((c) => c.token.toLowerCase() === ua.toLowerCase())?.token ?? ua;

/** Inline code that survives any backticks in page content. */
export function mdCode(s: string): string {
  const text = s.replace(/[\r\n]+/g, ' ');
  let fence = '`';
  while (text.includes(fence)) fence += '`';
  const pad = text.startsWith('`') || text.endsWith('`') || text === '' ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Evidence as one line of text (UI and Markdown share it). */
export function sourceText(s: Source, t: Translate): string {
  switch (s.kind) {
    case 'status':
      return t('report.source.status', [String(s.statusCode), s.statusLine]);
    case 'redirect':
      return t('report.source.redirect', [String(s.statusCode), s.url, s.location]);
    case 'header':
      return t('report.source.header', [`${s.name}: ${s.value}`]);
    case 'tag':
      return t(s.where === 'live' ? 'report.source.tagLive' : 'report.source.tagServed', [s.html]);
    case 'robotsTxt':
      // No line decided: either a group applied and none of its rules matched, or the file itself (missing, unreachable) did.
      if (s.line !== null) return t('report.source.robotsLine', [s.url, s.line, s.rule ?? '']);
      return s.userAgent ? t('report.source.robotsNoRule', [s.url, tokenName(s.userAgent)]) : t('report.source.robotsFile', [s.url]);
    case 'bytes':
      return s.item === null ? t('report.source.cut', [s.offset, s.limit]) : t('report.source.bytes', [s.item, s.offset, s.limit]);
    case 'page':
      return t('report.source.page', [s.text]);
  }
}

const reasonLines = (rs: ReportReason[], t: Translate): string[] =>
  rs.flatMap((r) => [
    `- **${t(`report.severity.${r.severity}`)}** — ${r.message}`,
    ...r.sources.map((s) => `  - ${mdCode(sourceText(s, t))}`),
  ]);

/** The "Mobile vs desktop" section: both answers, then each difference with both values, then the findings. */
function compareLines(c: ReportCompare, t: Translate): string[] {
  const out = [`- ${t('report.md.comparedAt', [{ date: Date.parse(c.comparedAt) }, c.url])}`];
  for (const a of ['mobile', 'desktop'] as const) {
    const g = c.agents[a];
    out.push(`- ${t('report.md.compareAgent', [t(agentKey(a)), g.status === null ? '—' : String(g.status), mdCode(g.finalUrl), g.bodyBytes])}`);
  }
  if (c.identical) out.push(`- ${t('report.md.compareIdentical')}`);
  for (const d of c.differences) {
    out.push(`- **${severityLabel(d.severity, t)}** ${t(`compare.field.${d.field}`)} — ${d.message}`);
    out.push(`  - ${t(agentKey('mobile'))}: ${d.mobile ? mdCode(d.mobile) : '—'}`, `  - ${t(agentKey('desktop'))}: ${d.desktop ? mdCode(d.desktop) : '—'}`);
  }
  for (const f of c.findings) out.push(`- **${severityLabel(f.severity, t)}** — ${f.message}`);
  return out;
}

/** The "Rendered as Googlebot" section: when and as whom, why it ended, then each difference with its cause. */
function renderLines(r: ReportRender, t: Translate): string[] {
  const agent = t(r.agent === 'smartphone' ? 'render.agentSmartphone' : 'render.agentDesktop');
  const out = [`- ${t('report.md.renderedAt', [{ date: Date.parse(r.renderedAt) }, agent, r.finalUrl])}`];
  out.push(`- ${t(`render.stopped.${r.stoppedBecause}`, [r.stoppedBecause === 'time-limit' ? r.limits.timeMs / 1000 : (r.document?.noindex ?? r.error ?? '')])}`);
  if (r.visitor?.rendered) out.push(`- ${t('report.md.renderVisitor', [r.visitor.userAgent, t(`render.stopped.${r.visitor.stoppedBecause}`, [r.limits.timeMs / 1000])])}`);
  else if (r.visitor?.error) out.push(`- ${t('render.noVisitor', [r.visitor.error])}`);
  if (r.rendered && !r.differences.length) out.push(`- ${t(r.visitor?.rendered ? 'report.md.renderSame' : 'report.md.renderSameAsServed')}`);
  for (const d of r.differences) {
    out.push(`- **${severityLabel(d.severity, t)}** ${t(`render.field.${d.field}`)} — ${d.message}`);
    if (d.cause) out.push(`  - ${t('report.md.renderCause', [d.cause.message])}`);
  }
  for (const x of r.experiments) out.push(`- ${t('render.experiment', [x.message, x.explained, t(`render.stopped.${x.stoppedBecause}`, [r.limits.timeMs / 1000])])}`);
  return out;
}

/** The "Structured data" section: the summary line, each item with its place, status and verdict, its findings with path and line, then the problems. */
export function structuredLines(sd: ReportStructuredData, t: Translate): string[] {
  const out = [`- ${structuredSummary(sd.items, t)}`];
  for (const it of sd.items) {
    const place = it.byte === null ? t('structured.md.placeRendered', [it.line]) : t('structured.md.place', [it.line, it.responseByte ?? it.byte]);
    out.push(`- **${it.types.join(', ') || '?'}** — ${t(`structured.format.${it.format}`)}, ${place}, ${t(`structured.status.${it.status}`)}: ${t(`structured.verdict.${it.verdict}`)}`);
    for (const f of it.findings) out.push(`  - ${t(`structured.severity.${f.severity}`)}${f.path ? ` ${mdCode(f.path)}` : ''} (${t('report.md.line', [f.line])}): ${f.message}`);
  }
  for (const p of sd.problems) out.push(`- **${t(`structured.severity.${p.severity}`)}** ${p.line !== null ? `(${t('report.md.line', [p.line])}) ` : ''}${p.message}`);
  out.push(`- ${t('structured.md.vocabulary', [sd.vocabulary])}`);
  return out;
}

/** "Who else may read this page": each other crawler, its operator and purpose, its verdict and the deciding line. */
function otherLines(others: ReportOtherCrawler[], t: Translate): string[] {
  return [
    `_${t('crawlers.fetchedAsGooglebot')}_`,
    '',
    ...others.map((o) => {
      const verdict =
        o.verdict === 'may-not-apply' ? t('crawlers.mayNotApply') : t(o.verdict === 'allowed' ? 'report.md.allowed' : 'report.md.disallowed');
      const via = o.group === 'fallback' && o.groupToken ? `, ${t('crawlers.throughGroup', [o.groupToken])}` : '';
      const line = o.line !== null ? ` (${t('report.md.line', [o.line])} ${mdCode(o.rule ?? '')}${via})` : via ? ` (${via.slice(2)})` : '';
      return `- ${mdCode(o.token)} — ${o.operator}, ${t(purposeKey(o.purpose))}: ${verdict}${line}`;
    }),
  ];
}

const prefValue = (v: 'y' | 'n' | 'unknown', t: Translate) => t(`aipref.value.${v}`);

/** "AI usage preferences": each purpose with its answer and the lines or header it comes from, then notes and findings. */
function preferenceLines(p: ReportAiPreferences, t: Translate): string[] {
  const out: string[] = [];
  if (!p.crawlable) out.push(`- ${t('aipref.notCrawlable')}`);
  for (const x of p.purposes) {
    const from = x.statements.map((s) => `${mdCode(s.text)}${s.line !== null ? ` (${t('report.md.line', [s.line])})` : ''}`).join(', ');
    out.push(`- ${t(`aipref.purpose.${x.purpose}`)}: **${prefValue(x.value, t)}**${from ? ` — ${from}` : ''}`);
  }
  for (const f of p.findings) out.push(`- **${t(`aipref.severity.${f.severity}`)}** — ${f.message}`);
  for (const d of p.diagnostics) out.push(`- ${d.line !== null ? `${t('report.md.line', [d.line])}: ` : ''}${d.message}`);
  return out;
}

/** "Fetched as each crawler": one line per crawler, then the findings and what it cannot prove. */
function liveLines(l: ReportLiveFetch, t: Translate): string[] {
  const out = [`- ${t('report.md.liveAt', [{ date: Date.parse(l.fetchedAt) }, l.url])}`];
  for (const r of l.results) {
    const what = r.comparison === 'not-fetched' ? t(`livefetch.notFetched.${r.notFetched}`) : r.error ? r.error.message : t(`livefetch.comparison.${r.comparison}`);
    const status = r.status === null ? '' : ` — HTTP ${r.status}, ${t('livefetch.bytes', [r.bytes])}`;
    const markers = r.markers.length ? ` (${r.markers.map((m) => `${m.vendor}: ${mdCode(m.name)}`).join(', ')})` : '';
    out.push(`- ${mdCode(r.token)}: ${what}${status}${markers}`);
  }
  for (const f of l.findings) out.push(`- **${t(`aipref.severity.${f.severity}`)}** — ${f.message}`);
  out.push('', `_${l.caveat}_`);
  return out;
}

function llmsLines(l: ReportLlmsTxt, t: Translate): string[] {
  const out = [`- ${mdCode(l.url)} — ${l.status ?? '—'}: ${t(`llms.outcome.${l.outcome}`)}`];
  if (l.outcome === 'found') out.push(`- ${t('llms.size', [l.bytes])}`);
  if (l.error) out.push(`- ${l.error.message}`);
  if (l.wellFormed !== null) out.push(`- ${t(l.wellFormed ? 'llms.wellFormed' : 'llms.notWellFormed')} — ${t('llms.counts', [l.sections.length, l.links])}`);
  for (const p of l.problems) out.push(`  - ${p.line !== null ? `${t('report.md.line', [p.line])}: ` : ''}${p.message}`);
  return out;
}

/** The report as Markdown (for "Copy as Markdown"); all words come through `t`. */
export function reportToMarkdown(r: Report, t: Translate): string {
  const out: string[] = [];
  out.push(`# ${t('report.md.title')} — ${r.url}`, '');
  out.push(`**${verdictText(r.verdict, t)}**`, '');
  out.push(`- ${t('report.md.generatedAt', [{ date: Date.parse(r.generatedAt) }, r.generator])}`);
  out.push(`- ${r.fetchedAt ? t('report.md.fetchedAt', [{ date: Date.parse(r.fetchedAt) }]) : t('report.md.notRecorded')}`);
  out.push(`- ${t('report.md.status', [r.status ? `${r.status.code} ${r.status.line}`.trim() : '—'])}`);
  for (const h of r.redirects) out.push(`- ${t('report.md.redirect', [String(h.statusCode), h.url, h.location])}`);
  out.push('', `## ${t('report.md.reasons')}`, '', ...reasonLines(r.reasons, t));
  out.push('', `## ${t('report.md.canonical')}`, '', `- ${r.canonical.url ? mdCode(r.canonical.url) : '—'}`);
  if (r.hreflang.length) {
    out.push('', `## ${t('report.md.hreflang')}`, '');
    for (const h of r.hreflang) out.push(`- ${mdCode(h.lang)} ${mdCode(h.resolved ?? h.href)}`);
  }
  if (r.robots) {
    out.push('', `## ${t('report.md.robots')}`, '', `- ${mdCode(r.robots.robotsUrl)} — ${r.robots.fileStatus ?? '—'}`);
    for (const v of r.robots.verdicts) {
      out.push(`- ${mdCode(v.token)}: ${t(v.allowed ? 'report.md.allowed' : 'report.md.disallowed')}${v.line !== null ? ` (${t('report.md.line', [v.line])} ${mdCode(v.rule ?? '')})` : ''}`);
    }
    if (r.robots.others?.length) out.push('', `### ${t('crawlers.heading')}`, '', ...otherLines(r.robots.others, t));
    if (r.aiPreferences) out.push('', `### ${t('aipref.heading')}`, '', ...preferenceLines(r.aiPreferences, t));
  }
  if (r.liveFetch) out.push('', `## ${t('livefetch.heading')}`, '', ...liveLines(r.liveFetch, t));
  if (r.llmsTxt) out.push('', `## ${t('llms.heading')}`, '', ...llmsLines(r.llmsTxt, t));
  if (r.bytes) {
    out.push('', `## ${t('report.md.bytes')}`, '');
    out.push(`- ${t('report.md.bytesLine', [r.bytes.headerBytes, r.bytes.bodyBytes, r.bytes.limit])}`);
    if (r.bytes.truncated) out.push(`- ${t('report.md.cutAt', [r.bytes.cutOffset ?? ''])}`);
    for (const l of r.bytes.lost.slice(0, 50)) out.push(`  - ${mdCode(l.item)} @ ${l.offset}`);
  }
  if (r.caching) {
    out.push('', `## ${t('report.md.caching')}`, '');
    out.push(`- ETag: ${r.caching.etag ? mdCode(r.caching.etag) : '—'}`);
    out.push(`- Last-Modified: ${r.caching.lastModified ? mdCode(r.caching.lastModified) : '—'}`);
    out.push(...reasonLines(r.caching.findings, t));
  }
  if (r.compare) out.push('', `## ${t('report.md.compare')}`, '', ...compareLines(r.compare, t));
  if (r.render) out.push('', `## ${t('report.md.render')}`, '', ...renderLines(r.render, t));
  if (r.structuredData) out.push('', `## ${t('structured.heading')}`, '', ...structuredLines(r.structuredData, t));
  if (r.headers) {
    out.push('', `## ${t('report.md.headers')}`, '', '```http');
    for (const h of r.headers) out.push(`${h.name}: ${h.value}`.replace(/```/g, '`\u200b``'));
    out.push('```');
  }
  return out.join('\n') + '\n';
}
