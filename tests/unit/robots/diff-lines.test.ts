import { describe, expect, it } from 'vitest';
import { diffLines } from '../../../lib/robots';

describe('diffLines', () => {
  it('no change → nothing', () => expect(diffLines('a\nb\n', 'a\nb\n')).toEqual([]));
  it('CR, LF and CRLF endings compare equal', () => expect(diffLines('a\r\nb\rc', 'a\nb\nc')).toEqual([]));
  it('an edited line is one removal and one addition, numbered in each file', () => {
    expect(diffLines('User-agent: *\nDisallow: /a\nAllow: /b\n', 'User-agent: *\nDisallow: /c\nAllow: /b\n')).toEqual([
      { kind: 'removed', line: 2, text: 'Disallow: /a' },
      { kind: 'added', line: 2, text: 'Disallow: /c' },
    ]);
  });
  it('inserted lines keep the rest aligned', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nb\ny\nc')).toEqual([
      { kind: 'added', line: 2, text: 'x' },
      { kind: 'added', line: 4, text: 'y' },
    ]);
  });
  it('a huge rewrite is reported as one block (bounded work)', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    expect(diffLines(a, b)).toEqual([{ kind: 'replaced-block', fromLines: [1, 3000], toLines: [1, 3000] }]);
  });
});
