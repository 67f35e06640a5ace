import { paramText } from '../i18n';
import type { RenderResult, RenderSnapshot } from '../render';
import { renderCauseText, renderDifferenceText, renderLiftText } from './renderText';
import type { ReportRender, ReportRenderView, Translate } from './types';

export { renderCauseText } from './renderText';

const view = (s: RenderSnapshot | null): ReportRenderView | null =>
  s && { title: s.title, robots: s.robots, canonical: s.canonical, hreflang: s.hreflang, headings: s.headings, words: s.words, blocks: s.blocks, links: s.links, jsonLdTypes: s.jsonLdTypes, html: s.html, htmlCapped: s.htmlCapped };

const resources = (list: RenderResult['resources']) =>
  list.map((x) => ({ url: x.url, kind: x.kind, method: x.method, outcome: x.outcome, status: x.status, bytes: x.bytes, keptBytes: x.keptBytes, robots: x.robots, error: x.error }));

/** The report's `render` field from the last render of the URL (null: none was run). */
export function reportRender(r: RenderResult | null, t: Translate): ReportRender | null {
  if (!r) return null;
  return {
    url: r.url,
    finalUrl: r.finalUrl,
    agent: r.agent,
    userAgent: r.userAgent,
    renderedAt: new Date(r.renderedAt).toISOString(),
    durationMs: r.durationMs,
    stoppedBecause: r.stoppedBecause,
    skippedNoindex: r.skippedNoindex,
    forced: r.forced,
    limits: r.limits,
    document: r.document,
    served: view(r.served),
    rendered: view(r.rendered),
    visitor: r.visitor && {
      userAgent: r.visitor.userAgent,
      stoppedBecause: r.visitor.stoppedBecause,
      durationMs: r.visitor.durationMs,
      document: r.visitor.document,
      rendered: view(r.visitor.rendered),
      resources: resources(r.visitor.resources),
      page: r.visitor.page,
      error: r.visitor.error,
    },
    browser: view(r.browser),
    resources: resources(r.resources),
    console: r.console,
    differences: r.differences.map((d) => ({
      code: d.code,
      field: d.field,
      severity: d.severity,
      params: d.params.map(paramText),
      samples: d.samples,
      more: d.more,
      message: renderDifferenceText(d, t),
      cause: d.cause
        ? {
            code: d.cause.code,
            params: d.cause.params.map(paramText),
            evidence: d.cause.evidence,
            candidates: (d.cause.candidates ?? []).map((c) => ({ code: c.code, params: c.params.map(paramText), message: renderCauseText({ code: c.code, params: c.params }, t) })),
            message: renderCauseText(d.cause, t),
          }
        : null,
    })),
    experiments: r.experiments.map((x) => ({ lift: x.lift, stoppedBecause: x.stoppedBecause, durationMs: x.durationMs, explained: x.explained, message: renderLiftText(x.lift, t) })),
    page: r.page,
    error: r.error,
  };
}
