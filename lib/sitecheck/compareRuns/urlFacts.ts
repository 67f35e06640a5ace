import type { Report } from '../../report';
import { siteRow } from '../siteRow';
import type { UrlFacts } from './types';

/** Reasons kept per URL (the decisive ones come first; a page rarely has more). */
const MAX_WHY = 8;
/** Render differences kept per URL. */
const MAX_RENDER = 16;

/** The facts of one report that a comparison of runs looks at (the site check's row, the reasons' words, the render's differences that change indexing). */
export function urlFacts(r: Report): UrlFacts {
  const row = siteRow(r);
  const why = row.why.slice(0, MAX_WHY).map((code) => ({ code, message: r.reasons.find((x) => x.code === code)?.message ?? code }));
  const render = (r.render?.differences ?? [])
    .filter((d) => d.severity === 'critical' || d.severity === 'warning')
    .slice(0, MAX_RENDER)
    .map((d) => ({ code: d.code, severity: d.severity, message: d.message }));
  return {
    url: row.url,
    finalUrl: row.finalUrl,
    hops: row.redirects,
    verdict: row.verdict,
    why,
    status: row.status,
    error: row.error,
    bytes: row.bytes,
    limit: row.limit,
    overLimit: row.truncated,
    robots: row.robots ? { allowed: row.robots.allowed, robotsUrl: row.robots.robotsUrl, line: row.robots.line, rule: row.robots.rule } : null,
    noindex: row.noindex,
    canonical: row.canonical,
    rendered: !!r.render,
    render,
    agent: r.siteCheck?.agent ?? null,
  };
}
