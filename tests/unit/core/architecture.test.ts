// The shape of the code base, checked: lib/ is pure (no browser globals), lib/ file names follow
// their export (camelCase or a class name), and no module imports itself through others.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const walk = (d: string): string[] =>
  fs
    .readdirSync(path.join(repo, d), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path.join(d, e.name)] : []));
const sources = ['lib', 'utils', 'entrypoints', 'components', 'modules', 'cli'].flatMap(walk);

/** Relative imports of a file (static `import … from`, `export … from`, and `import('…')`), resolved to files. */
function importsOf(file: string): string[] {
  const src = fs.readFileSync(path.join(repo, file), 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    if (m[1]) continue; // `import type` is erased: it cannot form a cycle at run time
    const spec = m[2] ?? m[3]!;
    const base = path.join(path.dirname(file), spec);
    const hit = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((p) => fs.existsSync(path.join(repo, p)) && fs.statSync(path.join(repo, p)).isFile());
    if (hit && /\.(ts|tsx)$/.test(hit)) out.push(path.normalize(hit));
  }
  return out;
}

describe('architecture', () => {
  it('no import cycles', () => {
    const graph = new Map(sources.map((f) => [path.normalize(f), importsOf(f)]));
    // The scan sees the code's real imports (so this check can fail): e.g. the popup's gatherer imports lib/indexability.
    expect([...graph.values()].reduce((n, e) => n + e.length, 0)).toBeGreaterThan(300);
    expect(graph.get(path.normalize('entrypoints/popup/report/gather.ts'))).toContain(path.normalize('lib/indexability/index.ts'));
    // Tarjan's strongly connected components: any component of more than one file is a cycle.
    let index = 0;
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const on = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string) => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      on.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!idx.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
      }
      if (low.get(v) === idx.get(v)) {
        const comp: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          comp.push(w);
        } while (w !== v);
        if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(comp.sort());
      }
    };
    for (const v of graph.keys()) if (!idx.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });

  it('lib/ touches no browser global', () => {
    const offenders = sources
      .filter((f) => f.startsWith('lib'))
      .filter((f) => {
        const src = fs.readFileSync(path.join(repo, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
        return /\b(browser|chrome|window|document|localStorage|sessionStorage)\s*\./.test(src) || /from ['"](wxt|webextension-polyfill)/.test(src);
      });
    expect(offenders).toEqual([]);
  });

  it('lib/ files are named after what they export (camelCase, or the class they hold)', () => {
    const bad = sources.filter((f) => f.startsWith('lib') && !/^[a-zA-Z][a-zA-Z0-9]*\.ts$/.test(path.basename(f)));
    expect(bad).toEqual([]);
  });
});
