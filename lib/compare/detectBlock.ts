import type { AgentFetch } from '../crawl';

const BLOCK_STATUS = new Set([401, 403, 407, 429, 451, 503]);

/**
 * Phrases of CDN bot walls and challenge pages, matched (lower-cased) in the first 20,000
 * characters. Only challenge-specific phrases: a contact form with reCAPTCHA is not a wall.
 */
const WALL_MARKERS = [
  'cf-chl-',
  '/cdn-cgi/challenge-platform/',
  'attention required! | cloudflare',
  '<title>just a moment...</title>',
  'are you a robot',
  'are you a human',
  'verify you are human',
  'px-captcha',
  'captcha-delivery.com',
  '_incapsula_resource',
  'request unsuccessful. incapsula',
  'pardon our interruption',
];

const head = (f: AgentFetch) => (f.html ?? '').slice(0, 20_000).toLowerCase();

/**
 * Why this response looks like a block rather than the page: the status ("HTTP 403"), or a
 * bot-wall phrase that the other agent's HTML does not have; null when it looks like a real
 * answer.
 */
export function detectBlock(f: AgentFetch, other: AgentFetch): string | null {
  if (f.error) return null;
  if (BLOCK_STATUS.has(f.status)) return `HTTP ${f.status}`;
  if (!f.html) return null;
  const mine = head(f);
  const theirs = head(other);
  const marker = WALL_MARKERS.find((m) => mine.includes(m) && !theirs.includes(m));
  return marker ? `"${marker}"` : null;
}
