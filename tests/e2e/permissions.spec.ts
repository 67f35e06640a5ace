// docs/permissions.md against the built manifests: every permission and host permission that the
// Chrome build (.output/chrome-mv3) and the Firefox build (.output/firefox-mv3) ask for has its row,
// naming that browser, and no row names a browser whose manifest does not ask for it. `npm test`
// builds both before the browser tests; run by hand after `npx wxt build` and `npx wxt build -b firefox`.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.resolve(ROOT, process.env.CRAWLSCOPE_OUT_DIR ?? '.output');
const BROWSERS = [
  { name: 'Chrome', dir: 'chrome-mv3', build: 'npx wxt build' },
  { name: 'Firefox', dir: 'firefox-mv3', build: 'npx wxt build -b firefox' },
] as const;
const TABLES = [
  { key: 'permissions', heading: 'API permissions' },
  { key: 'host_permissions', heading: 'Host permissions' },
] as const;

/** The rows of one table of docs/permissions.md: permission → the browsers its row names. */
function rowsOf(doc: string, heading: string): Map<string, Set<string>> {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/permissions.md has no "## ${heading}" section`);
  const end = doc.indexOf('\n## ', start + 1);
  const rows = new Map<string, Set<string>>();
  for (const line of doc.slice(start, end < 0 ? undefined : end).split('\n')) {
    const m = /^\| `([^`]+)` \| ([^|]+) \|/.exec(line);
    if (!m) continue;
    if (rows.has(m[1]!)) throw new Error(`docs/permissions.md lists \`${m[1]}\` twice under "${heading}"`);
    rows.set(m[1]!, new Set(m[2]!.split(',').map((s) => s.trim())));
  }
  return rows;
}

function manifestOf(b: (typeof BROWSERS)[number]): Record<string, unknown> {
  const file = path.join(OUT, b.dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`${b.build}\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every difference between the manifests and the document, one sentence each (empty when they agree). */
function differences(doc: string, manifests: Record<string, Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const t of TABLES) {
    const rows = rowsOf(doc, t.heading);
    for (const b of BROWSERS) {
      const asked = new Set((manifests[b.name]![t.key] as string[] | undefined) ?? []);
      for (const p of asked) {
        const row = rows.get(p);
        if (!row) out.push(`missing line: the ${b.name} manifest asks for ${t.key} \`${p}\`, and docs/permissions.md has no row for it under "## ${t.heading}" — add \`| \`${p}\` | ${b.name} | <the feature that needs it> | <what the user sees at install> |\``);
        else if (!row.has(b.name)) out.push(`wrong browsers: the ${b.name} manifest asks for ${t.key} \`${p}\`, but its row under "## ${t.heading}" names only ${[...row].join(', ')} — add ${b.name} to that row`);
      }
      for (const [p, names] of rows) {
        if (names.has(b.name) && !asked.has(p)) out.push(`extra line: docs/permissions.md says the ${b.name} manifest asks for ${t.key} \`${p}\` ("## ${t.heading}"), but it does not — remove ${b.name} from that row (or the row)`);
      }
    }
    for (const [p, names] of rows) {
      for (const n of names) if (!BROWSERS.some((b) => b.name === n)) out.push(`unknown browser "${n}" in the row of \`${p}\` ("## ${t.heading}")`);
    }
  }
  // Permissions granted some other way than these two keys would slip past the tables.
  for (const b of BROWSERS) {
    for (const key of ['optional_permissions', 'optional_host_permissions']) {
      const extra = (manifests[b.name]![key] as string[] | undefined) ?? [];
      if (extra.length) out.push(`the ${b.name} manifest has ${key} (${extra.join(', ')}), which docs/permissions.md does not cover`);
    }
  }
  return out;
}

const doc = () => fs.readFileSync(path.join(ROOT, 'docs/permissions.md'), 'utf8');

test('docs/permissions.md has one row for every permission of the built Chrome and Firefox manifests, and none more', () => {
  const manifests = Object.fromEntries(BROWSERS.map((b) => [b.name, manifestOf(b)]));
  // What the builds ask for at the time of writing (a change here is a change to review in the doc too).
  expect((manifests.Chrome!.permissions as string[]).length).toBeGreaterThan(0);
  expect(differences(doc(), manifests)).toEqual([]);
});

test('the comparison catches an added permission, a removed one and a browser left out', () => {
  const manifests = Object.fromEntries(BROWSERS.map((b) => [b.name, manifestOf(b)]));
  const firefox = manifests.Firefox!;
  const added = { ...manifests, Firefox: { ...firefox, permissions: [...(firefox.permissions as string[]), 'history'] } };
  expect(differences(doc(), added)).toEqual([
    'missing line: the Firefox manifest asks for permissions `history`, and docs/permissions.md has no row for it under "## API permissions" — add `| `history` | Firefox | <the feature that needs it> | <what the user sees at install> |`',
  ]);
  const removed = { ...manifests, Chrome: { ...manifests.Chrome!, permissions: (manifests.Chrome!.permissions as string[]).filter((p) => p !== 'storage') } };
  expect(differences(doc(), removed)).toEqual([
    'extra line: docs/permissions.md says the Chrome manifest asks for permissions `storage` ("## API permissions"), but it does not — remove Chrome from that row (or the row)',
  ]);
  const debuggerInFirefox = { ...manifests, Firefox: { ...firefox, permissions: [...(firefox.permissions as string[]), 'debugger'] } };
  expect(differences(doc(), debuggerInFirefox)).toEqual([
    'wrong browsers: the Firefox manifest asks for permissions `debugger`, but its row under "## API permissions" names only Chrome — add Firefox to that row',
  ]);
  const host = { ...manifests, Chrome: { ...manifests.Chrome!, host_permissions: ['<all_urls>', 'https://example.com/*'] } };
  expect(differences(doc(), host)).toHaveLength(1);
});
