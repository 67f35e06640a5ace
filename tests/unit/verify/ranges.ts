import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RangeFiles } from '../../../lib/verify';

const dir = fileURLToPath(new URL('../../fixtures/google-ipranges/', import.meta.url));

/** The 2026-08-21 snapshot of Google's three range files (tests/fixtures/google-ipranges). */
export function loadSnapshot(): RangeFiles {
  const files: RangeFiles = {};
  for (const name of ['common-crawlers', 'special-crawlers', 'user-triggered-fetchers']) {
    files[name] = JSON.parse(readFileSync(`${dir}${name}.json`, 'utf8'));
  }
  return files;
}
