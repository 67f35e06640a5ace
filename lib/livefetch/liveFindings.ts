import type { OtherCrawlerVerdict } from '../crawlers';
import { CRAWLER_CATALOG } from '../crawlers';
import type { LiveFinding, LiveMarker, LiveResult } from './types';

const refusal = (r: LiveResult) => r.comparison === 'challenge' || r.comparison === 'blocked';
/** The markers of an answer, by vendor: "Cloudflare: cf-mitigated, <title>just a moment...</title>". */
export function markersText(markers: readonly LiveMarker[]): string {
  const byVendor = new Map<string, string[]>();
  for (const m of markers) byVendor.set(m.vendor, [...(byVendor.get(m.vendor) ?? []), m.name]);
  return [...byVendor].map(([v, names]) => `${v}: ${names.join(', ')}`).join('; ');
}
const refusalText = (r: LiveResult) => markersText(r.markers);

/**
 * Where the server and robots.txt disagree:
 * - robots.txt allows a crawler, but the server refuses it (a challenge page, or a refusal status
 *   Googlebot did not get): "robots.txt allows GPTBot, but the server answers it 403 (challenge page)";
 * - robots.txt disallows a crawler, but the server serves it the page (information: robots.txt asks,
 *   the server need not enforce);
 * - Googlebot itself got a challenge or refusal: every comparison is with that page.
 */
export function liveFindings(results: readonly LiveResult[], verdicts: readonly Pick<OtherCrawlerVerdict, 'effect' | 'line'>[] | null): LiveFinding[] {
  const out: LiveFinding[] = [];
  const ref = results.find((r) => r.reference);
  if (ref && refusal(ref)) out.push({ code: 'referenceRefused', severity: 'warning', token: ref.token, params: [ref.status ?? 0, refusalText(ref)] });
  if (!verdicts) return out;
  for (const r of results) {
    if (r.reference) continue;
    const i = CRAWLER_CATALOG.findIndex((c) => c.token === r.token);
    const v = verdicts[i];
    if (!v) continue;
    if (v.effect === 'allowed' && refusal(r)) {
      out.push({ code: 'allowedButRefused', severity: 'warning', token: r.token, params: [r.token, r.status ?? 0, refusalText(r)] });
    } else if (v.effect === 'blocked' && (r.comparison === 'same' || r.comparison === 'different') && r.status !== null && r.status >= 200 && r.status < 300) {
      out.push({ code: 'disallowedButServed', severity: 'info', token: r.token, params: [r.token, r.status, v.line ?? 0] });
    }
  }
  return out;
}
