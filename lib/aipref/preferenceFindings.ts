import type { CrawlerVerdict } from '../robots';
import type { OtherCrawlerVerdict } from '../crawlers';
import { CRAWLER_CATALOG } from '../crawlers';
import type { AiPreferences, PrefFinding, PrefStatement } from './types';

const first = (s: PrefStatement[], v: 'y' | 'n') => s.find((x) => x.value === v) ?? null;
const where = (s: PrefStatement) => (s.line !== null ? `${s.text} (${s.line})` : s.text);

/**
 * Where what the preferences say and what robots.txt lets crawlers do point different ways.
 * A preference is not an access rule: both are said, neither is "fixed".
 * - AI training said "no" while training crawlers of the catalog may crawl the URL: they can still
 *   fetch it; whether they honour the preference is up to their operators.
 * - search said "no" while Googlebot may crawl: Google's parser reads Content-Signal and
 *   Content-Usage as unsupported lines (reporting_robots.cc kUnsupportedTags), so Googlebot's
 *   crawling and Google Search are decided by the Googlebot group alone.
 * - the same purpose said both "yes" and "no" (by two lines, or a line and the header): combined,
 *   "no" wins (draft-ietf-aipref-vocab-07 §7.1).
 */
export function preferenceFindings(prefs: AiPreferences, google: readonly CrawlerVerdict[], others: readonly OtherCrawlerVerdict[]): PrefFinding[] {
  const out: PrefFinding[] = [];
  const train = prefs.purposes.find((p) => p.purpose === 'ai-train')!;
  const trainNo = first(train.statements, 'n');
  if (trainNo) {
    const allowed = others.filter((v, i) => CRAWLER_CATALOG[i]?.purpose.value === 'training' && v.effect === 'allowed').map((v) => v.token);
    if (allowed.length) out.push({ code: 'trainNoCrawlersAllowed', severity: 'info', params: [where(trainNo), allowed.join(', ')], line: trainNo.line });
  }
  const search = prefs.purposes.find((p) => p.purpose === 'search')!;
  const searchNo = first(search.statements, 'n');
  const googlebot = google.find((v) => v.token === 'Googlebot');
  if (searchNo && googlebot?.allowed) out.push({ code: 'searchNoGooglebotAllowed', severity: 'warning', params: [where(searchNo)], line: searchNo.line });
  for (const p of prefs.purposes) {
    if (!p.conflict) continue;
    const yes = p.statements.filter((s) => s.value === 'y').map(where);
    const no = p.statements.filter((s) => s.value === 'n').map(where);
    out.push({ code: 'conflict', severity: 'warning', params: [p.purpose, yes.join('; '), no.join('; ')], line: first(p.statements, 'n')!.line });
  }
  return out;
}
