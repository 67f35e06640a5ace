import { describe, expect, it } from 'vitest';
import { assessResources, limitFor, DEFAULT_LIMIT, PDF_LIMIT } from '../../../lib/bytes';

describe('limitFor', () => {
  it('is 2,097,152 by default, the chosen value otherwise, 64 MB for PDFs whatever was chosen', () => {
    expect(limitFor('text/html')).toEqual({ limit: 2_097_152, code: 'bytes.limit.setting' });
    expect(limitFor('text/html', 2_000_000)).toEqual({ limit: 2_000_000, code: 'bytes.limit.setting' });
    expect(limitFor('text/plain', 15_728_640).limit).toBe(15_728_640);
    expect(limitFor('application/pdf', 2_000_000)).toEqual({ limit: PDF_LIMIT, code: 'bytes.limit.pdf' });
    expect(PDF_LIMIT).toBe(67_108_864);
  });
  it('ignores a stored value that is not one of the choices', () => {
    expect(limitFor('text/html', 12345).limit).toBe(DEFAULT_LIMIT);
  });
});

describe('assessResources: each file under its own 2 MB', () => {
  it('flags over the limit and within 10% of it, biggest first', () => {
    const r = assessResources([
      { url: 'a.js', kind: 'script', bytes: 10_000, source: 'timing' },
      { url: 'b.js', kind: 'script', bytes: 2_097_153, source: 'timing' },
      { url: 'c.css', kind: 'stylesheet', bytes: 1_887_437, source: 'fetch' },
      { url: 'd.css', kind: 'stylesheet', bytes: 1_887_436, source: 'timing' },
      { url: 'e.js', kind: 'script', bytes: null, source: 'unknown' },
      { url: 'f.js', kind: 'script', bytes: 2_097_152, source: 'timing' },
    ]);
    expect(r.map((x) => [x.url, x.code])).toEqual([
      ['b.js', 'bytes.resource.over'],
      ['f.js', 'bytes.resource.near'], // exactly at the limit is kept whole
      ['c.css', 'bytes.resource.near'], // 1,887,437 ≥ 90% of 2,097,152 (1,887,436.8)
      ['d.css', 'bytes.resource.ok'],
      ['a.js', 'bytes.resource.ok'],
      ['e.js', 'bytes.resource.unknown'],
    ]);
  });
});
