// Every persisted setting of Crawlscope, declared once (browser.storage.local via WXT storage).
// Each capability adds its items here; pages read and write them through these definitions.
import { storage } from 'wxt/utils/storage';

/** Names a setting's storage key, so every key is namespaced the same way. */
export const settingKey = (name: string) => `local:settings.${name}` as const;

export { storage };

// compare: the Chrome version in the Googlebot user-agent strings, and whether the
// mobile/desktop fetches send the browser's cookies (Googlebot never does: off by default).
export const compareChromeVersion = storage.defineItem<string>(settingKey('compare.chromeVersion'), {
  fallback: '156.0.8078.108',
});
export const compareIncludeCookies = storage.defineItem<boolean>(settingKey('compare.includeCookies'), {
  fallback: false,
});
