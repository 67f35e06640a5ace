import { describe, expect, it } from 'vitest';
import { splitWords } from '../../../lib/compare/splitWords';
import { extractPage } from '../../../lib/compare';

describe('splitWords', () => {
  it('space-separated languages: one word per run, unchanged', () => {
    expect(splitWords('Winter shoes — handmade in Porto')).toEqual(['Winter', 'shoes', '—', 'handmade', 'in', 'Porto']);
  });
  it('Chinese has no spaces: its words are found (so a word count means the same in every language)', () => {
    const words = splitWords('Googlebot 只會檢索前 2 MB 的內容');
    expect(words[0]).toBe('Googlebot');
    expect(words.length).toBeGreaterThan(5);
    expect(words.join('')).toBe('Googlebot只會檢索前2MB的內容');
  });
  it('the word count of a Chinese page is its words, not its paragraphs', () => {
    const page = extractPage('<html><body><p>網站管理員可以使用 robots.txt 檔案控制檢索器。</p></body></html>', 'https://site.example/');
    expect(page.words.length).toBeGreaterThan(6);
  });
});
