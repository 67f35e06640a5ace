import { describe, expect, it } from 'vitest';
import { compareFetches, renderedValues, type RenderedSignals } from '../../../lib/compare';
import { agentFetch } from './helpers';

describe('renderedValues', () => {
  const signals: RenderedSignals = {
    url: 'https://site.example/p',
    title: '  Live \n title ',
    tags: [
      { tag: 'base', attrs: { href: '/dir/' } },
      { tag: 'meta', attrs: { name: 'ROBOTS', content: 'noindex,  follow' } },
      { tag: 'meta', attrs: { name: 'googlebot-news', content: 'nosnippet' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'page#x' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'DE', href: '/de/' } },
    ],
  };

  it('formats the live tags like the comparison rows', () => {
    expect(renderedValues(signals)).toEqual({
      title: 'Live title',
      robotsMeta: 'robots: noindex, follow',
      canonical: 'https://site.example/dir/page',
      hreflang: 'de https://site.example/de/',
    });
  });

  it('gives the same text as the row built from the same HTML', () => {
    const html = `<html><head><title>Live title</title><base href="/dir/"><meta name="robots" content="noindex,  follow">
<link rel="canonical" href="page#x"><link rel="alternate" hreflang="DE" href="/de/"></head><body></body></html>`;
    const c = compareFetches(agentFetch('mobile', html), agentFetch('desktop', html));
    const rendered = renderedValues(signals);
    for (const field of ['title', 'robotsMeta', 'canonical', 'hreflang'] as const) {
      expect(c.rows.find((r) => r.field === field)!.mobile).toBe(rendered[field]);
    }
  });
});
