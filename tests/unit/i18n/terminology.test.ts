// The glossary's words, checked (docs/glossary-terms.yml; how to add a rule: docs/glossary.md §
// "The terminology check"). Every message of the five translations, the command line's help and the
// store listings: where the English of a key names a glossary concept, the translation uses the
// language's word for it; no wrong word; the language's form of address; one grammatical form for
// the help's descriptions. A finding names the key, the text, the English and what to write.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYAML } from 'confbox';
import {
  checkTerminology,
  flattenMessages,
  parseTerminologyRules,
  rulePattern,
  ruleCount,
  storeLines,
  terminologyFindingText,
  UI_LANGUAGES,
  type TerminologyFinding,
  type TerminologyRules,
} from '../../../lib/i18n';
import { helpDescriptionKeys, helpKeys } from '../../../cli/helpText';
import { MAIN_HELP } from '../../../cli/mainHelp';
import { RENDER_HELP } from '../../../cli/renderCommand';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LANGUAGES = UI_LANGUAGES.map((l) => l.id as string);
const TRANSLATIONS = LANGUAGES.filter((l) => l !== 'en');
const rulesText = fs.readFileSync(path.join(ROOT, 'docs/glossary-terms.yml'), 'utf8');
const rules = parseTerminologyRules(parseYAML(rulesText), LANGUAGES);
const parsed = new Map<string, Record<string, string>>();
const messagesOf = (id: string) => {
  if (!parsed.has(id)) parsed.set(id, flattenMessages(parseYAML(fs.readFileSync(path.join(ROOT, 'locales', `${id}.yml`), 'utf8'))));
  return parsed.get(id)!;
};
const english = messagesOf('en');

/** Every help text of the command line (a new subcommand's HelpSpec goes here too). */
const HELP_SPECS = [MAIN_HELP, RENDER_HELP];
const HELP_KEYS = new Set(HELP_SPECS.flatMap(helpKeys));
const HELP_DESCRIPTIONS = new Set(HELP_SPECS.flatMap(helpDescriptionKeys));
const STORE_FILES = ['description.md', 'summary.txt', 'name.txt'];

const pick = (m: Record<string, string>, keep: (k: string) => boolean) => Object.fromEntries(Object.entries(m).filter(([k]) => keep(k)));
/** The findings as a translator reads them; '' when there are none. */
const report = (f: TerminologyFinding[]) => f.map(terminologyFindingText).join('\n\n');

function storeFindings(r: TerminologyRules, lang: string): TerminologyFinding[] {
  return STORE_FILES.flatMap((file) => {
    const read = (l: string) => fs.readFileSync(path.join(ROOT, 'store', l, file), 'utf8');
    const s = storeLines(`store/${lang}/${file}`, lang, read(lang), read('en'));
    return [...s.findings, ...checkTerminology(r, lang, s.messages, s.english)];
  });
}

describe('the rules (docs/glossary-terms.yml)', () => {
  it('give every translation its form of address, its help form and its words, each rule with its source', () => {
    for (const lang of TRANSLATIONS) {
      const n = ruleCount(rules, lang);
      expect(n.address, lang).toBeGreaterThan(0);
      expect(n.terms, lang).toBeGreaterThanOrEqual(30);
      expect(rules.helpForm.some((h) => h.lang === lang) || lang === 'zh_TW', lang).toBe(true);
    }
    for (const r of [...rules.terms, ...rules.avoid, ...rules.address, ...rules.helpForm]) expect(r.source.length).toBeGreaterThan(10);
  });

  it('every required term applies to some English message or store line (a pattern that matches nothing is a typo)', () => {
    const enStore = STORE_FILES.map((f) => fs.readFileSync(path.join(ROOT, 'store/en', f), 'utf8')).join('\n');
    const texts = [...Object.values(english), enStore].map((t) => rules.ignore.reduce((s, re) => s.replace(re, ' '), t));
    const idle = rules.terms.filter((r) => !texts.some((t) => r.en.test(t))).map((r) => r.concept);
    expect(idle).toEqual([]);
  });

  it('a bad rule is refused with its name', () => {
    const data = parseYAML(rulesText) as Record<string, unknown[]>;
    const broken = { ...data, terms: [{ concept: 'render', source: 'x', en: 'render(', de: ['rendern', 'render'] }] };
    expect(() => parseTerminologyRules(broken, LANGUAGES)).toThrow(/terms "render"\.en/);
    const noSource = { ...data, avoid: [{ lang: 'ru', concept: 'render', wrong: 'рендер', say: 'отрисовка' }] };
    expect(() => parseTerminologyRules(noSource, LANGUAGES)).toThrow(/source must be text/);
    const badLang = { ...data, avoid: [{ lang: 'fr', concept: 'x', wrong: 'x', say: 'y', source: 'z' }] };
    expect(() => parseTerminologyRules(badLang, LANGUAGES)).toThrow(/unknown language fr/);
  });
});

describe.each(TRANSLATIONS)('%s follows the glossary', (lang) => {
  const messages = messagesOf(lang);

  it(`locales/${lang}.yml: no finding`, () => {
    expect(report(checkTerminology(rules, lang, pick(messages, (k) => !HELP_KEYS.has(k)), english))).toBe('');
  });

  it('the command line help (crawlscope --help, crawlscope render --help): no finding, one grammatical form', () => {
    for (const k of HELP_KEYS) expect(messages[k], k).toBeDefined();
    expect(report(checkTerminology(rules, lang, pick(messages, (k) => HELP_KEYS.has(k)), english, { helpKeys: HELP_DESCRIPTIONS }))).toBe('');
  });

  it(`the store listing (store/${lang}/): no finding`, () => {
    expect(report(storeFindings(rules, lang))).toBe('');
  });
});

describe('the check catches each kind of mistake', () => {
  const check = (lang: string, m: Record<string, string>, helpKeys?: Set<string>) => checkTerminology(rules, lang, m, english, { helpKeys });
  const withText = (lang: string, key: string, text: string) => ({ ...messagesOf(lang), [key]: text });
  const only = (f: TerminologyFinding[], key: string) => f.filter((x) => x.key === key);

  it('a required term missing: the key, the text, the English word and the term to use', () => {
    const f = only(check('es', withText('es', 'crawlers.colVerdict', 'Resultado')), 'crawlers.colVerdict');
    expect(f).toEqual([
      expect.objectContaining({ kind: 'term', lang: 'es', key: 'crawlers.colVerdict', text: 'Resultado', english: 'Verdict', found: 'Verdict', expected: 'veredicto', rule: 'verdict' }),
    ]);
    const text = terminologyFindingText(f[0]!);
    expect(text).toContain('locales/es.yml crawlers.colVerdict');
    expect(text).toContain('text:    Resultado');
    expect(text).toContain('English: Verdict');
    expect(text).toContain('veredicto');
    expect(text).toContain(f[0]!.source);
  });

  it('a wrong word, with the word to write instead', () => {
    const zh = only(check('zh_TW', withText('zh_TW', 'render.gone', '轉譯已中斷：執行期間瀏覽器重新啟動了 Crawlscope。請重新轉譯。')), 'render.gone');
    expect(zh.map((x) => [x.kind, x.found, x.expected])).toEqual([
      ['term', 'render', '渲染'],
      ['avoid', '轉譯', '渲染'],
    ]);
    const ru = only(check('ru', withText('ru', 'privacy.stores', messagesOf('ru')['privacy.stores']!.replace('отрисовки', 'рендеринга'))), 'privacy.stores');
    expect(ru.map((x) => [x.kind, x.found])).toEqual([
      ['term', 'render'],
      ['avoid', 'рендеринга'],
    ]);
  });

  it('a wrong word that is wrong only for one English concept is left alone elsewhere', () => {
    // 取得 is wrong for "fetch", not for "get": the English of the key decides.
    const got = check('zh_TW', withText('zh_TW', 'compare.noDifferences', messagesOf('zh_TW')['compare.noDifferences']!));
    expect(only(got, 'compare.noDifferences')).toEqual([]);
    const fetched = check('zh_TW', withText('zh_TW', 'sitecheck.followForeignLabel', '也取得 Sitemap 不得列出的網址（其他主機、不在其資料夾內）'));
    expect(only(fetched, 'sitecheck.followForeignLabel').map((x) => [x.kind, x.found])).toEqual([
      ['term', 'fetch'],
      ['avoid', '取得'],
    ]);
  });

  it.each([
    ['de', 'privacy.intro', 'Crawlscope hat keinen Server und kein Konto: Alles geschieht zwischen Ihrem Browser und den genannten Diensten.', 'Ihrem'],
    ['de', 'render.gone', 'Das Rendering wurde unterbrochen. Starten Sie das Rendering noch einmal.', 'Sie'],
    ['es', 'render.gone', 'Se perdió el renderizado. Vuelva a renderizar la página.', 'Vuelva'],
    ['es', 'privacy.intro', 'Crawlscope no tiene servidor: todo ocurre entre el navegador de usted y los sitios.', 'usted'],
    ['sk', 'render.gone', 'Vykresľovanie sa prerušilo. Spusti vykresľovanie znova, ak chceš.', 'chceš'],
    ['sk', 'privacy.intro', 'Crawlscope nemá server ani účet: všetko sa deje medzi tvojím prehliadačom a webmi.', 'tvojím'],
    ['ru', 'render.gone', 'Отрисовка прервана. Запусти отрисовку снова, если хочешь.', 'хочешь'],
    ['ru', 'privacy.intro', 'У Crawlscope нет ни сервера, ни учётной записи: всё происходит между твоим браузером и сайтами.', 'твоим'],
    ['zh_TW', 'privacy.intro', 'Crawlscope 沒有伺服器，也沒有帳戶：以下所有動作都只發生在你的瀏覽器與所列網站之間。', '你'],
  ])('%s: the wrong form of address (%s)', (lang, key, text, word) => {
    const f = only(check(lang, withText(lang, key, text)), key).filter((x) => x.kind === 'address');
    expect(f.length).toBeGreaterThan(0);
    expect(f[0]!.found.startsWith(word)).toBe(true);
    expect(f[0]!.expected).toBe(rules.address.find((a) => a.lang === lang)!.form);
  });

  it.each([
    ['de', 'cli.help.flag.render', 'rendert zusätzlich jede abgerufene URL als Googlebot (crawlscope render), eine nach der anderen'],
    ['es', 'cli.help.flag.followForeign', 'recuperar también las URLs que un sitemap no puede incluir (otro host); siguen apareciendo en la lista'],
    ['sk', 'cli.help.flag.followForeign', 'stiahnuť aj adresy URL, ktoré súbor sitemap nesmie uvádzať; zostanú vypísané'],
    ['ru', 'cli.help.flag.render', 'дополнительно отрисовывает каждый загруженный URL от имени Googlebot (crawlscope render), по одному'],
  ])('%s: a help description in the other grammatical form (%s)', (lang, key, text) => {
    const f = check(lang, { [key]: text }, HELP_DESCRIPTIONS).filter((x) => x.kind === 'helpForm');
    expect(f).toEqual([expect.objectContaining({ key, expected: rules.helpForm.find((h) => h.lang === lang)!.form })]);
    // The same text outside the help's descriptions is not held to the form.
    expect(check(lang, { [key]: text }).filter((x) => x.kind === 'helpForm')).toEqual([]);
  });

  it('every error the native review found (issue 31) is caught in its old wording', () => {
    const old: [string, string, string, string][] = [
      ['es', 'crawlers.colVerdict', 'Resultado', 'term'],
      ['sk', 'crawlers.colVerdict', 'Výsledok', 'term'],
      ['ru', 'crawlers.colVerdict', 'Результат', 'term'],
      ['zh_TW', 'crawlers.colVerdict', '結果', 'term'],
      ['sk', 'summary.renderBlocked', 'nevykreslené: robots.txt stránku Googlebotu blokuje (stav k $1)', 'avoid'],
      ['sk', 'render.cause.scriptBlocked', 'skript $1 Googlebotu zakazuje $2, riadok $3 ($4): Google ho nikdy nespustí.', 'avoid'],
      ['sk', 'privacy.requestsIntro', 'Iba pre funkciu, ktorú používate (možnosť bajtového limitu na tejto stránke a možnosť kontroly 304):', 'avoid'],
      ['sk', 'privacy.requestDns', 'spätné a priame vyhľadávania DNS adries, ktoré overujete, odoslané resolveru DNS cez HTTPS (dns.google alebo cloudflare-dns.com).', 'avoid'],
      ['ru', 'privacy.requestRender', 'при рендеринге, который вы запускаете: страницу и скрипты от имени Googlebot;', 'avoid'],
      ['zh_TW', 'cli.help.flag.render', '另外以 Googlebot 身分逐一轉譯每個已抓取的網址（crawlscope render）', 'avoid'],
      ['zh_TW', 'privacy.requestPage', '從網頁自己的網站再次取得網頁：比較時以 Googlebot 智慧型手機版和 Googlebot 電腦版取得；304 檢查時再以條件式請求取得兩次；', 'avoid'],
      ['zh_TW', 'privacy.reads', '每個分頁主要文件在網頁載入時的狀態列、標頭、重新導向和伺服器位址。', 'avoid'],
      ['zh_TW', 'privacy.intro', 'Crawlscope 沒有伺服器，也沒有帳戶：以下所有動作都只發生在你的瀏覽器與所列網站及服務之間。', 'address'],
      ['es', 'privacy.requestPage', 'la página otra vez: como Googlebot para smartphones y Googlebot para ordenadores en la comparación;', 'avoid'],
      ['sk', 'privacy.requestPage', 'stránku znova z jej vlastného webu: ako Googlebot pre smartfóny a Googlebot pre počítače pri porovnaní;', 'avoid'],
      ['es', 'render.userAgent', 'Agente de usuario: $1', 'avoid'],
      ['es', 'render.outcome.not-fetched', 'el renderizador de Google no lo obtiene', 'avoid'],
      ['sk', 'render.outcome.blocked-robots', 'blokované v robots.txt, riadok $1', 'avoid'],
      ['es', 'cli.help.flag.followForeign', 'solicitar también las URLs que un sitemap no puede incluir (otro host); siguen listadas', 'helpForm'],
    ];
    const missed = old.filter(([lang, key, text, kind]) => !check(lang, { [key]: text }, HELP_DESCRIPTIONS).some((f) => f.kind === kind && f.key === key));
    expect(missed).toEqual([]);
  });

  it('a store listing: a wrong word on a line is reported by file and line; lines that do not follow English are reported once', () => {
    const en = 'Crawlscope shows it.\n\n• Render as Googlebot (Chrome) — the page rendered in a window of its own.\n';
    const zh = storeLines('store/zh_TW/description.md', 'zh_TW', 'Crawlscope 顯示。\n\n• 以 Googlebot 身分轉譯（Chrome）：在專屬視窗中轉譯網頁。\n', en);
    const f = checkTerminology(rules, 'zh_TW', zh.messages, zh.english);
    expect(f.map((x) => [x.key, x.kind, x.found])).toEqual([
      ['store/zh_TW/description.md:3', 'term', 'Render'],
      ['store/zh_TW/description.md:3', 'avoid', '轉譯'],
    ]);
    const shifted = storeLines('store/zh_TW/description.md', 'zh_TW', 'Crawlscope 顯示。\n• 以 Googlebot 身分渲染。\n', en);
    expect(shifted.findings.map((x) => [x.kind, x.key])).toEqual([['lines', 'store/zh_TW/description.md']]);
    expect(Object.keys(shifted.messages)).toEqual(['store/zh_TW/description.md']);
  });

  it('names are not words: addresses, options, file names and tokens do not ask for a term', () => {
    const en = { a: 'the render block (--render, docs/report-schema.json)', b: 'Google-Site-Verification', c: 'see https://example.com/crawl' };
    expect(checkTerminology(rules, 'zh_TW', { a: 'render 區塊（--render，docs/report-schema.json）', b: 'Google-Site-Verification', c: '見 https://example.com/crawl' }, en)).toEqual([]);
  });

  it('a key a rule names as an exception is not reported, in that language only', () => {
    expect(only(check('de', withText('de', 'crawlers.colCrawler', 'User-Agent-Token')), 'crawlers.colCrawler')).toEqual([]);
    expect(only(check('es', withText('es', 'crawlers.colCrawler', 'Token usuario-agente')), 'crawlers.colCrawler').map((x) => x.rule)).toEqual(['crawler']);
    expect(only(check('de', withText('de', 'crawlers.colVerdict', 'Token')), 'crawlers.colVerdict')).toHaveLength(1);
  });

  it('\\b in a pattern is a word boundary in every script', () => {
    expect(rulePattern('\\bкэш\\b', 't').test('из кэша')).toBe(false);
    expect(rulePattern('\\bкэш\\p{L}*', 't').test('из кэша')).toBe(true);
    expect(rulePattern('\\bGooglebotu\\b', 't').test('Googlebotovi')).toBe(false);
    expect(rulePattern('\\bGooglebotu\\b', 't').test('stránku Googlebotu blokuje')).toBe(true);
    expect(rulePattern('a\\\\b', 't').test('a\\b')).toBe(true);
  });
});
