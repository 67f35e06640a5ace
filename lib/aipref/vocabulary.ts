/**
 * The usage-preference vocabularies Crawlscope reads, as data, each label with the draft (and its
 * version) that defines it. Read 2026 from the drafts' own sources:
 *
 * - draft-ietf-aipref-vocab (IETF AIPREF WG; ietf-wg-aipref/drafts, tags -03 of 2025-09-05 and -07
 *   of 2026-08-19). -07 §5 defines two categories, `train-ai` (AI Model Training) and `search`;
 *   §6.2 their values, the tokens `y` and `n`; §6.6 the processing: a value that is not the token
 *   `y` or `n`, or a dictionary that does not parse, is "unknown", never an error; §7.1 combining:
 *   any "disallow" wins, then any "allow", else unknown. -03 §3 had four categories in a tree —
 *   `bots` (Automated Processing, the parent of all), `train-ai` under it, `train-genai`
 *   (Generative AI Training) under `train-ai`, `search` under `bots` — and §4: a category without a
 *   preference takes its parent's. Later versions dropped `bots` and `train-genai`; files written
 *   after -03 still carry them, so they are read, and said to come from -03.
 * - draft-ietf-aipref-attach-05 (2026-08-19): the `Content-Usage` response header (§3, a
 *   dictionary in the vocabulary's format) and the `Content-Usage` robots.txt rule (§4: an
 *   optional path, then the preference; longest path match as for Allow/Disallow; applies only to
 *   what may be crawled).
 * - draft-romm-aipref-contentsignals-00 (Cloudflare, 2025-10-01) and contentsignals.org:
 *   `Content-Signal: search=yes, ai-input=yes, ai-train=no` in a robots.txt group. Values `yes` /
 *   `no`; a use without a signal is neither granted nor restricted (contentsignals.org's policy
 *   text, point (c)). Cloudflare's managed files also write `use=…`, which is no purpose.
 * - draft-kelley-aipref-training-preference-signal-00 (2026-10-30): "ordinary robots.txt groups
 *   keyed by a per-purpose policy token in the User-Agent line … no new directive names and no new
 *   grammar: the path language, longest-match precedence, and group structure of robots.txt are
 *   not changed" (its abstract). Only the abstract could be read here; the policy tokens Crawlscope
 *   recognises are the vocabulary's own category labels (POLICY_TOKENS), an assumption the README
 *   states.
 */

/** The purposes shown, each a row: search, AI input (RAG, grounding), AI training, generative AI training. */
export type Purpose = 'search' | 'ai-input' | 'ai-train' | 'train-genai';
export const PURPOSES: readonly Purpose[] = ['search', 'ai-input', 'ai-train', 'train-genai'];

export const VOCAB_07 = 'draft-ietf-aipref-vocab-07';
export const VOCAB_03 = 'draft-ietf-aipref-vocab-03';
export const ATTACH_05 = 'draft-ietf-aipref-attach-05';
export const CONTENT_SIGNALS = 'draft-romm-aipref-contentsignals-00';
export const KELLEY_00 = 'draft-kelley-aipref-training-preference-signal-00';

export const DRAFT_URLS: Record<string, string> = {
  [VOCAB_07]: 'https://datatracker.ietf.org/doc/html/draft-ietf-aipref-vocab-07',
  [VOCAB_03]: 'https://datatracker.ietf.org/doc/html/draft-ietf-aipref-vocab-03',
  [ATTACH_05]: 'https://datatracker.ietf.org/doc/html/draft-ietf-aipref-attach-05',
  [CONTENT_SIGNALS]: 'https://contentsignals.org/',
  [KELLEY_00]: 'https://datatracker.ietf.org/doc/html/draft-kelley-aipref-training-preference-signal-00',
};

/** One label of a vocabulary: the purposes it speaks to directly, and its draft. */
export interface Label {
  label: string;
  purposes: readonly Purpose[];
  draft: string;
}

/** Content-Usage (header and robots.txt): AIPREF labels, values `y` / `n`. */
export const USAGE_LABELS: readonly Label[] = [
  { label: 'search', purposes: ['search'], draft: VOCAB_07 },
  // -07 §5.1: "modify the learned parameters of an AI model that is used to generate synthetic
  // content" — training, generative training included.
  { label: 'train-ai', purposes: ['ai-train', 'train-genai'], draft: VOCAB_07 },
  { label: 'train-genai', purposes: ['train-genai'], draft: VOCAB_03 },
  // -03 §3.1: Automated Processing "encompasses all the subsequent categories".
  { label: 'bots', purposes: ['search', 'ai-input', 'ai-train', 'train-genai'], draft: VOCAB_03 },
];

/** Content-Signal: contentsignals.org's three uses, values `yes` / `no`. */
export const SIGNAL_LABELS: readonly Label[] = [
  { label: 'search', purposes: ['search'], draft: CONTENT_SIGNALS },
  { label: 'ai-input', purposes: ['ai-input'], draft: CONTENT_SIGNALS },
  // "ai-train: training or fine-tuning AI models" (contentsignals.org): generative models too.
  { label: 'ai-train', purposes: ['ai-train', 'train-genai'], draft: CONTENT_SIGNALS },
];

/** Keys Cloudflare's managed robots.txt writes in Content-Signal that name no purpose (read, not judged). */
export const SIGNAL_OTHER_KEYS = ['use'];

/**
 * Which label answers a purpose when a statement holds several, most specific first (vocab-03 §4:
 * a category without a preference of its own takes its parent's): generative training asks
 * `train-genai`, then `train-ai`, then `bots`.
 */
export const USAGE_ORDER: Record<Purpose, readonly string[]> = {
  search: ['search', 'bots'],
  'ai-input': ['bots'],
  'ai-train': ['train-ai', 'bots'],
  'train-genai': ['train-genai', 'train-ai', 'bots'],
};
export const SIGNAL_ORDER: Record<Purpose, readonly string[]> = {
  search: ['search'],
  'ai-input': ['ai-input'],
  'ai-train': ['ai-train'],
  'train-genai': ['ai-train'],
};

/**
 * The per-purpose policy tokens (draft-kelley-…-00) recognised in User-agent lines: the AIPREF
 * category labels, which are valid robots.txt tokens ([A-Za-z_-]). An assumption from the draft's
 * abstract (see the top of this file): a group `User-agent: train-ai` / `Disallow: /x/` reads as
 * "no AI training" for /x/.
 */
export const POLICY_TOKENS: readonly Label[] = [
  { label: 'train-ai', purposes: ['ai-train', 'train-genai'], draft: KELLEY_00 },
  { label: 'train-genai', purposes: ['train-genai'], draft: KELLEY_00 },
  { label: 'search', purposes: ['search'], draft: KELLEY_00 },
];
export const POLICY_ORDER: Record<Purpose, readonly string[]> = {
  search: ['search'],
  'ai-input': [],
  'ai-train': ['train-ai'],
  'train-genai': ['train-genai', 'train-ai'],
};
