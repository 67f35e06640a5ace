import { describe, expect, it } from 'vitest';
import { canonicalNotChecked } from '../../../lib/indexability';

describe('canonicalNotChecked: Crawlscope contacts another host only when the user asks', () => {
  const page = 'https://shop.example/a.html';
  it('the same host: may be requested', () => {
    expect(canonicalNotChecked('https://shop.example/b', page, false)).toBeNull();
  });
  it('another host (or port): not requested, and said so', () => {
    expect(canonicalNotChecked('https://cdn.example/b', page, false)).toEqual({ url: 'https://cdn.example/b', status: null, redirectedTo: null, error: null, notChecked: 'other-host' });
    expect(canonicalNotChecked('https://shop.example:8443/b', page, false)?.notChecked).toBe('other-host');
  });
  it('asked by the user: may be requested', () => {
    expect(canonicalNotChecked('https://cdn.example/b', page, true)).toBeNull();
  });
});
