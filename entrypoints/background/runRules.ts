import { browser } from 'wxt/browser';
import { isAgentRuleId } from '../../lib/crawl';

/**
 * An extension page closed mid-run (the site check) may not get to remove its run's header rule
 * (lib/crawl runRuleCondition: scoped to that page's tab): the tab's closing removes it.
 * Registered synchronously, so that a stopped worker wakes for it.
 */
export function startRemovingRunRulesOfClosedTabs(): void {
  browser.tabs.onRemoved.addListener((tabId) => {
    void (async () => {
      const rules = await browser.declarativeNetRequest.getSessionRules();
      const gone = rules.filter((r) => isAgentRuleId(r.id) && (r.condition.tabIds ?? []).includes(tabId)).map((r) => r.id);
      if (gone.length) await browser.declarativeNetRequest.updateSessionRules({ removeRuleIds: gone });
    })().catch(() => undefined);
  });
}
