import { describe, expect, it } from 'vitest';
import { diffText, diffWords } from '../../../lib/compare';

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

describe('diffText (blocks first, then words)', () => {
  it('aligns a page whose mobile version drops every tenth section, word positions exact', () => {
    const desktop: string[] = [];
    const mobile: string[] = [];
    for (let i = 0; i < 3000; i++) {
      const block = `Model ${i} is a walking shoe with a rubber sole`;
      desktop.push(block);
      if (i % 10 !== 9) mobile.push(block);
    }
    const d = diffText(desktop, mobile);
    expect(d.exact).toBe(true);
    expect(d.removedCount).toBe(300 * 10);
    expect(d.addedCount).toBe(0);
    expect(d.hunks.length).toBe(100);
    expect(d.moreHunks).toBe(200);
    // Block 9 starts at word 90 on desktop and word 90 on mobile (blocks 0–8 are equal).
    expect(d.hunks[0]).toEqual({
      desktopAt: 90,
      mobileAt: 90,
      before: ['shoe', 'with', 'a', 'rubber', 'sole'],
      removed: 'Model 9 is a walking shoe with a rubber sole'.split(' '),
      added: [],
    });
    // Whereas a word-only diff of the same text gives up at its edit cap.
    expect(diffWords(desktop.join(' ').split(' '), mobile.join(' ').split(' ')).exact).toBe(false);
  });

  it('diffs words inside a changed block', () => {
    const d = diffText(['Title here', 'one two three four', 'footer'], ['Title here', 'one 2 three four', 'footer']);
    expect(d).toEqual({
      exact: true,
      removedCount: 1,
      addedCount: 1,
      hunks: [{ desktopAt: 3, mobileAt: 3, before: ['Title', 'here', 'one'], removed: ['two'], added: ['2'] }],
      moreHunks: 0,
    });
  });

  it('reports a changed region as replaced when its words do not align within the cap', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`).join(' ');
    const d = diffText(['same', a, 'end'], ['same', b, 'end'], { maxEdits: 10 });
    expect(d.exact).toBe(true);
    expect(d.removedCount).toBe(50);
    expect(d.addedCount).toBe(50);
    expect(d.hunks.map((h) => [h.desktopAt, h.mobileAt, h.removed.length, h.added.length])).toEqual([[1, 1, 50, 50]]);
  });

  it('falls back to the word diff when the blocks themselves do not align', () => {
    const d = diffText(
      Array.from({ length: 30 }, (_, i) => `x${i}`),
      Array.from({ length: 30 }, (_, i) => `y${i}`),
      { maxEdits: 5 },
    );
    expect(d).toMatchObject({ exact: false, removedCount: 30, addedCount: 30 });
  });
});
