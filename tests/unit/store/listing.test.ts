// The store listing of each language (store/<lang>/, made by `npm run store-shots` and written by
// hand): the name and summary the manifest carries in that language, the summary within the Chrome
// Web Store's 132 characters, a description, and the pictures at the sizes the stores ask for.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYAML } from 'confbox';
import { UI_LANGUAGES } from '../../../lib/i18n';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PICTURES: Record<string, [number, number]> = {
  '1-popup.png': [1280, 800],
  '2-compare.png': [1280, 800],
  '3-render.png': [1280, 800],
  '4-sitecheck.png': [1280, 800],
  '5-robots.png': [1280, 800],
  'promo-440x280.png': [440, 280],
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const b = fs.readFileSync(file);
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe.each(UI_LANGUAGES.map((l) => l.id))('store/%s', (id) => {
  const dir = path.join(ROOT, 'store', id);
  const messages = parseYAML(fs.readFileSync(path.join(ROOT, 'locales', `${id}.yml`), 'utf8')) as Record<string, string>;
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8').trim();

  it("has the manifest's name and description as its name and summary, the summary within 132 characters", () => {
    expect(read('name.txt')).toBe(messages.extName);
    expect(read('summary.txt')).toBe(messages.extDescription);
    expect([...read('summary.txt')].length).toBeLessThanOrEqual(132);
  });

  it('has a description that names the product and fits the stores (AMO and the Chrome Web Store: 16,000 characters at most)', () => {
    const d = read('description.md');
    expect(d).toContain('Crawlscope');
    expect(d.length).toBeGreaterThan(800);
    expect(d.length).toBeLessThanOrEqual(16_000);
    if (id !== 'en') expect(d).not.toBe(fs.readFileSync(path.join(ROOT, 'store/en/description.md'), 'utf8').trim());
  });

  it.each(Object.entries(PICTURES))('has %s at %j pixels', (file, size) => {
    expect(pngSize(path.join(dir, file))).toEqual(size);
  });
});
