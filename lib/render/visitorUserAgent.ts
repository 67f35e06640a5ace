import type { RenderAgent } from './types';

/** The browser a render runs in, for the visitor's User-Agent. */
export interface RenderEngine {
  name: 'chrome' | 'firefox';
  /** Its major version ("156"). */
  major: string;
}

/**
 * A current browser's User-Agent for a visitor's render: the same browser as the render's own,
 * without "Googlebot", for the agent's device (a phone for Smartphone, a desktop for Desktop) —
 * Chrome's reduced User-Agent strings (chromium.org "User-Agent Reduction"), Firefox's own.
 */
export function visitorUserAgent(agent: RenderAgent, engine: RenderEngine): string {
  const v = /^\d{1,4}$/.test(engine.major) ? engine.major : engine.name === 'chrome' ? '156' : '153';
  if (engine.name === 'firefox') {
    return agent === 'smartphone' ? `Mozilla/5.0 (Android 10; Mobile; rv:${v}.0) Gecko/${v}.0 Firefox/${v}.0` : `Mozilla/5.0 (X11; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`;
  }
  return agent === 'smartphone'
    ? `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Mobile Safari/537.36`
    : `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;
}

/** The engine from a browser's own User-Agent string (navigator.userAgent, or puppeteer's browser.version()). */
export function engineFromUserAgent(ua: string): RenderEngine {
  const ff = /Firefox\/(\d+)/.exec(ua);
  if (ff) return { name: 'firefox', major: ff[1]! };
  const ch = /(?:Headless)?Chrom(?:e|ium)\/(\d+)/.exec(ua);
  return { name: 'chrome', major: ch?.[1] ?? '' };
}
