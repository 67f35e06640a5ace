// The command line's --help and usage errors in the user's language: built from locales/<lang>.yml,
// chosen by --lang (before any other argument is read) or the environment (LANG), wrapped to 100
// columns by display width. Expected text comes from the locale files, never pinned.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli';
import { messagesOf, sayIn } from '../../support/say';
import { displayWidth } from '../../../cli/displayWidth';
import { wrapText } from '../../../cli/helpText';
import { SITE_CHECK_DEFAULTS as D } from '../../../lib/sitecheck';
import { LIMIT_CHOICES } from '../../../lib/bytes/limits';
import { RENDER_TIME_LIMIT_MS, RENDER_VIEWPORTS } from '../../../lib/render';

const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('crawlscope --help in the language of --lang', () => {
  it('German: every heading, the paragraphs and each flag line as locales/de.yml words them; nothing left in English', async () => {
    const { code, out, err } = await runCli(['--help', '--lang=de']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const de = (key: string, params: (string | number)[] = []) => sayIn('de', key, params);
    const lines = out.split('\n');
    expect(lines[0]).toBe(de('cli.help.usage'));
    expect(lines).toContain(de('cli.help.options'));
    const text = flat(out);
    expect(text).toContain(`crawlscope [options] --sitemap <url> ${de('cli.help.command.sitemap')}`);
    expect(text).toContain(de('cli.help.about'));
    expect(text).toContain(`--agent smartphone|desktop ${de('cli.help.flag.agent', [D.agent])}`);
    expect(text).toContain(`--limit <bytes> ${de('cli.help.flag.limit', [LIMIT_CHOICES.join(', '), String(D.limit)])}`);
    expect(text).toContain(`--concurrency <n> ${de('cli.help.flag.concurrency', [String(D.minConcurrency), String(D.maxConcurrency), String(D.concurrency)])}`);
    expect(text).toContain(`--max-urls <n> ${de('cli.help.flag.maxUrls', [String(D.maxUrls)])}`);
    expect(text).toContain(`-h, --help ${de('cli.help.flag.help')}`);
    expect(text).toContain(de('cli.help.exit'));
    // The German file words them differently from English, and the English is gone.
    const en = messagesOf('en');
    expect(de('cli.help.about')).not.toBe(en['cli.help.about']);
    expect(text).not.toContain(en['cli.help.exit']!);
    expect(text).not.toContain(en['cli.help.flag.help']!);
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(100);
  }, 60_000);

  it('render --help in Traditional Chinese, from LANG: the flag lines and the paragraph, within 100 columns', async () => {
    const { code, out } = await runCli(['render', '--help'], { LANG: 'zh_TW.UTF-8' });
    expect(code).toBe(0);
    const zh = (key: string, params: (string | number)[] = []) => sayIn('zh_TW', key, params);
    expect(out.split('\n')[0]).toBe(zh('cli.help.usage'));
    // CJK lines break between characters (a break may also take a space): without the
    // whitespace, each message is there whole.
    const joined = out.replace(/\s+/g, '');
    const zhJoined = (key: string, params: string[] = []) => zh(key, params).replace(/\s+/g, '');
    expect(joined).toContain(zhJoined('cli.render.about', ['$CHROMIUM_PATH', '/usr/bin/chromium']));
    expect(joined).toContain(`--agentsmartphone|desktop${zhJoined('cli.render.flag.agent', [String(RENDER_VIEWPORTS.smartphone.width), String(RENDER_VIEWPORTS.desktop.width), 'smartphone'])}`);
    expect(joined).toContain(`--max-time<seconds>${zhJoined('cli.render.flag.maxTime', ['5', '60', String(RENDER_TIME_LIMIT_MS / 1000)])}`);
    expect(joined).toContain(zhJoined('cli.render.exit'));
    for (const l of out.split('\n')) expect(displayWidth(l), l).toBeLessThanOrEqual(100);
  }, 60_000);
});

describe('usage errors in the language', () => {
  it('German: a number out of range, an unknown option, a missing value (exit 2, then the German help)', async () => {
    const range = await runCli(['--lang', 'de', '--concurrency', '0', 'http://127.0.0.1:9/']);
    expect(range.code).toBe(2);
    const errLines = range.err.split('\n');
    expect(errLines[0]).toBe(`crawlscope: ${sayIn('de', 'cli.error.wholeNumber', ['--concurrency', String(D.minConcurrency), String(D.maxConcurrency), '0'])}`);
    expect(errLines[2]).toBe(sayIn('de', 'cli.help.usage'));
    expect((await runCli(['--bogus', '--lang=de'])).err.split('\n')[0]).toBe(`crawlscope: ${sayIn('de', 'cli.error.unknownOption', ['--bogus'])}`);
    expect((await runCli(['--lang=de', '--limit'])).err.split('\n')[0]).toBe(`crawlscope: ${sayIn('de', 'cli.error.needsValue', ['--limit'])}`);
    expect((await runCli(['--lang=de'])).err.split('\n')[0]).toBe(`crawlscope: ${sayIn('de', 'cli.error.nothingToCheck')}`);
  }, 120_000);

  it('Russian from LANG: render with a URL that is not http(s), and a --max-time out of range', async () => {
    const env = { LANG: 'ru_RU.UTF-8' };
    const ftp = await runCli(['render', 'ftp://x/'], env);
    expect(ftp.code).toBe(2);
    expect(ftp.err.split('\n')[0]).toBe(`crawlscope render: ${sayIn('ru', 'cli.error.notUrl', ['ftp://x/'])}`);
    const slow = await runCli(['render', '--max-time', '90', 'http://127.0.0.1:9/'], env);
    expect(slow.code).toBe(2);
    expect(slow.err.split('\n')[0]).toBe(`crawlscope render: ${sayIn('ru', 'cli.render.maxTime', ['5', '60', '90'])}`);
  }, 60_000);
});

describe('wrapping', () => {
  it('breaks at spaces, or between CJK characters but not before their closing punctuation', () => {
    expect(wrapText('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrapText('一二三四五，六七', 10)).toEqual(['一二三四', '五，六七']);
    expect(wrapText('averyveryverylongword x', 5)).toEqual(['averyveryverylongword', 'x']);
  });
});
