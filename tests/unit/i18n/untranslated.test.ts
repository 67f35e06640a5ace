import { describe, expect, it } from 'vitest';
import { untranslatedKeys, wordsLeft } from '../../../lib/i18n';

describe('untranslated messages', () => {
  it('names, codes, parameters and plural syntax are not words to translate', () => {
    expect(wordsLeft('Googlebot-Image')).toBe('');
    expect(wordsLeft('X-Robots-Tag: $1')).toBe('');
    expect(wordsLeft('{$1, plural, one {# ms} other {# ms}}')).toBe('');
    expect(wordsLeft('<title>')).toBe('');
    expect(wordsLeft('Googlebot Smartphone')).toBe('');
  });
  it('an English sentence left as it is, is found; a translation or a name is not', () => {
    const en = { a: 'Fetch again', b: 'JSON-LD', c: 'Last comparison ($1): no differences.', d: 'heading' };
    expect(untranslatedKeys({ a: 'Fetch again', b: 'JSON-LD', c: 'Letzter Vergleich ($1): keine Unterschiede.', d: 'heading' }, en)).toEqual(['a', 'd']);
  });
});
