import { describe, expect, it } from 'vitest';
import { analyzeBytes } from '../../../lib/bytes';
import { keptTextIsPrefix } from '../../../lib/sitecheck/keptTextIsPrefix';
import { decodeText } from '../../../lib/core/decodeText';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** HTML bytes with multibyte characters, and (when `broken`) stray and truncated UTF-8 sequences. */
function page(r: () => number, broken: boolean): Uint8Array {
  const pieces = ['<p>', 'a', ' ', 'é', '€', '😀', '</p>', '<meta name="robots" content="noindex">', '字'];
  const out: number[] = [];
  const enc = new TextEncoder();
  while (out.length < 400) {
    if (broken && r() < 0.1) out.push([0x80, 0xbf, 0xe2, 0xf0, 0xc3, 0xff][Math.floor(r() * 6)]!);
    else out.push(...enc.encode(pieces[Math.floor(r() * pieces.length)]!));
  }
  return new Uint8Array(out);
}

describe('keptTextIsPrefix: the kept HTML as a slice of the text already decoded', () => {
  for (const charset of ['utf-8', 'windows-1252', 'shift_jis', 'utf-16le']) {
    it(`${charset}: whenever it says so, the slice equals decoding the kept bytes on their own (every cut, valid and broken input)`, async () => {
      const r = rng(7);
      let yes = 0;
      for (let k = 0; k < 20; k++) {
        const body = page(r, k % 2 === 1);
        for (let limit = 1; limit < body.length; limit += 3) {
          let text = '';
          const rep = await analyzeBytes({ body, headerBytes: 0, charset, limit, mediaType: 'text/html' }, { onText: (t) => (text = t) });
          const c = rep.cutoff;
          if (!keptTextIsPrefix(c, body, charset)) continue;
          yes++;
          expect(text.slice(0, c.charIndex)).toBe(decodeText(body.subarray(0, c.bodyBytesKept), charset));
        }
      }
      // Single-byte and UTF-8 take the slice; the others are always decoded again.
      if (charset === 'utf-8' || charset === 'windows-1252') expect(yes).toBeGreaterThan(1000);
      else expect(yes).toBe(0);
    });
  }

  it('a UTF-8 label over a UTF-16 byte-order mark: decoded again (the signals decoder is not the analysis one)', async () => {
    const body = new Uint8Array([0xff, 0xfe, ...Array.from(new TextEncoder().encode('<p>abc</p>'), (b) => [b, 0]).flat()]);
    const rep = await analyzeBytes({ body, headerBytes: 0, charset: 'utf-8', limit: 8, mediaType: 'text/html' });
    expect(rep.cutoff.charset.encoding).toBe('utf-16le');
    expect(keptTextIsPrefix(rep.cutoff, body, 'utf-8')).toBe(false);
  });
});
