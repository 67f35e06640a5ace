import { describe, expect, it } from 'vitest';
import { robotsCacheEviction, ROBOTS_CACHE_BYTES, ROBOTS_CACHE_ORIGINS } from '../../../lib/crawl';

describe('robotsCacheEviction: the newest reports are kept while they fit', () => {
  it('keeps 19 others beside the new one (20 origins), the oldest go first', () => {
    expect(ROBOTS_CACHE_ORIGINS).toBe(20);
    const others = Array.from({ length: 25 }, (_, i) => ({ key: `robots:o${i}`, fetchedAt: i, bytes: 10 }));
    expect(robotsCacheEviction(others, 10).sort()).toEqual(['robots:o0', 'robots:o1', 'robots:o2', 'robots:o3', 'robots:o4', 'robots:o5'].sort());
  });

  it('drops by bytes too: a 512,000-byte newcomer pushes out older large bodies', () => {
    expect(ROBOTS_CACHE_BYTES).toBe(3_000_000);
    const others = [
      { key: 'a', fetchedAt: 3, bytes: 1_000_000 },
      { key: 'b', fetchedAt: 2, bytes: 1_000_000 },
      { key: 'c', fetchedAt: 1, bytes: 1_000_000 },
      { key: 'd', fetchedAt: 0, bytes: 100 },
    ];
    expect(robotsCacheEviction(others, 512_000)).toEqual(['c']);
  });

  it('nothing to drop when all fit', () => {
    expect(robotsCacheEviction([{ key: 'a', fetchedAt: 1, bytes: 5 }], 5)).toEqual([]);
  });
});
