// Runs every bench/*.bench.ts and prints one table.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './harness';
import { startDemoSite } from '../tests/fixtures/demo-site/server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

const site = await startDemoSite();
const rows: { file: string; row: BenchRow }[] = [];
try {
  for (const f of files) {
    process.stderr.write(`bench: ${f}…\n`);
    const mod = (await import(path.join(here, f))) as { default: (ctx: { demo: string }) => Promise<BenchRow[]> };
    for (const row of await mod.default({ demo: site.origin })) rows.push({ file: f, row });
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
