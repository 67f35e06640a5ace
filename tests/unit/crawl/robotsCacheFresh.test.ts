import { describe, expect, it } from 'vitest';
import { robotsCacheFresh } from '../../../lib/crawl';

const at = (kind: 'parse' | 'allow-all' | 'disallow-all', fetchedAt: number) => ({ fetchedAt, outcome: { kind } });
const H = 60 * 60 * 1000;

describe('robots.txt cache freshness', () => {
  it('keeps a parsed or not-found file up to 24 h, like Google', () => {
    expect(robotsCacheFresh(at('parse', 0), 24 * H - 1)).toBe(true);
    expect(robotsCacheFresh(at('parse', 0), 24 * H)).toBe(false);
    expect(robotsCacheFresh(at('allow-all', 0), 23 * H)).toBe(true);
  });
  it('keeps an unreachable answer 5 minutes only', () => {
    expect(robotsCacheFresh(at('disallow-all', 0), 5 * 60 * 1000 - 1)).toBe(true);
    expect(robotsCacheFresh(at('disallow-all', 0), 5 * 60 * 1000)).toBe(false);
  });
  it('does not trust a report fetched in the future (clock changed)', () => {
    expect(robotsCacheFresh(at('parse', 10_000), 0)).toBe(false);
  });
});
