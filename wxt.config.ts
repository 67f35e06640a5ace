import { defineConfig } from 'wxt';

// The build output folder can be moved (CRAWLSCOPE_OUT_DIR) so that several builds
// — e.g. two test runs side by side — never overwrite each other.
export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  outDir: process.env.CRAWLSCOPE_OUT_DIR ?? '.output',
  manifestVersion: 3,
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
