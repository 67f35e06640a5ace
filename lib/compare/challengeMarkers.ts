import type { Header } from '../core';

/**
 * What marks a challenge or block page of a CDN or bot manager, as data: each marker with the
 * page it comes from (the vendor's documentation, or a page describing the vendor's observed
 * answer). Only these are recognised; an answer that matches none stays "different", never
 * guessed. A contact form with a CAPTCHA is not a wall: only challenge-specific markers are here.
 */
export interface ChallengeMarker {
  id: string;
  vendor: string;
  /** A response header (its name, and a value to match exactly, case-insensitively), or a text in the body. */
  where: 'header' | 'body';
  /** Header: the header name; body: the text looked for (lower case) in the first BODY_WINDOW characters. */
  name: string;
  /** Header values that mark it (lower case); empty: any value. */
  values?: readonly string[];
  source: string;
}

/** Characters of the decoded body searched for body markers. */
export const BODY_WINDOW = 65_536;

const CF_DETECT = 'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response';
// Describes Cloudflare's challenge page as observed: its script base and its title.
const CF_OBSERVED = 'https://docs.rs/parse-book-source/0.5.0/parse_book_source/fetch/fn.is_challenge.html';
const AWS_WAF = 'https://docs.aws.amazon.com/waf/latest/developerguide/waf-captcha-and-challenge-actions.html';
// Describes DataDome's block page as observed: HTTP 403 with a slider or device check loaded from geo.captcha-delivery.com.
const DATADOME_OBSERVED = 'https://glama.ai/mcp/servers/capskip/capskip-mcp/tools/capskip_solve_datadome';

/** Headers first (they are documented), then body texts; detectBlock reports the first that matches. */
export const CHALLENGE_MARKERS: readonly ChallengeMarker[] = [
  // "the Challenge Page response … will have the cf-mitigated header present and set to challenge".
  { id: 'cf-mitigated', vendor: 'Cloudflare', where: 'header', name: 'cf-mitigated', values: ['challenge'], source: CF_DETECT },
  // "The header x-amzn-waf-action with a value of challenge" (202) / "captcha" (405).
  { id: 'x-amzn-waf-action', vendor: 'AWS WAF', where: 'header', name: 'x-amzn-waf-action', values: ['challenge', 'captcha'], source: AWS_WAF },
  { id: 'cf-challenge-platform', vendor: 'Cloudflare', where: 'body', name: '/cdn-cgi/challenge-platform/', source: CF_OBSERVED },
  { id: 'cf-chl-opt', vendor: 'Cloudflare', where: 'body', name: '_cf_chl_opt', source: CF_OBSERVED },
  { id: 'cf-just-a-moment', vendor: 'Cloudflare', where: 'body', name: '<title>just a moment...</title>', source: CF_OBSERVED },
  { id: 'datadome-captcha-delivery', vendor: 'DataDome', where: 'body', name: 'geo.captcha-delivery.com', source: DATADOME_OBSERVED },
];

/** The markers a response carries, in CHALLENGE_MARKERS order. */
export function findChallengeMarkers(headers: readonly Header[], html: string | null): ChallengeMarker[] {
  const head = html ? html.slice(0, BODY_WINDOW).toLowerCase() : '';
  return CHALLENGE_MARKERS.filter((m) => {
    if (m.where === 'body') return head.includes(m.name);
    return headers.some((h) => h.name.toLowerCase() === m.name && (!m.values?.length || m.values.includes(h.value.trim().toLowerCase())));
  });
}

/** How a marker is quoted in a finding: the header line, or the text in quotes. */
export const markerText = (m: ChallengeMarker) => (m.where === 'header' ? `${m.name}: ${m.values?.join(' | ') ?? ''}`.trim() : `"${m.name}"`);
