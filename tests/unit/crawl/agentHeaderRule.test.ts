import { describe, expect, it } from 'vitest';
import { agentHeaderRule, AGENT_REMOVED_HEADERS, freeRunRuleId, hopRuleCondition, isAgentRuleId, isHopRuleId, isRunRuleId, runRuleCondition, staleAgentRuleIds, RUN_RULE_BASE } from '../../../lib/crawl/agentHeaderRule';

const UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('agentHeaderRule: the exact request of a crawler', () => {
  it('sets the User-Agent and removes every client hint and Accept-Language, with the given condition', () => {
    const rule = agentHeaderRule(620_003, UA, runRuleCondition(41, 'abcdefghijklmnop', 'crawlscope-k3x9-2-'));
    expect(rule).toEqual({
      id: 620_003,
      priority: 1000,
      action: {
        type: 'modifyHeaders',
        requestHeaders: [
          { header: 'user-agent', operation: 'set', value: UA },
          ...[
            'sec-ch-ua', 'sec-ch-ua-mobile', 'sec-ch-ua-platform', 'sec-ch-ua-platform-version', 'sec-ch-ua-full-version',
            'sec-ch-ua-full-version-list', 'sec-ch-ua-arch', 'sec-ch-ua-bitness', 'sec-ch-ua-model', 'sec-ch-ua-wow64',
            'sec-ch-ua-form-factors', 'accept-language',
          ].map((header) => ({ header, operation: 'remove' })),
        ],
      },
      // The run's tagged fetches (their URL's fragment begins with its prefix), of one tab (the site
      // check page's), started by this extension, fetch() requests only.
      condition: { urlFilter: '#crawlscope-k3x9-2-', tabIds: [41], initiatorDomains: ['abcdefghijklmnop'], resourceTypes: ['xmlhttprequest', 'other'] },
    });
    expect(AGENT_REMOVED_HEADERS).toHaveLength(12);
  });

  it('one fetch’s rule names its whole tag, to the URL’s end', () => {
    expect(hopRuleCondition(-1, 'abcdefghijklmnop', 'crawlscope-k3x9-0-17')).toEqual({
      urlFilter: '#crawlscope-k3x9-0-17|',
      tabIds: [-1],
      initiatorDomains: ['abcdefghijklmnop'],
      resourceTypes: ['xmlhttprequest', 'other'],
    });
  });
});

describe('rule ids', () => {
  it('one fetch’s rules 610000–619999, runs’ 620000–629999', () => {
    expect([609_999, 610_000, 619_999, 620_000].map(isHopRuleId)).toEqual([false, true, true, false]);
    expect([619_999, 620_000, 629_999, 630_000].map(isRunRuleId)).toEqual([false, true, true, false]);
    expect([609_999, 610_000, 629_999, 630_000].map(isAgentRuleId)).toEqual([false, true, true, false]);
  });

  it('the lowest free run id; null when all 10,000 are taken', () => {
    expect(freeRunRuleId([])).toBe(RUN_RULE_BASE);
    expect(freeRunRuleId([{ id: 620_000 }, { id: 620_001 }, { id: 610_000 }, { id: 620_003 }])).toBe(620_002);
    expect(freeRunRuleId(Array.from({ length: 10_000 }, (_, i) => ({ id: RUN_RULE_BASE + i })))).toBeNull();
  });

  it('stale, seen from a page: its own tab’s and closed tabs’ rules; another open tab’s, the background’s and other rules are kept', () => {
    const rules = [
      { id: 620_000, condition: { tabIds: [7] } }, // this tab: an earlier page's run
      { id: 620_001, condition: { tabIds: [8] } }, // another open site check page, running
      { id: 620_002, condition: { tabIds: [9] } }, // a tab that is gone
      { id: 620_003, condition: {} }, // no tab: not a rule as we add them
      { id: 610_000, condition: { tabIds: [-1] } }, // the background's one-fetch rule
      { id: 620_004, condition: { tabIds: [-1] } }, // the background's run
      { id: 610_001, condition: { tabIds: [9] } }, // a one-fetch rule of a tab that is gone
      { id: 5, condition: { tabIds: [9] } }, // not ours
    ];
    expect(staleAgentRuleIds(rules, 7, new Set([7, 8]))).toEqual([620_000, 620_002, 620_003, 610_001]);
    // A rule this page is using is never stale.
    expect(staleAgentRuleIds(rules, 7, new Set([7, 8]), new Set([620_000]))).toEqual([620_002, 620_003, 610_001]);
    // Seen from the background (at its start): its own rules it is not using, nothing of the tabs'.
    expect(staleAgentRuleIds(rules, -1, null, new Set([620_004]))).toEqual([620_003, 610_000]);
  });
});
