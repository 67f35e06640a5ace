import { defineConfig } from 'wxt';

// The build output folder can be moved (CRAWLSCOPE_OUT_DIR) so that several builds
// — e.g. two test runs side by side — never overwrite each other.
// lib/ is pure (DEVELOPERS.md): a lib module none of whose exports a bundle uses is left out of it
// whole. Pages import lib/ through each folder's index.ts; without this, a module whose top level
// only builds a table (a call, to the bundler) would come along with the index.
const libIsPure = { moduleSideEffects: (id: string) => !/[\\/]lib[\\/][^\\/]+[\\/].*\.ts$/.test(id) };

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  vite: () => ({
    build: { rollupOptions: { treeshake: libIsPure } },
    worker: { rollupOptions: { treeshake: libIsPure } },
  }),
  outDir: process.env.CRAWLSCOPE_OUT_DIR ?? '.output',
  manifestVersion: 3,
  // Store packages (README "Store packages"): `npm run zip` → the Chrome zip; `npm run zip:firefox`
  // → the Firefox zip and the sources zip addons.mozilla.org asks for, SOURCE_CODE_REVIEW.md inside.
  zip: {
    artifactTemplate: '{{name}}-{{version}}-{{browser}}.zip',
    sourcesTemplate: '{{name}}-{{version}}-sources.zip',
    // What building the add-on needs; WXT already leaves out node_modules, hidden files, *.test.*,
    // *.spec.* and the build output. The tests, benchmarks, screenshots and store pictures are not needed.
    excludeSources: ['tests/**', 'bench/**', 'test-results/**', 'playwright-report/**', 'docs/screenshots/**', 'store/**'],
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // Each permission is justified in README.md ("Permissions").
    permissions: [
      'storage',
      'scripting',
      'webRequest',
      'declarativeNetRequestWithHostAccess',
      // Render as Googlebot: Chrome drives the render's own window over the DevTools protocol;
      // Firefox renders in a container of its own (contextualIdentities; opening a window in it
      // needs cookies) with blocking webRequest and stream filters on that window's tab only.
      ...(browser === 'firefox' ? ['contextualIdentities', 'cookies', 'webRequestBlocking', 'webRequestFilterResponse'] : ['debugger']),
    ],
    host_permissions: ['<all_urls>'],
    action: { default_title: '__MSG_extActionTitle__' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'crawlscope@crawlscope.dev',
              strict_min_version: '142.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
