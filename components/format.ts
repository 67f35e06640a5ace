import { browser } from 'wxt/browser';

let nf: Intl.NumberFormat | null = null;

/** An integer in the browser's UI language: 2,097,152. */
export function formatInt(n: number): string {
  nf ??= new Intl.NumberFormat(browser.i18n.getUILanguage());
  return nf.format(n);
}
