// Mobile vs desktop: extract + diff of two 2 MB HTML responses, against parsing them alone.
import { parse } from 'parse5';
import { median, type BenchRow } from './harness';
import { compareFetches, diffWords } from '../lib/compare';
import type { AgentFetch } from '../lib/crawl';
import { DEFAULT_LIMIT } from '../lib/bytes';

const RUNS = 9;
const WARMUP = 2;
const enc = new TextEncoder();

/**
 * CPU milliseconds per run (process.cpuUsage: user + system). The machine running the bench
 * is shared, so wall time mostly measures the neighbours; CPU time measures the work.
 * Wall-clock medians go in the note.
 */
function cpuSample(fn: () => unknown, runs: number, warmup = WARMUP): { cpu: number[]; wall: number[] } {
  for (let i = 0; i < warmup; i++) fn();
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { cpu, wall };
}
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** A product-listing page of about `bytes` bytes; `mobile` drops every 10th section and some links. */
function page(bytes: number, mobile: boolean): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${mobile ? 'Shoes (m)' : 'Shoes'}</title>
<meta name="viewport" content="width=device-width"><link rel="canonical" href="https://shop.example/shoes">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","name":"Shoes"}</script></head><body><h1>Shoes</h1>\n`;
  const parts = [head];
  let size = enc.encode(head).length;
  for (let i = 0; size < bytes - 200; i++) {
    const section =
      `<section><h2>Model ${i}</h2><p>Model ${i} is a walking shoe with a leather upper, a rubber sole and a wool lining, ` +
      `tested for ${i % 50} kilometres on wet stone before it ships; sizes ${36 + (i % 12)} to ${40 + (i % 8)}.</p>` +
      `<a href="/shoes/${i}">Model ${i}</a> <a href="https://reviews.example/${i}">Reviews</a>` +
      `<img src="/img/${i}.jpg"${i % 7 ? ` alt="Model ${i}"` : ''}></section>\n`;
    size += enc.encode(section).length;
    if (mobile && i % 10 === 9) continue;
    parts.push(mobile && i % 5 === 0 ? section.replace(/ <a href="https:\/\/reviews[^<]+<\/a>/, '') : section);
  }
  parts.push('</body></html>\n');
  return parts.join('');
}

function fetched(agent: 'mobile' | 'desktop', html: string): AgentFetch {
  const n = enc.encode(html).length;
  return {
    agent,
    userAgent: agent,
    requestedUrl: 'https://shop.example/shoes',
    redirects: [],
    finalUrl: 'https://shop.example/shoes',
    statusLine: 'HTTP/1.1 200 OK',
    status: 200,
    headers: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
    bodyBytes: n,
    complete: true,
    bodyEnd: 'end',
    keptBytes: Math.min(n, DEFAULT_LIMIT),
    limit: DEFAULT_LIMIT,
    cutAt: null,
    html,
    error: null,
    durationMs: 0,
  };
}

export default async function compareBench(): Promise<BenchRow[]> {
  const size = DEFAULT_LIMIT - 1000;
  const desktop = page(size, false);
  const mobile = page(size, true);
  const d = fetched('desktop', desktop);
  const m = fetched('mobile', mobile);
  const rows: BenchRow[] = [];

  const parseOnly = cpuSample(() => [parse(desktop), parse(mobile)], RUNS);
  const c = compareFetches(m, d);
  const full = cpuSample(() => compareFetches(m, d), RUNS);
  rows.push({
    name: `extract + diff of two 2 MB HTML responses (${enc.encode(mobile).length.toLocaleString('en')} / ${enc.encode(desktop).length.toLocaleString('en')} bytes), CPU time`,
    value: median(full.cpu),
    unit: 'ms',
    runs: RUNS,
    baseline: { name: 'parse5 parse of both alone', value: median(parseOnly.cpu) },
    note: `wall ${ms(median(full.wall))}; ${c.differences.length} differing fields; word diff ${c.textDiff?.exact ? 'aligned' : 'by counts'}: −${c.textDiff?.removedCount} +${c.textDiff?.addedCount} words`,
  });

  const same = cpuSample(() => compareFetches(fetched('mobile', desktop), d), RUNS);
  rows.push({
    name: 'extract + diff of two identical 2 MB HTML responses, CPU time',
    value: median(same.cpu),
    unit: 'ms',
    runs: RUNS,
    baseline: { name: 'parse5 parse of both alone', value: median(parseOnly.cpu) },
    note: `wall ${ms(median(same.wall))}`,
  });

  // Worst case for the word diff: nothing in common, so Myers gives up at its cap and counts words.
  const a = Array.from({ length: 300_000 }, (_, i) => `d${i}`);
  const b = Array.from({ length: 300_000 }, (_, i) => `m${i}`);
  const hostile = cpuSample(() => diffWords(a, b), 5, 1);
  rows.push({
    name: 'word diff, 300,000 vs 300,000 words with nothing in common (falls back at the edit cap), CPU time',
    value: median(hostile.cpu),
    unit: 'ms',
    runs: 5,
    note: `wall ${ms(median(hostile.wall))}`,
  });
  return rows;
}
