import { i18n, tDynamic } from '#i18n';
import { browser } from 'wxt/browser';
import type { CrawlerVerdict, RobotsMessage } from '../lib/robots';

// lib/robots results carry codes; their texts live in locales/en.yml under robots.<section>.<code>.

/** The text for a lib/robots message: `section` is outcome, warning, reason or diag. */
export function robotsText(section: 'outcome' | 'warning' | 'reason' | 'diag', m: RobotsMessage): string {
  return tDynamic(`robots.${section}.${m.code}`, m.params);
}

export function crawlerAbout(key: string): string {
  return tDynamic(`robots.crawler.${key}`);
}

export function groupText(v: CrawlerVerdict): string {
  if (v.group === 'fallback') return i18n.t('robots.group.fallback', [v.groupToken ?? '']);
  return tDynamic(`robots.group.${v.group}`);
}

/** The sandbox page for a page URL, optionally opened at a line. */
export function sandboxUrl(pageUrl: string, line?: number | null): string {
  const q = new URLSearchParams({ url: pageUrl });
  if (line) q.set('line', String(line));
  return browser.runtime.getURL(`/robots-sandbox.html?${q.toString()}` as '/robots-sandbox.html');
}

export function openSandbox(pageUrl: string, line?: number | null): void {
  void browser.tabs.create({ url: sandboxUrl(pageUrl, line) });
}

/** Allowed / blocked, as a colored badge. */
export function RobotsVerdictBadge({ allowed }: { allowed: boolean }) {
  return (
    <span className={allowed ? 'robots-ok' : 'robots-bad'} data-allowed={String(allowed)}>
      {allowed ? i18n.t('robots.allowed') : i18n.t('robots.blocked')}
    </span>
  );
}
