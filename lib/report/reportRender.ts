import { paramText } from '../i18n';
import type { RenderCause, RenderResult, RenderSnapshot } from '../render/types';
import type { ReportRender, ReportRenderView, Translate } from './types';

const view = (s: RenderSnapshot | null): ReportRenderView | null =>
  s && { title: s.title, robots: s.robots, canonical: s.canonical, hreflang: s.hreflang, headings: s.headings, words: s.words, links: s.links, jsonLdTypes: s.jsonLdTypes, html: s.html, htmlCapped: s.htmlCapped };

/** The words of a cause (render.cause.<code>). */
export const renderCauseText = (c: RenderCause, t: Translate) => t(`render.cause.${c.code}`, c.params);

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
    browser: view(r.browser),
    resources: r.resources.map((x) => ({ url: x.url, kind: x.kind, method: x.method, outcome: x.outcome, status: x.status, bytes: x.bytes, keptBytes: x.keptBytes, robots: x.robots, error: x.error })),
    console: r.console,
    differences: r.differences.map((d) => ({
      code: d.code,
      field: d.field,
      severity: d.severity,
      params: d.params.map(paramText),
      message: t(`render.difference.${d.code}`, d.params),
      cause: d.cause ? { code: d.cause.code, params: d.cause.params.map(paramText), message: renderCauseText(d.cause, t) } : null,
    })),
    page: r.page,
    error: r.error,
  };
}
