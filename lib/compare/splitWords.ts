/** Scripts written without spaces between words: Chinese, Japanese, Korean (partly), Thai, Lao, Khmer, Myanmar. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

let segmenter: Intl.Segmenter | null = null;

/**
 * The words of a text whose words are separated by single spaces (as extractPage leaves them).
 * A run in a script written without spaces (a Chinese sentence is one "space-separated word")
 * is split into its words with Intl.Segmenter, so word counts and the word diff mean the same in
 * every language. Other runs cost one test of a regular expression.
 */
export function splitWords(text: string, out: string[] = []): string[] {
  for (const w of text.split(' ')) {
    if (!w) continue;
    if (!UNSPACED.test(w)) {
      out.push(w);
      continue;
    }
    segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
    for (const s of segmenter.segment(w)) if (s.isWordLike) out.push(s.segment);
  }
  return out;
}
