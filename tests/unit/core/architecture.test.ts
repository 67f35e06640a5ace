// The shape of the code base, checked: lib/ is pure (no browser globals), lib/ file names follow
// their export (camelCase or a class name), each lib/ folder is entered through its index.ts, and
// no module imports itself through others — not even through type-only imports (the finder and
// the rule are tested on their own: importGraph.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, gateOf, importGraph, sourceFiles } from './importGraph';

const repo = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['lib', 'utils', 'entrypoints', 'components', 'modules', 'cli'];
const sources = sourceFiles(repo, DIRS);

describe('architecture', () => {
  it('no import cycles, type-only imports included', () => {
    const graph = importGraph(repo, DIRS, { '#i18n': 'utils/i18n.ts' });
    // The scan sees the code's real imports (so this check can fail): e.g. the popup's gatherer imports lib/indexability.
    expect([...graph.values()].reduce((n, e) => n + e.length, 0)).toBeGreaterThan(300);
    expect(graph.get(path.normalize('entrypoints/popup/report/gather.ts'))).toContain(path.normalize('lib/indexability/index.ts'));
    // Type-only imports count: the popup's report types are imported only as types.
    expect(graph.get(path.normalize('entrypoints/popup/report/derive.ts'))).toContain(path.normalize('entrypoints/popup/report/types.ts'));
    expect(findCycles(graph)).toEqual([]);
  });

  it('a lib/ folder is entered through its index.ts: from outside it, no other file of it is imported', () => {
    const graph = importGraph(repo, DIRS, { '#i18n': 'utils/i18n.ts' });
    const through = [...graph].flatMap(([from, tos]) => tos.map((to) => [from, to] as const)).filter(([from, to]) => to.startsWith('lib') && !from.startsWith(path.dirname(to)));
    // The check sees the imports across folders, more than 200 of them (so it can fail).
    expect(through.length).toBeGreaterThan(200);
    expect(through.filter(([from, to]) => gateOf(from, to) !== null).map(([from, to]) => `${from} → ${to}`)).toEqual([]);
  });

  it('lib/ touches no browser global', () => {
    const offenders = sources
      .filter((f) => f.startsWith('lib'))
      .filter((f) => {
        const src = fs.readFileSync(path.join(repo, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, '""');
        return /(?<![.\w$])(browser|chrome|window|document|localStorage|sessionStorage)\s*\./.test(src) || /from ['"](wxt|webextension-polyfill)/.test(src);
      });
    expect(offenders).toEqual([]);
  });

  it('lib/ files are named after what they export (camelCase, or the class they hold)', () => {
    const bad = sources.filter((f) => f.startsWith('lib') && !/^[a-zA-Z][a-zA-Z0-9]*\.ts$/.test(path.basename(f)));
    expect(bad).toEqual([]);
  });

  it('entrypoints/, components/, utils/ and cli/ name files as lib/ does: camelCase, or PascalCase for a component (folders are WXT entry names)', () => {
    const named = sources.filter((f) => /^(entrypoints|components|utils|cli)[\\/]/.test(f));
    expect(named.length).toBeGreaterThan(50);
    expect(named).toContain(path.normalize('entrypoints/background/extensionHopFetcher.ts'));
    const bad = named.filter((f) => !/^[a-zA-Z][a-zA-Z0-9]*\.tsx?$/.test(path.basename(f)));
    expect(bad).toEqual([]);
  });
});
