// Every persisted setting of Crawlscope, declared once (browser.storage.local via WXT storage).
// Each capability adds its items here; pages read and write them through these definitions.
import { storage } from 'wxt/utils/storage';

/** Names a setting's storage key, so every key is namespaced the same way. */
export const settingKey = (name: string) => `local:settings.${name}` as const;

// compare: the Chrome version in the Googlebot user-agent strings. (The fetches as Googlebot never
// send the user's cookies: Googlebot has none, and the user's cookies stay out of what Crawlscope
// fetches as Googlebot.)
export const compareChromeVersion = storage.defineItem<string>(settingKey('compare.chromeVersion'), {
  fallback: '156.0.8078.108',
});

// verify: the DNS-over-HTTPS resolver for reverse/forward checks ('google' = dns.google/resolve,
// 'cloudflare' = cloudflare-dns.com/dns-query). The two test-only items point the tool at stand-ins
// on 127.0.0.1 (browser tests); empty = off, and the tool shows a warning while either is set.
export const verifyResolver = storage.defineItem<'google' | 'cloudflare'>(settingKey('verify.resolver'), {
  fallback: 'google',
});
export const verifyTestResolverUrl = storage.defineItem<string>(settingKey('verify.testResolverUrl'), {
  fallback: '',
});
export const verifyTestRangesBase = storage.defineItem<string>(settingKey('verify.testRangesBase'), {
  fallback: '',
});

// bytes: the limit Googlebot is assumed to keep, headers included (2,097,152 = 2 MiB by default;
// 2,000,000, 15 MB and 64 MB can be picked in the options page). PDFs always use 64 MB.
export const bytesLimit = storage.defineItem<number>(settingKey('bytes.limit'), { fallback: 2_097_152 });
// bytes: whether Crawlscope's own fetch of a page (when the page cannot re-read itself) sends the
// browser's cookies. Off by default: Googlebot sends none, and the page's own credentials are not ours.
export const bytesIncludeCookies = storage.defineItem<boolean>(settingKey('bytes.includeCookies'), { fallback: false });

// i18n: the UI language — 'browser' follows the browser's language; or one of the six.
export const uiLanguage = storage.defineItem<import('../lib/i18n').UiLanguagePreference>(settingKey('uiLanguage'), {
  fallback: 'browser',
});

// popup: which report sections the user opened or closed (absent: the default, open), and whether
// the robots.txt table lists every Google token or only those that differ from Googlebot.
export const popupFolds = storage.defineItem<Record<string, boolean>>(settingKey('popup.folds'), { fallback: {} });

// badge: whether robots.txt is fetched (as Googlebot, once per site, cached 24 h) when a page
// loads, so the toolbar badge can include it. On by default; off, the badge shows a verdict only
// when robots.txt is already known (or the page is not indexable whatever robots.txt says).
export const badgeRobotsOnLoad = storage.defineItem<boolean>(settingKey('badge.robotsOnLoad'), { fallback: true });
