import { describe, expect, it } from 'vitest';
import { hostOf } from '../../../lib/core/hostOf';

describe('hostOf', () => {
  it('the host with its port, as the URL parser names it; null for what is not an absolute URL', () => {
    expect(hostOf('https://Site.EXAMPLE:8443/a?b#c')).toBe('site.example:8443');
    expect(hostOf('https://site.example:443/')).toBe('site.example');
    expect(hostOf('https://café.example/')).toBe('xn--caf-dma.example');
    expect([hostOf('/relative'), hostOf(''), hostOf('not a url')]).toEqual([null, null, null]);
  });
});
