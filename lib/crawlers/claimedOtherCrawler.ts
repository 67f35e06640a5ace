import { CRAWLER_CATALOG } from './crawlerCatalog';

/** Tokens a request can carry (a control token never does), longest first. */
const TOKENS = CRAWLER_CATALOG.filter((c) => c.purpose.value !== 'control-token')
  .map((c) => c.token)
  .sort((a, b) => b.length - a.length);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A token as a word of the User-Agent: not inside a longer name (AppleWebKit is not Applebot). */
const PATTERN = new RegExp(`(?<![a-z0-9])(${TOKENS.map(escape).join('|')})(?![a-z0-9-])`, 'i');
const BY_LOWER = new Map(TOKENS.map((t) => [t.toLowerCase(), t]));

/** Which catalog crawler a User-Agent claims to be (its token as the catalog spells it), or null. */
export function claimedOtherCrawler(userAgent: string): string | null {
  const m = PATTERN.exec(userAgent);
  return m ? (BY_LOWER.get(m[1]!.toLowerCase()) ?? null) : null;
}
