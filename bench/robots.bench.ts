// robots.txt: parse a 500 KiB file once and judge one URL for every Google token; then verdicts
// per second against the parsed file; and the pathological wildcard pattern.
import { median, sample, type BenchRow } from './harness';
import { evaluateForGoogle, GOOGLE_CRAWLERS, parseRobotsTxt, patternMatches } from '../lib/robots';

const RUNS = 25;
const WARMUP = 5;

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

export default async function robotsBench(): Promise<BenchRow[]> {
  const text = bigRobotsTxt();
  const bytes = new TextEncoder().encode(text);
  const url = 'https://example.com/catalog/12345/shoes/red?sort=price&page=2';
  const rows: BenchRow[] = [];

  // Baseline: the least a parser must do — read every byte once and find the line ends.
  const scan = await sample(() => {
    let n = 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) n++;
    return n;
  }, RUNS, WARMUP);
  const parseAndJudge = await sample(() => evaluateForGoogle(bytes, url), RUNS, WARMUP);
  rows.push({
    name: `parse ${bytes.length.toLocaleString('en')}-byte robots.txt + verdicts for all ${GOOGLE_CRAWLERS.length} tokens, one URL`,
    value: median(parseAndJudge),
    unit: 'ms',
    runs: RUNS,
    baseline: { name: 'one pass counting line ends', value: median(scan) },
    note: `${parseRobotsTxt(bytes).groups.length} groups; fastest run ${Math.min(...parseAndJudge).toFixed(2)} ms (medians suffer when the machine is busy)`,
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
