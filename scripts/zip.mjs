// `npm run zip`: the three store packages, named for their store, in .output/ (or $CRAWLSCOPE_OUT_DIR):
//   crawlscope-<version>-chrome-web-store.zip  the Chrome build (Chrome Web Store)
//   crawlscope-<version>-edge-addons.zip       the same Chrome build (Microsoft Edge Add-ons takes Chrome's MV3 package)
//   crawlscope-<version>-amo.zip               the Firefox build (addons.mozilla.org)
//   crawlscope-<version>-amo-sources.zip       the sources AMO asks for (SOURCE_CODE_REVIEW.md inside)
// WXT builds and zips each browser (`wxt zip`, `wxt zip -b firefox`); the zips are then copied under
// these names. `npm run zip:firefox` alone still gives WXT's own Firefox and sources zips.
import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.resolve(root, process.env.CRAWLSCOPE_OUT_DIR ?? '.output');
const { name, version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const npx = (args) => run('npx', ['--no-install', ...args]);

if ((await npx(['wxt', 'zip'])) !== 0) process.exit(1);
if ((await npx(['wxt', 'zip', '-b', 'firefox'])) !== 0) process.exit(1);

const made = [
  [`${name}-${version}-chrome.zip`, `${name}-${version}-chrome-web-store.zip`],
  [`${name}-${version}-chrome.zip`, `${name}-${version}-edge-addons.zip`],
  [`${name}-${version}-firefox.zip`, `${name}-${version}-amo.zip`],
  [`${name}-${version}-sources.zip`, `${name}-${version}-amo-sources.zip`],
];
for (const [from, to] of made) {
  const src = path.join(out, from);
  if (!fs.existsSync(src)) {
    console.error(`${src} was not made by wxt zip.`);
    process.exit(1);
  }
  fs.copyFileSync(src, path.join(out, to));
}
console.log('\nStore packages:');
for (const [, to] of made) console.log(`  ${path.relative(root, path.join(out, to))}  (${fs.statSync(path.join(out, to)).size.toLocaleString('en')} bytes)`);
