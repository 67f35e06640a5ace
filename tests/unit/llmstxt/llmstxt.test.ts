// llms.txt (llmstxt.org): its structure with the line of every problem, the fetch with its limits
// (missing, HTML, 50 MB, a server that hangs), and the link check on request.
import { describe, expect, it } from 'vitest';
import { checkLlmsLinks, fetchLlmsTxt, llmsTxtUrl, parseLlmsTxt } from '../../../lib/llmstxt';
import { answer, hang, server, text } from '../crawl/helpers';

const GOOD = ['# Demo site', '', '> A small site to try Crawlscope on.', '', 'Some detail, no heading.', '', '## Docs', '', '- [Small page](/small.html): 40 paragraphs', '- [Robots](https://site.test/robots.txt)', '', '## Optional', '', '- [Notes](/notes.txt)', ''].join('\n');
const UA = 'Test/1.0';

describe('parseLlmsTxt', () => {
  it('reads the H1, the blockquote and the sections with their links, resolved', () => {
    const p = parseLlmsTxt(GOOD, 'https://site.test/llms.txt');
    expect(p).toMatchObject({ title: 'Demo site', titleLine: 1, summary: 'A small site to try Crawlscope on.', links: 3, lines: 14, wellFormed: true, problems: [] });
    expect(p.sections.map((s) => [s.name, s.line, s.optional, s.links.map((l) => [l.name, l.url, l.notes, l.line])])).toEqual([
      ['Docs', 7, false, [['Small page', 'https://site.test/small.html', '40 paragraphs', 9], ['Robots', 'https://site.test/robots.txt', null, 10]]],
      ['Optional', 12, true, [['Notes', 'https://site.test/notes.txt', null, 14]]],
    ]);
  });
  it('says what is not well formed, each with its line', () => {
    const bad = ['Welcome to our site!', '# Title later', '### A heading before sections', '## Links', '- just text, no link', '- [Broken](javascript:void)', 'A paragraph in a section', '## Empty', '# Another title'].join('\n');
    const p = parseLlmsTxt(bad, 'https://site.test/llms.txt');
    expect(p.wellFormed).toBe(false);
    expect(p.problems.map((x) => [x.code, x.line])).toEqual([
      ['noH1First', 1], ['h1NotFirst', 2], ['headingBeforeSections', 3], ['itemWithoutLink', 5], ['badUrl', 6], ['textInSection', 7], ['extraH1', 9], ['emptySection', 8],
    ]);
  });
});

describe('fetchLlmsTxt', () => {
  const url = 'https://site.test/some/page';
  it('found: size, parse', async () => {
    const r = await fetchLlmsTxt(url, server({ 'https://site.test/llms.txt': text(GOOD, 'text/markdown; charset=utf-8') }), UA);
    expect(llmsTxtUrl(url)).toBe('https://site.test/llms.txt');
    expect(r).toMatchObject({ outcome: 'found', status: 200, bytes: GOOD.length, complete: true, error: null });
    expect(r.parsed?.wellFormed).toBe(true);
  });
  it('missing (404) is information; HTML served with 200 is not an llms.txt', async () => {
    expect(await fetchLlmsTxt(url, server({ 'https://site.test/llms.txt': () => answer(404, 'Not Found', [], 'nope') }), UA)).toMatchObject({ outcome: 'missing', status: 404, parsed: null, error: null });
    const html = await fetchLlmsTxt(url, server({ 'https://site.test/llms.txt': text('<!doctype html><title>Home</title>', 'text/html') }), UA);
    expect(html).toMatchObject({ outcome: 'found', parsed: null, error: { code: 'html', params: ['text/html'] } });
  });
  it('50 MB: 1 MiB parsed, all 50 MB counted; a server that never answers ends at the time limit', async () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    big.set(new TextEncoder().encode('# Big\n\n'));
    const r = await fetchLlmsTxt(url, server({ 'https://site.test/llms.txt': () => answer(200, 'OK', [{ name: 'Content-Type', value: 'text/plain' }], big) }), UA);
    expect(r).toMatchObject({ outcome: 'found', bytes: 52_428_800, complete: true, keptBytes: 1_048_576 });
    expect(r.parsed?.title).toBe('Big');
    const slow = await fetchLlmsTxt(url, server({ 'https://site.test/llms.txt': hang }), UA, { timeoutMs: 200 });
    expect(slow).toMatchObject({ outcome: 'unreachable', error: { code: 'timeout', params: [0.2] } });
  });
});

describe('checkLlmsLinks', () => {
  it('one request per unique link, with its status', async () => {
    const p = parseLlmsTxt(GOOD + '- [Again](/small.html)\n', 'https://site.test/llms.txt');
    const hop = server({ 'https://site.test/small.html': text('ok'), 'https://site.test/robots.txt': () => answer(404, 'Not Found') });
    const r = await checkLlmsLinks(p, hop, UA);
    expect(r.checked.map((c) => [c.url, c.line, c.status, c.error])).toEqual([
      ['https://site.test/small.html', 9, 200, null],
      ['https://site.test/robots.txt', 10, 404, null],
      ['https://site.test/notes.txt', 14, null, 'connect ECONNREFUSED'],
    ]);
    expect(hop.calls.length).toBe(3);
  });
});
