// The cycle finder itself, on a tiny fixture whose only cycle is type-only: the architecture check
// provably fails on one.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, gateOf, importGraph, specifiersOf } from './importGraph';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('the import graph', () => {
  it('reads every form of import, type-only ones included; never one in a comment or a string', () => {
    const src = [
      "import type { A } from './a';",
      "import { type B, c } from './b';",
      "export type { D } from './d';",
      "export * as e from './e';",
      "import './f';",
      "const g = await import('./g');",
      "import H = require('./h');",
      "type I = import('./i').I;",
      "// import { z } from './comment';",
      "const s = \"import { q } from './string'\";",
      "import { j } from 'j-package';",
    ].join('\n');
    expect(specifiersOf(src)).toEqual(['./a', './b', './d', './e', './f', './g', './h', './i', 'j-package']);
  });

  it('finds a cycle made only of type imports', () => {
    const graph = importGraph(repo, ['tests/fixtures/import-cycle']);
    expect(graph.get(path.normalize('tests/fixtures/import-cycle/order.ts'))).toEqual([path.normalize('tests/fixtures/import-cycle/customer.ts')]);
    expect(findCycles(graph)).toEqual([[path.normalize('tests/fixtures/import-cycle/customer.ts'), path.normalize('tests/fixtures/import-cycle/order.ts')]]);
  });

  it('a file importing itself is a cycle; a chain is not', () => {
    expect(findCycles(new Map([['a', ['a']], ['b', ['c']], ['c', []]]))).toEqual([['a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
  });

  it('names the index.ts an import must go through: from outside a lib/ folder (or a folder in it), only its index.ts', () => {
    expect(gateOf('entrypoints/popup/App.tsx', 'lib/core/headers.ts')).toBe('lib/core');
    expect(gateOf('entrypoints/popup/App.tsx', 'lib/core/index.ts')).toBeNull();
    expect(gateOf('lib/crawl/fetchAsAgent.ts', 'lib/bytes/findCutoff.ts')).toBe('lib/bytes');
    expect(gateOf('lib/crawl/fetchAsAgent.ts', 'lib/crawl/noHash.ts')).toBeNull();
    expect(gateOf('lib/sitecheck/startSiteCheck.ts', 'lib/sitecheck/display/progressText.ts')).toBe('lib/sitecheck/display');
    expect(gateOf('lib/sitecheck/startSiteCheck.ts', 'lib/sitecheck/display/index.ts')).toBeNull();
    expect(gateOf('lib/sitecheck/display/progressText.ts', 'lib/sitecheck/types.ts')).toBeNull();
    expect(gateOf('cli/crawlscope.ts', 'utils/i18n.ts')).toBeNull();
  });
});
