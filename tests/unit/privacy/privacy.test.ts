// docs/privacy.md is true to the code and to the options page:
//  - every place in the shipped code that can send something over the network (networkCallSites.ts
//    finds them in the syntax tree) is in its table, file by file, with the exact number of places —
//    a new fetch, WebSocket, sendBeacon, hop fetcher or networking import fails here until its line
//    is written; a row for a file that no longer makes requests fails too;
//  - the options page's privacy section (locales/en.yml, `privacy.*`) is in it word for word, and
//    every language has the same section.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYAML } from 'confbox';
import { flattenMessages, UI_LANGUAGES } from '../../../lib/i18n';
import { callSitesIn, callSitesUnder, type CallSite } from './networkCallSites';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/privacy.md'), 'utf8');
const messagesOf = (id: string) => flattenMessages(parseYAML(fs.readFileSync(path.join(ROOT, `locales/${id}.yml`), 'utf8')));

/** The table "Every place in the code that makes a request": file → number of places, and the row's text. */
function documentedRows(text: string): Map<string, { count: number; what: string }> {
  const start = text.indexOf('\n## Every place in the code that makes a request\n');
  if (start < 0) throw new Error('docs/privacy.md has no "## Every place in the code that makes a request" section');
  const rows = new Map<string, { count: number; what: string }>();
  for (const line of text.slice(start).split('\n')) {
    const m = /^\| `([^`]+)` \| (\d+) \| (.*) \|$/.exec(line);
    if (!m) continue;
    if (rows.has(m[1]!)) throw new Error(`docs/privacy.md lists ${m[1]} twice`);
    rows.set(m[1]!, { count: Number(m[2]), what: m[3]!.trim() });
  }
  return rows;
}

/** What differs between the call sites found and the table, one sentence per file. */
function differences(sites: CallSite[], rows: Map<string, { count: number; what: string }>): string[] {
  const byFile = new Map<string, CallSite[]>();
  for (const s of sites) byFile.set(s.file, [...(byFile.get(s.file) ?? []), s]);
  const where = (list: CallSite[]) => list.map((s) => `line ${s.line}: ${s.kind}`).join(', ');
  const out: string[] = [];
  for (const [file, list] of byFile) {
    const row = rows.get(file);
    if (!row) out.push(`${file} makes ${list.length} request(s) (${where(list)}) and docs/privacy.md has no line for it: add \`| \`${file}\` | ${list.length} | <what it requests, and from where> |\``);
    else if (row.count !== list.length) out.push(`${file} has ${list.length} place(s) that make requests (${where(list)}), docs/privacy.md says ${row.count}: describe the new or removed one in its line`);
  }
  for (const [file, row] of rows) {
    if (!byFile.has(file)) out.push(`docs/privacy.md lists ${file} (${row.count}), which makes no request any more (or is gone): remove or correct its line`);
    if (row.what.length < 30) out.push(`docs/privacy.md: the line of ${file} does not say what it requests`);
  }
  return out;
}

describe('docs/privacy.md lists every place in the code that makes a request', () => {
  const sites = callSitesUnder(ROOT);

  it('one line per file, with the number of places the code has', () => {
    expect(differences(sites, documentedRows(doc))).toEqual([]);
  });

  it('finds requests in the code at all (the scan reads the shipped folders)', () => {
    const files = new Set(sites.map((s) => s.file));
    expect(files.has('lib/crawl/webRequestHops.ts')).toBe(true);
    expect(files.has('cli/nodeFetchHop.ts')).toBe(true);
    expect(sites.length).toBeGreaterThanOrEqual(20);
  });

  it('a new request anywhere fails: in a new file, or one more in a listed file', () => {
    const rows = documentedRows(doc);
    const extra: CallSite = { file: 'entrypoints/background/telemetry.ts', line: 3, kind: 'fetch' };
    expect(differences([...sites, extra], rows)).toEqual([
      'entrypoints/background/telemetry.ts makes 1 request(s) (line 3: fetch) and docs/privacy.md has no line for it: add `| `entrypoints/background/telemetry.ts` | 1 | <what it requests, and from where> |`',
    ]);
    const bytes = sites.filter((s) => s.file === 'entrypoints/background/bytes.ts');
    const more = [...sites, { file: 'entrypoints/background/bytes.ts', line: 99, kind: 'new WebSocket' }];
    expect(differences(more, rows)).toEqual([
      `entrypoints/background/bytes.ts has ${bytes.length + 1} place(s) that make requests (${[...bytes.map((s) => `line ${s.line}: ${s.kind}`), 'line 99: new WebSocket'].join(', ')}), docs/privacy.md says ${bytes.length}: describe the new or removed one in its line`,
    ]);
    expect(differences(sites.filter((s) => s.file !== 'utils/i18n.ts'), rows)).toEqual([
      'docs/privacy.md lists utils/i18n.ts (1), which makes no request any more (or is gone): remove or correct its line',
    ]);
  });
});

describe('the call-site scanner', () => {
  it('finds every kind of network call, and none in comments, strings or look-alikes', () => {
    const src = [
      "import http from 'node:http';",
      "import type { Agent } from 'node:https';",
      "const ws = require('ws');",
      'await fetch(url);',
      'await globalThis.fetch(url, { credentials: "omit" });',
      'const f = fetch;',
      'run({ fetch });',
      'wrap(self.fetch);',
      'new XMLHttpRequest();',
      'new WebSocket("wss://x");',
      'new EventSource("/s");',
      'navigator.sendBeacon("/b", data);',
      'importScripts("https://x/y.js");',
      'const hop = extensionHopFetcher({ includeCookies: true });',
      'await opts.fetchHop(url, req);',
      'nodeFetchHop();',
      'await chrome.debugger.attach(target, "1.3");',
      "const m = await import('node:net');",
      'await browser.tabs.update(tabId, { url: finalUrl });',
      'browser.windows.create({ url, focused: false });',
      // Not network calls:
      "browser.tabs.create({ url: browser.runtime.getURL('/popup.html') });",
      "browser.windows.create({ url: 'about:blank' });",
      '// fetch(url) in a comment',
      '/* new WebSocket(x) */',
      'const s = "fetch(url) new XMLHttpRequest()";',
      'fetchReasons(input.fetch);',
      'loadLists({ fetch: fetchNow });',
      "const keys = ['WebSocket', 'fetch'];",
      'type T = { fetch: typeof fetch };',
    ].join('\n');
    expect(callSitesIn('x.ts', src).map((s) => `${s.line} ${s.kind}`)).toEqual([
      '1 import node:http',
      '3 import ws',
      '4 fetch',
      '5 fetch',
      '6 fetch passed on',
      '7 fetch passed on',
      '8 fetch passed on',
      '9 new XMLHttpRequest',
      '10 new WebSocket',
      '11 new EventSource',
      '12 sendBeacon',
      '13 importScripts',
      '14 extensionHopFetcher',
      '15 fetchHop',
      '16 nodeFetchHop',
      '17 debugger.attach',
      '18 import node:net',
      '19 tabs.update to an address',
      '20 windows.create to an address',
    ]);
  });
});

describe("the options page's privacy section", () => {
  const en = messagesOf('en');
  const keys = Object.keys(en).filter((k) => k.startsWith('privacy.'));

  it('is in docs/privacy.md word for word (English)', () => {
    expect(keys.length).toBeGreaterThanOrEqual(10);
    const lines = new Set(doc.split('\n').map((l) => l.replace(/^(#+ |- )/, '')));
    expect(keys.filter((k) => !lines.has(en[k]!)).map((k) => `${k}: ${en[k]}`)).toEqual([]);
  });

  it('names the 24-hour robots.txt cache and both resolvers, as the code has them', () => {
    expect(en['privacy.stores']).toContain('24 hours');
    expect(en['privacy.requestDns']).toContain('dns.google');
    expect(en['privacy.requestDns']).toContain('cloudflare-dns.com');
  });

  it.each(UI_LANGUAGES.map((l) => l.id))('exists in %s with every key, translated', (id) => {
    const m = messagesOf(id);
    expect(keys.filter((k) => !m[k])).toEqual([]);
    if (id !== 'en') expect(keys.filter((k) => m[k] === en[k])).toEqual([]);
  });
});
