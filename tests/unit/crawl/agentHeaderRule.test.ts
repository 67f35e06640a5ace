import { describe, expect, it } from 'vitest';
import { agentHeaderRule, AGENT_REMOVED_HEADERS, freeRunRuleId, isRunRuleId, runRuleCondition, staleRunRuleIds, RUN_RULE_BASE } from '../../../lib/crawl/agentHeaderRule';

const UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('agentHeaderRule: the exact request of a crawler', () => {
  it('sets the User-Agent and removes every client hint and Accept-Language, with the given condition', () => {
    const rule = agentHeaderRule(620_003, UA, runRuleCondition(41, 'abcdefghijklmnop'));
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
      // One tab (the site check page's), started by this extension, fetch() requests only.
      condition: { tabIds: [41], initiatorDomains: ['abcdefghijklmnop'], resourceTypes: ['xmlhttprequest', 'other'] },
    });
    expect(AGENT_REMOVED_HEADERS).toHaveLength(12);
  });
});

describe('run rule ids', () => {
  it('620000–629999 only', () => {
    expect([619_999, 620_000, 629_999, 630_000].map(isRunRuleId)).toEqual([false, true, true, false]);
  });

  it('the lowest free id; null when all 10,000 are taken', () => {
    expect(freeRunRuleId([])).toBe(RUN_RULE_BASE);
    expect(freeRunRuleId([{ id: 620_000 }, { id: 620_001 }, { id: 610_000 }, { id: 620_003 }])).toBe(620_002);
    expect(freeRunRuleId(Array.from({ length: 10_000 }, (_, i) => ({ id: RUN_RULE_BASE + i })))).toBeNull();
  });

  it('stale: the own tab’s and closed tabs’ run rules; another open tab’s run and other rules are kept', () => {
    const rules = [
      { id: 620_000, condition: { tabIds: [7] } }, // this tab: an earlier page's run
      { id: 620_001, condition: { tabIds: [8] } }, // another open site check page, running
      { id: 620_002, condition: { tabIds: [9] } }, // a tab that is gone
      { id: 620_003, condition: {} }, // no tab: not a run rule as we add them
      { id: 610_000, condition: { tabIds: [-1] } }, // the background's one-request rule
      { id: 5, condition: { tabIds: [9] } }, // not ours
    ];
    expect(staleRunRuleIds(rules, 7, new Set([7, 8]))).toEqual([620_000, 620_002, 620_003]);
    expect(staleRunRuleIds(rules, null, new Set([7, 8, 9]))).toEqual([620_003]);
  });
});
