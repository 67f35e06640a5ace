// Runs every bench/*.bench.ts and prints one table. Each file runs in a Node process of its own
// (`run.ts --one <file> <demo origin>`): a fresh heap and fresh JIT feedback, as the command line
// or a page starts, so one bench's garbage and type feedback do not slow the next one's figures.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './harness';
import { startDemoSite } from '../tests/fixtures/demo-site/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = 'bench-rows ';
type BenchModule = { default: (ctx: { demo: string }) => Promise<BenchRow[]> };

if (process.argv[2] === '--one') {
  const [file, demo] = process.argv.slice(3) as [string, string];
  const rows = await ((await import(path.join(here, file))) as BenchModule).default({ demo });
  process.stdout.write(`\n${ROWS}${JSON.stringify(rows)}\n`);
  process.exit(0);
}

const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

/** One bench file in its own process; its rows from the line it prints them on. */
function runFile(file: string, demo: string): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--one', file, demo], { maxBuffer: 64 << 20 }, (err, out) => {
      if (err) return reject(new Error(`${file}: ${err.message}`));
      const line = out.split('\n').findLast((l) => l.startsWith(ROWS));
      if (!line) return reject(new Error(`${file}: no rows`));
      resolve(JSON.parse(line.slice(ROWS.length)) as BenchRow[]);
    });
    child.stderr?.pipe(process.stderr);
  });
}

const site = await startDemoSite();
const rows: { file: string; row: BenchRow }[] = [];
try {
  for (const f of files) {
    process.stderr.write(`bench: ${f}…\n`);
    for (const row of await runFile(f, site.origin)) rows.push({ file: f, row });
  }
} finally {
  await site.close();
}

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const table = rows.map(({ file, row }) => [
  file.replace('.bench.ts', ''),
  row.name,
  `${fmt(row.value)} ${row.unit}`,
  String(row.runs),
  row.baseline ? `${fmt(row.value / row.baseline.value)}× ${row.baseline.name} (${fmt(row.baseline.value)} ${row.unit})` : '',
  row.note ?? '',
]);
const head = ['bench', 'measure', 'median', 'runs', 'ratio to baseline', 'note'];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}`);
for (const r of table) console.log(line(r));
