import { browser } from 'wxt/browser';
import { isRunRuleId } from '../../lib/crawl';

/**
 * A site check page closed mid-run may not get to remove its run's header rule (lib/crawl
 * runRuleCondition: scoped to that page's tab): the tab's closing removes it. Registered
 * synchronously, so that a stopped worker wakes for it.
 */
export function startRemovingRunRulesOfClosedTabs(): void {
  browser.tabs.onRemoved.addListener((tabId) => {
    void (async () => {
      const rules = await browser.declarativeNetRequest.getSessionRules();
      const gone = rules.filter((r) => isRunRuleId(r.id) && (r.condition.tabIds ?? []).includes(tabId)).map((r) => r.id);
      if (gone.length) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: gone });
    })().catch(() => undefined);
  });
}
