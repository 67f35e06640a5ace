// Small DOM helpers for puppeteer pages, with Playwright's expect.poll doing the waiting (the
// equivalents of the Chromium suite's toHaveAttribute / toHaveText / toHaveCount).
import { expect } from '@playwright/test';
import type { Page } from 'puppeteer-core';

/** The selector of a data-testid. */
export const tid = (id: string) => `[data-testid="${id}"]`;

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

export function attr(page: Page, selector: string, name: string): Promise<string | null> {
  return page.evaluate((s, n) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name);
}

/** Text of the first match, whitespace collapsed; null when nothing matches. */
export async function text(page: Page, selector: string): Promise<string | null> {
  const t = await page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
  return t === null ? null : norm(t);
}

/** Texts of every match, whitespace collapsed. */
export async function texts(page: Page, selector: string): Promise<string[]> {
  return (await page.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), selector)).map(norm);
}

export function count(page: Page, selector: string): Promise<number> {
  return page.evaluate((s) => document.querySelectorAll(s).length, selector);
}

type Wait = { timeout?: number };

export async function expectAttr(page: Page, selector: string, name: string, value: string, opts: Wait = {}): Promise<void> {
  await expect.poll(() => attr(page, selector, name), { message: `${selector} [${name}]`, ...opts }).toBe(value);
}

export async function expectText(page: Page, selector: string, value: string | RegExp, opts: Wait = {}): Promise<void> {
  const p = expect.poll(() => text(page, selector), { message: `text of ${selector}`, ...opts });
  if (typeof value === 'string') await p.toBe(norm(value));
  else await p.toMatch(value);
}

export async function expectTexts(page: Page, selector: string, value: string[], opts: Wait = {}): Promise<void> {
  await expect.poll(() => texts(page, selector), { message: `texts of ${selector}`, ...opts }).toEqual(value.map(norm));
}

export async function expectContains(page: Page, selector: string, part: string, opts: Wait = {}): Promise<void> {
  await expect.poll(async () => (await text(page, selector)) ?? '', { message: `text of ${selector}`, ...opts }).toContain(norm(part));
}

export async function expectCount(page: Page, selector: string, n: number, opts: Wait = {}): Promise<void> {
  await expect.poll(() => count(page, selector), { message: `count of ${selector}`, ...opts }).toBe(n);
}

/** Clicks the first match once it is visible (a real, trusted click: it counts as a user gesture). */
export async function click(page: Page, selector: string, opts: Wait = {}): Promise<void> {
  const el = await page.waitForSelector(selector, { visible: true, timeout: opts.timeout ?? 10_000 });
  await el!.click();
  await el!.dispose();
}

/** Sets a textarea's or input's value as typing would (React sees the input event). */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.waitForSelector(selector);
  await page.evaluate(
    (s, v) => {
      const el = document.querySelector(s) as HTMLTextAreaElement | HTMLInputElement;
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      el.focus();
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    selector,
    value,
  );
}

/** The value of an input or textarea. */
export function value(page: Page, selector: string): Promise<string> {
  return page.evaluate((s) => (document.querySelector(s) as HTMLTextAreaElement).value, selector);
}

/**
 * The JSON a "Download" button produces: the Blob the page hands to URL.createObjectURL is read
 * back (the download itself is not started: headless Firefox would ask where to save it).
 */
export async function downloadedJson(page: Page, selector: string): Promise<unknown> {
  const textOf = await page.evaluate(async (s) => {
    const w = window as unknown as { __csBlob?: Blob };
    const create = URL.createObjectURL;
    const clickAnchor = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      if (b instanceof Blob) w.__csBlob = b;
      return create.call(URL, b);
    };
    HTMLAnchorElement.prototype.click = function () {};
    try {
      (document.querySelector(s) as HTMLElement).click();
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = clickAnchor;
    }
    return w.__csBlob ? await w.__csBlob.text() : null;
  }, selector);
  if (textOf === null) throw new Error(`${selector} produced no file`);
  return JSON.parse(textOf);
}
