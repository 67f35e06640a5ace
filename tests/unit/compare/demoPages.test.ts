import { describe, expect, it } from 'vitest';
import { compareFetches } from '../../../lib/compare';
// @ts-expect-error — the demo site is plain JavaScript without types.
import { byAgentHtml, samePageHtml } from '../../fixtures/demo-site/routes/compare.mjs';
import { agentFetch } from './helpers';

// The demo pages the browser tests use: the same figures must come out of the pure core.
describe('demo pages', () => {
  const url = 'http://127.0.0.1:8080/compare/by-agent.html';
  const over = { requestedUrl: url, finalUrl: url };

  it('by-agent: title, noindex only on mobile, 37 fewer words, 3 links removed', () => {
    const c = compareFetches(agentFetch('mobile', byAgentHtml('mobile') as string, over), agentFetch('desktop', byAgentHtml('desktop') as string, over));
    const get = (f: string) => c.rows.find((r) => r.field === f)!;
    expect(get('title')).toMatchObject({ mobile: 'Winter shoes (mobile)', desktop: 'Winter shoes — handmade in Porto', same: false });
    expect(get('robotsMeta')).toMatchObject({ mobile: 'robots: noindex', desktop: '', why: { code: 'noindexOnlyMobile' } });
    expect(get('wordCount')).toMatchObject({ mobile: '10', desktop: '47', why: { code: 'fewerWordsMobile', params: [37, 10, 47] } });
    expect(get('internalLinks')).toMatchObject({
      mobile: '1',
      desktop: '3',
      removed: ['http://127.0.0.1:8080/compare/sandals.html', 'http://127.0.0.1:8080/compare/slippers.html'],
    });
    expect(get('externalLinks').removed).toEqual(['https://partner.example/shoes']);
    expect(c.findings.map((f) => f.code)).toEqual(['varyMissing']);
  });

  it('same: no differences', () => {
    const c = compareFetches(agentFetch('mobile', samePageHtml() as string, over), agentFetch('desktop', samePageHtml() as string, over));
    expect(c.identical).toBe(true);
  });
});
