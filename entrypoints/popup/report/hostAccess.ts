// Access to websites (the manifest's host_permissions). Firefox lets the user withdraw it (in MV3 it
// is a grant the user controls, like Chrome's "site access"): then the tab's address is hidden from
// Crawlscope and nothing of the page can be read. The popup checks for it and offers the button
// that asks for it again.
import { browser } from 'wxt/browser';

export const ALL_SITES = { origins: ['<all_urls>'] };

/** Does Crawlscope hold its host permission for every site? */
export function hasHostAccess(): Promise<boolean> {
  return browser.permissions.contains(ALL_SITES).catch(() => true);
}

/**
 * Asks the user for it. Must be called from the click handler itself, before any await: browsers
 * accept a permission request only while they handle a user gesture.
 */
export function requestHostAccess(): Promise<boolean> {
  return browser.permissions.request(ALL_SITES);
}
