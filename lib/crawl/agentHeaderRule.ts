/**
 * The header rule (declarativeNetRequest, as plain data) that makes a browser request the exact
 * request of a crawler: the crawler's User-Agent set, the browser's client hints and
 * Accept-Language removed (Googlebot sends neither; Accept-Language would pick a localized page).
 * The condition says which requests it touches — always only Crawlscope's own (see the callers).
 */

export const CLIENT_HINTS = [
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
  'sec-ch-ua-platform-version',
  'sec-ch-ua-full-version',
  'sec-ch-ua-full-version-list',
  'sec-ch-ua-arch',
  'sec-ch-ua-bitness',
  'sec-ch-ua-model',
  'sec-ch-ua-wow64',
  'sec-ch-ua-form-factors',
] as const;

/** Request headers the rule removes. */
export const AGENT_REMOVED_HEADERS: readonly string[] = [...CLIENT_HINTS, 'accept-language'];

/** The part of a rule's condition the callers choose (a subset of declarativeNetRequest.RuleCondition). */
export interface AgentRuleCondition {
  urlFilter?: string;
  regexFilter?: string;
  isUrlFilterCaseSensitive?: boolean;
  tabIds: number[];
  initiatorDomains: string[];
  resourceTypes: string[];
}

export interface AgentHeaderRule {
  id: number;
  priority: number;
  action: { type: 'modifyHeaders'; requestHeaders: { header: string; operation: 'set' | 'remove'; value?: string }[] };
  condition: AgentRuleCondition;
}

export function agentHeaderRule(id: number, userAgent: string, condition: AgentRuleCondition): AgentHeaderRule {
  return {
    id,
    priority: 1000,
    action: {
      type: 'modifyHeaders',
      requestHeaders: [{ header: 'user-agent', operation: 'set', value: userAgent }, ...AGENT_REMOVED_HEADERS.map((header) => ({ header, operation: 'remove' as const }))],
    },
    condition,
  };
}

/** The resource types of a fetch() from an extension page or worker (Firefox may say 'other'). */
export const FETCH_RESOURCE_TYPES = ['xmlhttprequest', 'other'];

/**
 * A run's rule (the site check): every request of ONE extension page — its tab, started by this
 * extension (`ownHost`: chrome-extension://<id>, moz-extension://<uuid>) — for the whole run. The
 * user's tabs, the extension's other pages and its background match neither the tab nor both.
 */
export function runRuleCondition(tabId: number, ownHost: string): AgentRuleCondition {
  return { tabIds: [tabId], initiatorDomains: [ownHost], resourceTypes: [...FETCH_RESOURCE_TYPES] };
}

/** Session-rule ids of run rules: 620000–629999 (the background's one-request rules use 610000–619999). */
export const RUN_RULE_BASE = 620_000;
export const RUN_RULE_SPAN = 10_000;
export const isRunRuleId = (id: number) => id >= RUN_RULE_BASE && id < RUN_RULE_BASE + RUN_RULE_SPAN;

interface RuleLike {
  id: number;
  condition?: { tabIds?: number[] | null };
}

/** The lowest run-rule id no rule uses, or null when all are taken. */
export function freeRunRuleId(rules: readonly RuleLike[]): number | null {
  const used = new Set(rules.map((r) => r.id));
  for (let id = RUN_RULE_BASE; id < RUN_RULE_BASE + RUN_RULE_SPAN; id++) if (!used.has(id)) return id;
  return null;
}

/**
 * Run rules nobody runs any more: those of `ownTab` (a run of an earlier page in this tab, gone
 * without removing its rule) and those of tabs that no longer exist. A rule of another open tab is
 * another page's run under way: kept.
 */
export function staleRunRuleIds(rules: readonly RuleLike[], ownTab: number | null, openTabs: ReadonlySet<number>): number[] {
  return rules
    .filter((r) => isRunRuleId(r.id))
    .filter((r) => {
      const tabs = r.condition?.tabIds ?? [];
      return tabs.length === 0 || tabs.some((t) => t === ownTab || !openTabs.has(t));
    })
    .map((r) => r.id);
}
