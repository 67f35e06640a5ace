// robots.txt: parse a 500 KiB file and judge one URL for Googlebot, and for every Google token;
// then verdicts per second against the parsed file; and the pathological wildcard pattern.
// The first two rows are measured against Google's own C++ library when CRAWLSCOPE_ROBOTSTXT_CPP
// names the timing program of bench/cpp (built as bench/README.md says), else against one pass
// that counts line ends.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, sample, type BenchRow } from './harness';
import { evaluateForGoogle, GOOGLE_CRAWLERS, matchAgent, parseRobotsTxt, patternMatches } from '../lib/robots';

const RUNS = 25;
const WARMUP = 5;
/** JS and C++ take turns this many times (RUNS runs each), so drift on a busy machine hits both alike. */
const ROUNDS = 3;

/** A 500 KiB (512,000-byte) robots.txt: many named groups, a large Googlebot group and a * group. */
function bigRobotsTxt(): string {
  const lines: string[] = ['# Crawlscope bench robots.txt', 'Sitemap: https://example.com/sitemap.xml', ''];
  let size = 0;
  const push = (l: string) => {
    lines.push(l);
    size += l.length + 1;
  };
  for (let g = 0; size < 200_000; g++) {
    push(`User-agent: bench-bot-${String.fromCharCode(97 + (g % 26))}${String.fromCharCode(97 + ((g / 26) % 26))}`);
    for (let r = 0; r < 8; r++) push(`Disallow: /section-${g}/path-${r}/*.php$`);
    push(`Allow: /section-${g}/public/`);
    push('');
  }
  push('User-agent: Googlebot');
  for (let r = 0; size < 380_000; r++) push(r % 3 === 0 ? `Allow: /catalog/${r}/*/print$` : `Disallow: /catalog/${r}/*?sort=`);
  push('');
  push('User-agent: *');
  for (let r = 0; size < 511_900; r++) push(`Disallow: /tmp-${r}/`);
  let text = lines.join('\n') + '\n';
  text = text.padEnd(512_000 - 1, '#') + '\n';
  return text;
}

/** Times (ms) of each run of Google's library, from bench/cpp/robots_timing; null when it is not configured. */
function googleCpp(bytes: Uint8Array, url: string): { one: number[]; all: number[] } | null {
  const exe = process.env.CRAWLSCOPE_ROBOTSTXT_CPP;
  if (!exe) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-robots-'));
  try {
    const file = path.join(dir, 'robots.txt');
    fs.writeFileSync(file, bytes);
    const tokens = GOOGLE_CRAWLERS.map((c) => c.token);
    const out = JSON.parse(execFileSync(exe, [file, String(RUNS), String(WARMUP), url, ...tokens], { encoding: 'utf8' })) as { bytes: number; one: number[]; all: number[] };
    if (out.bytes !== bytes.length) throw new Error(`${exe} read ${out.bytes} bytes, not ${bytes.length}`);
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const fastest = (xs: number[]) => Math.min(...xs).toFixed(2);

export default async function robotsBench(): Promise<BenchRow[]> {
  const text = bigRobotsTxt();
  const bytes = new TextEncoder().encode(text);
  const url = 'https://example.com/catalog/12345/shoes/red?sort=price&page=2';
  const rows: BenchRow[] = [];

  // Baseline without the C++ library: the least a parser must do — read every byte once and find the line ends.
  const scan = await sample(() => {
    let n = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) n++;
    return n;
  }, RUNS, WARMUP);
  const one: number[] = [];
  const all: number[] = [];
  const cppOne: number[] = [];
  const cppAll: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    one.push(...(await sample(() => matchAgent(parseRobotsTxt(bytes), 'Googlebot', url), RUNS, WARMUP)));
    all.push(...(await sample(() => evaluateForGoogle(bytes, url), RUNS, WARMUP)));
    const cpp = googleCpp(bytes, url);
    if (cpp) {
      cppOne.push(...cpp.one);
      cppAll.push(...cpp.all);
    }
  }
  const groups = parseRobotsTxt(bytes).groups.length;
  const line = { name: 'one pass counting line ends', value: median(scan) };
  rows.push({
    name: `parse ${bytes.length.toLocaleString('en')}-byte robots.txt + the verdict for Googlebot, one URL`,
    value: median(one),
    unit: 'ms',
    runs: one.length,
    baseline: cppOne.length ? { name: "Google's robotstxt (C++): OneAgentAllowedByRobots", value: median(cppOne) } : line,
    note: `${groups} groups; fastest run ${fastest(one)} ms${cppOne.length ? ` (C++ ${fastest(cppOne)} ms)` : ''}`,
  });
  rows.push({
    name: `parse ${bytes.length.toLocaleString('en')}-byte robots.txt + verdicts for all ${GOOGLE_CRAWLERS.length} tokens, one URL`,
    value: median(all),
    unit: 'ms',
    runs: all.length,
    baseline: cppAll.length ? { name: `Google's robotstxt (C++): AllowedByRobots with the ${GOOGLE_CRAWLERS.length} tokens (one parse, one verdict)`, value: median(cppAll) } : line,
    note: `fastest run ${fastest(all)} ms${cppAll.length ? ` (C++ ${fastest(cppAll)} ms)` : ''}`,
  });

  const parsed = parseRobotsTxt(bytes);
  const urls = Array.from({ length: 1000 }, (_, i) => `https://example.com/${i % 2 ? 'catalog' : 'section-' + (i % 700)}/${i}/item-${i}.php?sort=${i}`);
  const perRun = await sample(() => {
    for (const u of urls) evaluateForGoogle(parsed, u);
  }, 10, 1);
  rows.push({
    name: `verdicts per second: 1,000 URLs × ${GOOGLE_CRAWLERS.length} tokens against the parsed file`,
    value: (urls.length * GOOGLE_CRAWLERS.length) / (median(perRun) / 1000),
    unit: 'verdicts/s',
    runs: 10,
    note: `${median(perRun).toFixed(1)} ms per 1,000 URLs (fastest run ${Math.min(...perRun).toFixed(1)} ms)`,
  });

  // The matcher works on the path as a one-char-per-byte string (converted once per URL).
  const path = '/' + 'a'.repeat(1999);
  const evil = '/*a*a*a*a*a*a*a*a*a*a*b';
  const plain = '/' + 'a'.repeat(evil.length - 1);
  const reps = 100;
  const hard = await sample(() => {
    for (let i = 0; i < reps; i++) patternMatches(path, evil);
  }, RUNS, WARMUP);
  const easy = await sample(() => {
    for (let i = 0; i < reps; i++) patternMatches(path, plain);
  }, RUNS, WARMUP);
  rows.push({
    name: `${evil} against a 2,000-byte path (per match)`,
    value: (median(hard) / reps) * 1000,
    unit: 'µs',
    runs: RUNS,
    baseline: { name: 'a plain prefix of the same length', value: (median(easy) / reps) * 1000 },
    note: `fastest run ${((Math.min(...hard) / reps) * 1000).toFixed(2)} µs`,
  });
  return rows;
}
