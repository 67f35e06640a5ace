// The robots.txt sandbox's one state object: each change, the URLs judged, the highlighted line.
import { describe, expect, it } from 'vitest';
import { highlightedLine, initialSandbox, sandboxReducer, sandboxUrls, type SandboxEvent, type SandboxState } from '../../../entrypoints/robots-sandbox/sandboxState';
import { evaluateForGoogle, parseRobotsTxt } from '../../../lib/robots';
import type { RobotsReport } from '../../../lib/robots/types';

const PAGE = 'https://shop.example/products/blue.html';
const run = (events: SandboxEvent[], from: SandboxState) => events.reduce(sandboxReducer, from);
const live = (body: string) => ({ robotsUrl: 'https://shop.example/robots.txt', body, outcome: { kind: 'parse', code: 'fetched', params: [200] } }) as unknown as RobotsReport;

describe('the sandbox state', () => {
  it('starts with the page\'s URL to judge; the live file fills the editor and brings the asked line into view', () => {
    const s0 = initialSandbox(PAGE, 3);
    expect(s0).toEqual({ live: null, liveError: null, text: '', urlsText: PAGE, selected: null, scrollTo: null, manualLine: 3 });
    const s1 = run([{ type: 'liveLoaded', report: live('User-agent: *\nAllow: /\nDisallow: /cart\n') }], s0);
    expect(s1).toMatchObject({ text: 'User-agent: *\nAllow: /\nDisallow: /cart\n', scrollTo: { line: 3, n: 1 }, manualLine: 3 });
    expect(run([{ type: 'liveLoaded', report: live('') }], initialSandbox(PAGE, null)).scrollTo).toBeNull();
  });

  it('edits, then "reset to live" puts the live file back', () => {
    const s = run([{ type: 'liveLoaded', report: live('User-agent: *\n') }, { type: 'edit', text: 'User-agent: *\nDisallow: /\n' }], initialSandbox(PAGE, null));
    expect(s.text).toBe('User-agent: *\nDisallow: /\n');
    expect(run([{ type: 'resetToLive' }], s).text).toBe('User-agent: *\n');
  });

  it('picking a verdict highlights its deciding line; picking a diagnostic\'s line replaces it; each pick scrolls again', () => {
    const text = 'User-agent: *\nDisallow: /products/\n\nUser-agent: Googlebot-Image\nAllow: /\n';
    const results = [evaluateForGoogle(parseRobotsTxt(text), PAGE)];
    let s = run([{ type: 'edit', text }, { type: 'pickVerdict', url: 0, token: 'Googlebot', line: 2 }], initialSandbox(PAGE, 9));
    expect(s).toMatchObject({ selected: { url: 0, token: 'Googlebot' }, manualLine: null, scrollTo: { line: 2, n: 1 } });
    expect(highlightedLine(s, results)).toBe(2);
    s = run([{ type: 'pickVerdict', url: 0, token: 'Googlebot', line: 2 }], s);
    expect(s.scrollTo).toEqual({ line: 2, n: 2 });
    s = run([{ type: 'pickLine', line: 4 }], s);
    expect(s).toMatchObject({ selected: null, manualLine: 4, scrollTo: { line: 4, n: 3 } });
    expect(highlightedLine(s, results)).toBe(4);
  });

  it('sandboxUrls: each line resolved against the page, a bad one kept as it was typed, at most 20', () => {
    expect(sandboxUrls('/cart\n\n  https://other.example/x  \nhttp://[bad\n', PAGE)).toEqual([
      { raw: '/cart', url: 'https://shop.example/cart' },
      { raw: 'https://other.example/x', url: 'https://other.example/x' },
      { raw: 'http://[bad', url: null },
    ]);
    expect(sandboxUrls(Array.from({ length: 25 }, (_, i) => `/p${i}`).join('\n'), PAGE)).toHaveLength(20);
  });
});
