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
  tabIds: number[];
  initiatorDomains: string[];
  resourceTypes: FetchResourceType[];
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
export const FETCH_RESOURCE_TYPES = ['xmlhttprequest', 'other'] as const;
export type FetchResourceType = (typeof FETCH_RESOURCE_TYPES)[number];

/**
 * The condition of ONE fetch's rule: the request whose URL carries `tag` as its fragment
 * (taggedUrl: the fragment is never sent), from this extension (`ownHost`: chrome-extension://<id>,
 * moz-extension://<uuid>) in `tabId` (-1: the background, outside any tab). No other request —
 * the user's, another fetch of the same URL — has that fragment.
 */
export function hopRuleCondition(tabId: number, ownHost: string, tag: string): AgentRuleCondition {
  return { urlFilter: `#${tag}|`, tabIds: [tabId], initiatorDomains: [ownHost], resourceTypes: [...FETCH_RESOURCE_TYPES] };
}

/**
 * The condition of a run's rule (the site check): every fetch of the run — their tags all begin
 * with `tagPrefix` — from this extension in `tabId` (the site check page's tab; -1: the
 * background). The user's tabs, the extension's other pages and its other requests match neither.
 */
export function runRuleCondition(tabId: number, ownHost: string, tagPrefix: string): AgentRuleCondition {
  return { urlFilter: `#${tagPrefix}`, tabIds: [tabId], initiatorDomains: [ownHost], resourceTypes: [...FETCH_RESOURCE_TYPES] };
}

/** Session-rule ids of one-fetch rules: 610000–619999; of run rules: 620000–629999. */
export const HOP_RULE_BASE = 610_000;
export const RUN_RULE_BASE = 620_000;
export const RULE_SPAN = 10_000;
export const isHopRuleId = (id: number) => id >= HOP_RULE_BASE && id < HOP_RULE_BASE + RULE_SPAN;
export const isRunRuleId = (id: number) => id >= RUN_RULE_BASE && id < RUN_RULE_BASE + RULE_SPAN;
/** Any header rule of this capability (one fetch's or a run's). */
export const isAgentRuleId = (id: number) => isHopRuleId(id) || isRunRuleId(id);

export interface RuleLike {
  id: number;
  condition?: { tabIds?: number[] | null };
}

/** The lowest run-rule id no rule uses, or null when all are taken. */
export function freeRunRuleId(rules: readonly RuleLike[]): number | null {
  const used = new Set(rules.map((r) => r.id));
  for (let id = RUN_RULE_BASE; id < RUN_RULE_BASE + RULE_SPAN; id++) if (!used.has(id)) return id;
  return null;
}

/**
 * Header rules nobody uses any more, as seen from one context (the background: `ownTab` -1; an
 * extension page: its tab): those of `ownTab` that this context is not using (`active`) — left by
 * a stopped worker or an earlier page in the tab — and, when `openTabs` is given, those of tabs
 * that no longer exist. A rule of another open tab is another page's, and a rule of the background
 * (-1) is the background's: kept.
 */
export function staleAgentRuleIds(rules: readonly RuleLike[], ownTab: number, openTabs: ReadonlySet<number> | null, active: ReadonlySet<number> = new Set()): number[] {
  return rules
    .filter((r) => isAgentRuleId(r.id) && !active.has(r.id))
    .filter((r) => {
      const tabs = r.condition?.tabIds ?? [];
      return tabs.length === 0 || tabs.some((t) => t === ownTab || (t !== -1 && openTabs !== null && !openTabs.has(t)));
    })
    .map((r) => r.id);
}
