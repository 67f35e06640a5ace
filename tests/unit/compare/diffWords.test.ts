import { describe, expect, it } from 'vitest';
import { diffWords } from '../../../lib/compare';

const w = (s: string) => s.split(' ').filter(Boolean);

describe('diffWords', () => {
  it('finds nothing in equal texts', () => {
    expect(diffWords(w('a b c'), w('a b c'))).toEqual({ exact: true, removedCount: 0, addedCount: 0, hunks: [], moreHunks: 0 });
  });

  it('reports a run removed on mobile with its position and context', () => {
    const d = diffWords(w('one two three four five six seven'), w('one two six seven'));
    expect(d.exact).toBe(true);
    expect(d.removedCount).toBe(3);
    expect(d.addedCount).toBe(0);
    expect(d.hunks).toEqual([{ desktopAt: 2, mobileAt: 2, before: ['one', 'two'], removed: ['three', 'four', 'five'], added: [] }]);
  });

  it('reports a replaced word as one hunk with removal and addition', () => {
    const d = diffWords(w('the quick brown fox'), w('the slow brown fox'));
    expect(d.hunks).toEqual([{ desktopAt: 1, mobileAt: 1, before: ['the'], removed: ['quick'], added: ['slow'] }]);
  });

  it('handles one empty side', () => {
    expect(diffWords([], w('x y'))).toMatchObject({ removedCount: 0, addedCount: 2, hunks: [{ added: ['x', 'y'], removed: [] }] });
    expect(diffWords(w('x y'), [])).toMatchObject({ removedCount: 2, addedCount: 0 });
  });

  it('finds a shortest edit script between interleaved changes', () => {
    const d = diffWords(w('a b c a b b a'), w('c b a b a c'));
    // Myers' classic example: D = 5.
    expect(d.removedCount + d.addedCount).toBe(5);
    expect(d.exact).toBe(true);
  });

  it('falls back to word counts past the edit cap, linear in the input', () => {
    const desktop = Array.from({ length: 5000 }, (_, i) => `d${i}`);
    const mobile = Array.from({ length: 5000 }, (_, i) => `m${i}`);
    const d = diffWords(desktop, mobile, { maxEdits: 100 });
    expect(d.exact).toBe(false);
    expect(d.removedCount).toBe(5000);
    expect(d.addedCount).toBe(5000);
    expect(d.hunks[0]!.removed.length).toBe(200);
  });

  it('keeps at most 100 hunks and counts the rest', () => {
    const desktop: string[] = [];
    const mobile: string[] = [];
    for (let i = 0; i < 150; i++) {
      desktop.push(`same${i}`, `old${i}`);
      mobile.push(`same${i}`, `new${i}`);
    }
    const d = diffWords(desktop, mobile);
    expect(d.hunks.length).toBe(100);
    expect(d.moreHunks).toBe(50);
    expect(d.removedCount).toBe(150);
    expect(d.hunks[99]).toEqual({ desktopAt: 199, mobileAt: 199, before: ['same97', 'old97', 'same98', 'old98', 'same99'], removed: ['old99'], added: ['new99'] });
  });
});
