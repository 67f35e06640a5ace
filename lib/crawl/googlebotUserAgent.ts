import type { Agent } from './types';

/** A Chrome version Googlebot's evergreen renderer could report; used when the setting is empty or malformed. */
export const DEFAULT_CHROME_VERSION = '156.0.8078.108';

const VERSION = /^\d{1,4}(\.\d{1,6}){3}$/;

/** True for a W.X.Y.Z version string. */
export function isChromeVersion(v: string): boolean {
  return VERSION.test(v.trim());
}

/**
 * Google's published user-agent strings for Googlebot Smartphone and Googlebot Desktop
 * (developers.google.com/search/docs/crawling-indexing/google-common-crawlers), with the
 * `Chrome/W.X.Y.Z` part filled in.
 */
export function googlebotUserAgent(agent: Agent, chromeVersion: string = DEFAULT_CHROME_VERSION): string {
  const v = isChromeVersion(chromeVersion) ? chromeVersion.trim() : DEFAULT_CHROME_VERSION;
  return agent === 'mobile'
    ? `Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)`
    : `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/${v} Safari/537.36`;
}
