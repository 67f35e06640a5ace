import type { AgentFetch } from './types';

const BLOCK_STATUS = new Set([401, 403, 407, 429, 451, 503]);

/** Phrases of common CAPTCHA pages and CDN bot walls, matched in the first 20,000 characters. */
const WALL_MARKERS = [
  'captcha',
  'cf-chl-',
  'challenge-platform',
  'attention required! | cloudflare',
  'just a moment...',
  'are you a robot',
  'are you a human',
  'bot detection',
  'access denied',
  'request unsuccessful. incapsula',
  'ddos protection by',
  'pardon our interruption',
];

/**
 * Why this response looks like a block rather than the page: the status ("HTTP 403") or
 * the bot-wall phrase found in the HTML; null when it looks like a real answer.
 */
export function detectBlock(f: AgentFetch): string | null {
  if (f.error) return null;
  if (BLOCK_STATUS.has(f.status)) return `HTTP ${f.status}`;
  if (!f.html) return null;
  const head = f.html.slice(0, 20_000).toLowerCase();
  const marker = WALL_MARKERS.find((m) => head.includes(m));
  return marker ? `"${marker}"` : null;
}
