import { describe, expect, it } from 'vitest';
import { joinBytes } from '../../../lib/core';

const bytes = (...xs: number[]) => Uint8Array.from(xs);

describe('joinBytes', () => {
  it('the first part itself when it holds exactly the bytes asked; a view on it when it holds more', () => {
    const a = bytes(1, 2, 3);
    expect(joinBytes([a, bytes(4)], 3)).toBe(a);
    const view = joinBytes([a, bytes(4)], 2);
    expect([...view]).toEqual([1, 2]);
    expect(view.buffer).toBe(a.buffer);
  });

  it('one copy across parts, stopping at the byte asked inside a part', () => {
    const parts = [bytes(1), bytes(2, 3), bytes(4, 5, 6), bytes(7)];
    expect([...joinBytes(parts, 7)]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([...joinBytes(parts, 4)]).toEqual([1, 2, 3, 4]);
    expect([...joinBytes([], 0)]).toEqual([]);
  });
});
