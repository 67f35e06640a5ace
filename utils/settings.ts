// Every persisted setting of Crawlscope, declared once (browser.storage.local via WXT storage).
// Each capability adds its items here; pages read and write them through these definitions.
import { storage } from 'wxt/utils/storage';

/** Names a setting's storage key, so every key is namespaced the same way. */
export const settingKey = (name: string) => `local:settings.${name}` as const;

export { storage };
