// The command line's TypeScript as one JavaScript file, built by esbuild and kept under
// node_modules/.cache/crawlscope until one of its sources changes. Through tsx's loader the command
// line takes 0.8–1.3 s before anything runs (every module resolved and loaded through the loader's
// own thread) and an analysis thread 0.3–0.55 s before it reads its first page (~140 modules); as a
// bundle, 0.22–0.3 s and 0.04–0.05 s (measured on the 2-core machine of bench/README.md). Nothing
// needs building by hand: a missing or stale bundle is built on first use (0.25–0.9 s), and if it
// cannot be built or kept (esbuild missing, a cache that cannot be written) the caller runs the
// TypeScript through tsx as before. CRAWLSCOPE_NO_BUNDLE=1 always does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SELF = import.meta.url;
const ROOT = path.resolve(path.dirname(fileURLToPath(SELF)), '..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'crawlscope');
/** The first line of a bundle: this marker, then the sources it was built from with their size and time. */
const MARK = '// crawlscope-bundle ';
/** The bundle's own URL, spelled so that ownUrl (below) leaves it alone when this file is bundled too. */
const BUNDLE_URL = ['import', 'meta', 'url'].join('.');
/** The record's layout (this file's own changes make a bundle stale through its stamp). */
const FORMAT = 2;

/** The bundle's sources as its first line records them, or null (no bundle, or not one of ours). */
export function recorded(file) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    // The record is one line; read until its end.
    let text = '';
    const buf = Buffer.alloc(64 * 1024);
    for (let pos = 0; ; ) {
      const n = fs.readSync(fd, buf, 0, buf.length, pos);
      if (n <= 0) return null;
      text += buf.toString('latin1', 0, n);
      pos += n;
      const nl = text.indexOf('\n');
      if (nl >= 0) {
        if (!text.startsWith(MARK)) return null;
        return JSON.parse(text.slice(MARK.length, nl));
      }
      if (text.length > 4 * 1024 * 1024) return null;
    }
  } catch {
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** Size and modification time of a source, as recorded. */
function stamp(file) {
  const s = fs.statSync(file);
  return [s.size, Math.round(s.mtimeMs)];
}

/** True when every source the bundle was built from is as it was then. */
export function isFresh(record, root = ROOT) {
  if (!record || record.format !== FORMAT || record.node !== process.versions.node || !Array.isArray(record.inputs)) return false;
  try {
    for (const [rel, size, mtime] of record.inputs) {
      const [s, m] = stamp(path.join(root, rel));
      if (s !== size || m !== mtime) return false;
    }
  } catch {
    return false;
  }
  return true;
}

/**
 * esbuild gives every module of a bundle the bundle's import.meta; the command line finds its
 * locales and IP ranges next to its sources, so each module keeps its own file's URL, directory
 * and file name.
 */
const OWN_META = /\bimport\.meta\.(url|dirname|filename)\b/g;
const ownUrl = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      // Every source is read once, here (returning nothing would make esbuild read it again).
      const text = await fs.promises.readFile(args.path, 'utf8');
      const ext = path.extname(args.path);
      const loader = ext === '.ts' || ext === '.mts' || ext === '.cts' ? 'ts' : ext === '.tsx' ? 'tsx' : ext === '.jsx' ? 'jsx' : 'js';
      if (!text.includes('import.meta.')) return { contents: text, loader };
      const own = { url: pathToFileURL(args.path).href, dirname: path.dirname(args.path), filename: args.path };
      return { contents: text.replace(OWN_META, (_, k) => JSON.stringify(own[k])), loader };
    });
  },
};

/**
 * The file URL of a fresh bundle of `entry` (a path under the project), named `name` in the cache:
 * the one kept if none of its sources changed, else built now. Null if CRAWLSCOPE_NO_BUNDLE is set
 * or it cannot be built or written; the reason goes to `onError`.
 */
export async function bundle(entry, name, { env = process.env, onError = () => {}, cacheDir = CACHE } = {}) {
  if (env.CRAWLSCOPE_NO_BUNDLE === '1') return null;
  const out = path.join(cacheDir, `${name}.mjs`);
  if (isFresh(recorded(out))) return pathToFileURL(out).href;
  const tmp = `${out}.${process.pid}.${Date.now()}.tmp`;
  try {
    const esbuild = await import('esbuild');
    const started = Date.now();
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [path.resolve(ROOT, entry)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
      // Packages written as CommonJS call require(): give the bundle one.
      banner: { js: `import { createRequire as __crawlscopeRequire } from 'node:module'; const require = __crawlscopeRequire(${BUNDLE_URL});` },
      // Loaded only to build a bundle (this file, bundled into the command line, keeps importing it).
      external: ['esbuild'],
      plugins: [ownUrl],
    });
    // The bundle's sources, and this file: a bundle built another way is stale too.
    const sources = new Set(Object.keys(result.metafile.inputs).filter((rel) => !rel.includes(':')));
    sources.add(path.relative(ROOT, fileURLToPath(SELF)).split(path.sep).join('/'));
    const inputs = [...sources].map((rel) => [rel, ...stamp(path.join(ROOT, rel))]);
    // A source changed while esbuild read it: this bundle runs now, and the next command builds again.
    const changing = inputs.some(([, , mtime]) => mtime >= started - 1);
    const record = { format: changing ? 0 : FORMAT, node: process.versions.node, inputs };
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written aside, then renamed over: a command starting meanwhile reads the old bundle or the new, whole.
    fs.writeFileSync(tmp, `${MARK}${JSON.stringify(record)}\n${result.outputFiles[0].text}`);
    fs.renameSync(tmp, out);
    return pathToFileURL(out).href;
  } catch (e) {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // Nothing was written there (the cache cannot be written at all).
    }
    onError(e instanceof Error ? e.message : String(e));
    return null;
  }
}
