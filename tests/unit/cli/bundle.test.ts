// cli/bundle.mjs: the command line and its analysis thread run as one esbuild bundle, kept until a
// source changes. A bundle must behave as its sources do (each module keeps its own import.meta.url:
// the command line finds its locales by it), be reused while fresh, be built again when any source
// changes, and step aside (null: the caller runs the TypeScript through tsx) when it cannot be built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle, isFresh, recorded } from '../../../cli/bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENTRY = 'tests/fixtures/bundle/entry.ts';
const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-bundle-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('bundle', () => {
  it('builds one file that runs as its sources do, with each module’s own import.meta.url, dirname and filename', async () => {
    const cacheDir = tempDir();
    const errors: string[] = [];
    const url = await bundle(ENTRY, 'entry', { cacheDir, env: {}, onError: (m) => errors.push(m) });
    expect(errors).toEqual([]);
    expect(url).toBe(pathToFileURL(path.join(cacheDir, 'entry.mjs')).href);
    const mod = (await import(url!)) as typeof import('../../fixtures/bundle/entry');
    expect(mod.here).toBe(pathToFileURL(path.join(ROOT, ENTRY)).href);
    expect(mod.dir).toBe(path.join(ROOT, 'tests/fixtures/bundle'));
    expect(mod.file).toBe(path.join(ROOT, ENTRY));
    expect(mod.host).toBe('example.com:8080');
    // Nothing left beside it (written aside, then renamed).
    expect(fs.readdirSync(cacheDir)).toEqual(['entry.mjs']);
    const record = recorded(path.join(cacheDir, 'entry.mjs'));
    const sources = record!.inputs.map(([rel]) => rel);
    expect(sources).toContain(ENTRY);
    expect(sources).toContain('lib/core/hostOf.ts');
    // The builder itself: a change to how bundles are built makes them stale.
    expect(sources).toContain('cli/bundle.mjs');
    for (const [rel, size] of record!.inputs) expect(size).toBe(fs.statSync(path.join(ROOT, rel)).size);
  });

  it('a fresh bundle is reused as it is; a stale one is built again', async () => {
    const cacheDir = tempDir();
    const file = path.join(cacheDir, 'entry.mjs');
    await bundle(ENTRY, 'entry', { cacheDir, env: {} });
    const first = fs.statSync(file);
    const url = await bundle(ENTRY, 'entry', { cacheDir, env: {} });
    expect(url).toBe(pathToFileURL(file).href);
    expect(fs.statSync(file).ino).toBe(first.ino);
    // Made stale: a recorded source's size no longer matches.
    const text = fs.readFileSync(file, 'utf8');
    const nl = text.indexOf('\n');
    const record = JSON.parse(text.slice(text.indexOf('{'), nl)) as { inputs: [string, number, number][] };
    record.inputs[0][1] += 1;
    fs.writeFileSync(file, `// crawlscope-bundle ${JSON.stringify(record)}${text.slice(nl)}`);
    const stale = fs.statSync(file).ino;
    await bundle(ENTRY, 'entry', { cacheDir, env: {} });
    expect(fs.statSync(file).ino).not.toBe(stale);
    expect(isFresh(recorded(file))).toBe(true);
  });

  it('isFresh: false once a source changes size or time, goes missing, or the bundle was built by another Node or format', () => {
    const root = tempDir();
    const src = path.join(root, 'a.ts');
    fs.writeFileSync(src, 'export const a = 1;\n');
    const s = fs.statSync(src);
    const cacheDir = tempDir();
    return bundle(ENTRY, 'entry', { cacheDir, env: {} }).then(() => {
      const format = recorded(path.join(cacheDir, 'entry.mjs'))!.format;
      const record = { format, node: process.versions.node, inputs: [['a.ts', s.size, Math.round(s.mtimeMs)] as [string, number, number]] };
      expect(isFresh(record, root)).toBe(true);
      expect(isFresh({ ...record, node: '0.0.0' }, root)).toBe(false);
      expect(isFresh({ ...record, format: format + 1 }, root)).toBe(false);
      expect(isFresh(null, root)).toBe(false);
      fs.utimesSync(src, s.atime, new Date(s.mtimeMs + 5_000));
      expect(isFresh(record, root)).toBe(false);
      fs.utimesSync(src, s.atime, s.mtime);
      expect(isFresh(record, root)).toBe(true);
      fs.writeFileSync(src, 'export const a = 12;\n');
      fs.utimesSync(src, s.atime, s.mtime);
      expect(isFresh(record, root)).toBe(false);
      fs.rmSync(src);
      expect(isFresh(record, root)).toBe(false);
    });
  });

  it('steps aside (null) when asked to, or when the bundle cannot be built, with the reason', async () => {
    const cacheDir = tempDir();
    expect(await bundle(ENTRY, 'entry', { cacheDir, env: { CRAWLSCOPE_NO_BUNDLE: '1' } })).toBeNull();
    const errors: string[] = [];
    expect(await bundle('tests/fixtures/bundle/missing.ts', 'missing', { cacheDir, env: {}, onError: (m) => errors.push(m) })).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('missing.ts');
    expect(fs.readdirSync(cacheDir)).toEqual([]);
    // A cache that cannot be written (here: under a file): null, nothing thrown.
    const blocked = path.join(cacheDir, 'a-file');
    fs.writeFileSync(blocked, '');
    const why: string[] = [];
    expect(await bundle(ENTRY, 'entry', { cacheDir: path.join(blocked, 'cache'), env: {}, onError: (m) => why.push(m) })).toBeNull();
    expect(why).toHaveLength(1);
    expect(why[0]).toMatch(/ENOTDIR|EEXIST/);
    expect(fs.readdirSync(cacheDir)).toEqual(['a-file']);
  });
});
