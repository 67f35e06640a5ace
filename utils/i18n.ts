/**
 * The i18n layer of every extension page: one typed `t` and one set of formatters, all in the UI
 * language (the Options choice, else the browser's language, else English).
 *
 * A page calls `await initI18n()` before its first render; it loads the language's dictionary
 * (`i18n/<lang>.json`, built from locales/<lang>.yml by modules/i18n.ts) and English to fall
 * back on, and sets `<html lang>`. Number parameters are formatted with Intl in the UI language,
 * and a `{$N, plural, …}` message picks the language's plural form for $N.
 */
import { browser } from 'wxt/browser';
import { createTranslator, DEFAULT_LANGUAGE, languageTag, resolveUiLanguage, type MessageParam, type Translator, type UiLanguage } from '../lib/i18n';
import { uiLanguage as uiLanguageSetting } from './settings';
import type { MessageKey, MessageParams } from '../.wxt/i18n/messages';

export type { MessageKey, MessageParams, MessageParam };

let language: UiLanguage = DEFAULT_LANGUAGE;
let tag = 'en';
let messages: Record<string, string> = {};
let english: Record<string, string> = {};
let translator: Translator = createTranslator('en', {});

async function loadDictionary(id: UiLanguage): Promise<Record<string, string>> {
  const res = await fetch(browser.runtime.getURL(`/i18n/${id}.json` as never));
  if (!res.ok) throw new Error(`i18n/${id}.json: HTTP ${res.status}`);
  return (await res.json()) as Record<string, string>;
}

function setLanguage(id: UiLanguage) {
  language = id;
  tag = languageTag(id);
  translator = createTranslator(tag, messages, english);
  if (typeof document !== 'undefined') document.documentElement.lang = tag;
}

/** Loads the UI language's messages; call once before a page's first render. */
export async function initI18n(): Promise<UiLanguage> {
  const preference = await uiLanguageSetting.getValue().catch(() => 'browser' as const);
  const id = resolveUiLanguage(preference, [browser.i18n.getUILanguage(), ...(globalThis.navigator?.languages ?? [])]);
  const [mine, en] = await Promise.all([
    loadDictionary(id).catch(() => null),
    id === 'en' ? null : loadDictionary('en').catch(() => ({})),
  ]);
  english = id === 'en' ? (mine ?? {}) : (en ?? {});
  messages = mine ?? english;
  setLanguage(mine ? id : 'en');
  return language;
}

/** Test and build helpers: use these messages directly (no fetch). */
export function useMessages(id: UiLanguage, dict: Record<string, string>, fallback: Record<string, string> = dict) {
  messages = dict;
  english = fallback;
  setLanguage(id);
}

type Args<K extends MessageKey> = MessageParams[K] extends [] ? [params?: []] : [params: MessageParams[K]];

/** The message `key` in the UI language, with its parameters (numbers are formatted, plurals chosen). */
function t<K extends MessageKey>(key: K, ...args: Args<K>): string {
  return translator.t(key, (args[0] ?? []) as MessageParam[]);
}

/** For keys built at run time from a result's code (`verdict.${code}`): untyped on purpose. */
function tDynamic(key: string, params: readonly MessageParam[] = []): string {
  return translator.t(key, params);
}

export const i18n = { t, tDynamic };
export { tDynamic };

/** The UI language's id (`de`, `zh_TW`) and BCP 47 tag (`de`, `zh-TW`). */
export const currentUiLanguage = () => language;
export const uiLocale = () => tag;

/** The messages under a prefix, for code that renders outside the extension's pages (the in-page overlay). */
export function messagesUnder(prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(english)) if (k.startsWith(prefix)) out[k] = messages[k] ?? english[k]!;
  return out;
}

// ── numbers, sizes, dates and durations, all in the UI language ────────────────────────────

/** An integer: 2,097,152 (en), 2.097.152 (de), 2 097 152 (ru). */
export const formatInt = (n: number): string => translator.formatters.number(Math.round(n));

/** A number with at most `digits` fraction digits. */
export const formatNumber = (n: number, digits = 1): string =>
  new Intl.NumberFormat(tag, { maximumFractionDigits: digits }).format(n);

/** A share: 0.42 → 42 % (in the language's style). */
export const formatPercent = (ratio: number, digits = 0): string =>
  new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: digits }).format(ratio);

const unit = (n: number, u: string, digits: number) =>
  new Intl.NumberFormat(tag, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: digits }).format(n);

/** A size for reading at a glance (exact byte counts use formatInt): 512 B, 1.5 kB, 2 MB, 1.02 GB. */
export function formatBytes(n: number): string {
  if (n < 1000) return unit(n, 'byte', 0);
  if (n < 1_000_000) return unit(n / 1000, 'kilobyte', 1);
  if (n < 1_000_000_000) return unit(n / 1_000_000, 'megabyte', 1);
  return unit(n / 1_000_000_000, 'gigabyte', 2);
}

/** A duration: 850 ms, 12.5 s, 3 min. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return unit(Math.round(ms), 'millisecond', 0);
  if (ms < 60_000) return unit(ms / 1000, 'second', 1);
  if (ms < 3_600_000) return unit(ms / 60_000, 'minute', 0);
  return unit(ms / 3_600_000, 'hour', 1);
}

/** Date and time of day. */
export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms);
}

/** Time of day. */
export const formatTime = (ms: number): string => new Intl.DateTimeFormat(tag, { timeStyle: 'medium' }).format(ms);

/** When something happened: the time of day if it was today, else the date and time. */
export function formatWhen(ms: number, now = Date.now()): string {
  const a = new Date(ms);
  const b = new Date(now);
  const today = a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  return today ? formatTime(ms) : new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

/** A list in the language's own style: "a, b and c" (en), "a, b y c" (es), "a、b和c" (zh-TW). */
export const formatList = (items: readonly string[]): string => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' }).format(items);
