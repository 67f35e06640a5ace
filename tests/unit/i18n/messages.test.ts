import { describe, expect, it } from 'vitest';
import { formatMessage, MessageSyntaxError, messageParams, parseMessage, resolveUiLanguage, type PluralCategory } from '../../../lib/i18n';

const fmt = (tag: string) => {
  const nf = new Intl.NumberFormat(tag);
  const pr = new Intl.PluralRules(tag);
  return { number: (n: number) => nf.format(n), plural: (n: number) => pr.select(n) as PluralCategory };
};
const render = (src: string, params: (string | number)[], tag = 'en') => formatMessage(parseMessage(src), params, fmt(tag));

describe('message syntax', () => {
  it('inserts parameters; numbers are formatted in the language', () => {
    expect(render('byte $1 of $2', [2097152, 'x'])).toBe('byte 2,097,152 of x');
    expect(render('byte $1', [2097152], 'de')).toBe('byte 2.097.152');
    expect(render('byte $1', [2097152], 'ru')).toBe('byte 2\u00a0097\u00a0152');
    expect(render('$2 before $1', ['a', 'b'])).toBe('b before a');
  });

  it('chooses the plural form of the language (Russian: one, few, many)', () => {
    const ru = '{$1, plural, one {# байт} few {# байта} many {# байтов} other {# байта}}';
    expect([1, 2, 5, 21, 22, 25, 1.5].map((n) => render(ru, [n], 'ru'))).toEqual([
      '1 байт',
      '2 байта',
      '5 байтов',
      '21 байт',
      '22 байта',
      '25 байтов',
      '1,5 байта',
    ]);
    const sk = '{$1, plural, one {# riadok} few {# riadky} many {# riadka} other {# riadkov}}';
    expect([1, 3, 5, 0.5].map((n) => render(sk, [n], 'sk'))).toEqual(['1 riadok', '3 riadky', '5 riadkov', '0,5 riadka']);
    expect(render('{$1, plural, one {# byte} other {# bytes}}', [1])).toBe('1 byte');
    expect(render('{$1, plural, one {# byte} other {# bytes}}', [1024])).toBe('1,024 bytes');
  });

  it('a plural case can use other parameters; several plurals in one message', () => {
    expect(render('{$1, plural, one {# line} other {# lines}}, {$2, plural, one {# group} other {# groups}} in $3', [2, 1, 'x'])).toBe(
      '2 lines, 1 group in x',
    );
    expect(render('{$1, plural, one {only $2} other {# of $2}}', [1, 'y'])).toBe('only y');
  });

  it('a plural whose parameter is text uses "other" with the text for #; a missing parameter renders as nothing', () => {
    expect(render('{$1, plural, one {# byte} other {many bytes}}', ['1'])).toBe('many bytes');
    expect(render('{$1, plural, one {# byte} other {# bytes}}', ['about 1'])).toBe('about 1 bytes');
    expect(render('a$1b', [])).toBe('ab');
  });

  it('escapes: $$, {{ and }}', () => {
    expect(render('$$5 {{x}} #', [])).toBe('$5 {x} #');
  });

  it('reports bad syntax with its position', () => {
    for (const bad of ['$x', '{$1, plural, one {a}}', '{$1, plural, other {a}', '{$1, select, other {a}}', '}', '{$1, plural, lots {a} other {b}}', '{$1, plural, one {a} one {b} other {c}}', '{$1, plural, other {{$2, plural, other {x}}}}']) {
      expect(() => parseMessage(bad), bad).toThrow(MessageSyntaxError);
    }
    try {
      parseMessage('abc $x');
    } catch (e) {
      expect((e as Error).message).toContain('at character 5');
    }
  });

  it('lists the parameters and which ones choose a plural', () => {
    const { params, plural } = messageParams(parseMessage('$3 {$1, plural, one {# $2} other {#}}'));
    expect([...params].sort()).toEqual([1, 2, 3]);
    expect([...plural]).toEqual([1]);
  });
});

describe('UI language', () => {
  it('the options choice wins; else the first browser language we have; else English', () => {
    expect(resolveUiLanguage('de', ['ru'])).toBe('de');
    expect(resolveUiLanguage('browser', ['fr-FR', 'ru-RU', 'de'])).toBe('ru');
    expect(resolveUiLanguage('browser', ['de-AT'])).toBe('de');
    expect(resolveUiLanguage('browser', ['es-419'])).toBe('es');
    expect(resolveUiLanguage('browser', ['sk'])).toBe('sk');
    expect(resolveUiLanguage('browser', ['fr'])).toBe('en');
    expect(resolveUiLanguage('xx', [])).toBe('en');
  });
  it('Traditional Chinese for zh-TW, zh-HK, zh-Hant; Simplified Chinese is not offered', () => {
    expect(resolveUiLanguage('browser', ['zh-TW'])).toBe('zh_TW');
    expect(resolveUiLanguage('browser', ['zh_TW'])).toBe('zh_TW');
    expect(resolveUiLanguage('browser', ['zh-HK'])).toBe('zh_TW');
    expect(resolveUiLanguage('browser', ['zh-Hant-CN'])).toBe('zh_TW');
    expect(resolveUiLanguage('browser', ['zh-CN', 'de'])).toBe('de');
    expect(resolveUiLanguage('browser', ['zh-CN'])).toBe('en');
  });
});
