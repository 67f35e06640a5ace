// Public API of lib/aipref: AI usage preferences — Content-Usage and Content-Signal lines of
// robots.txt (per group, paths included), policy-token groups, the Content-Usage response header —
// per purpose with the line or header each answer comes from. The robots.txt matcher ignores all
// of them: no verdict for any crawler changes.
export type * from './types';
export { PURPOSES, POLICY_TOKENS, DRAFT_URLS, VOCAB_03, VOCAB_07, ATTACH_05, CONTENT_SIGNALS, KELLEY_00, type Purpose } from './vocabulary';
export { parseDictionary, type DictResult, type DictMember, type DictItem } from './parseDictionary';
export { readPreferenceValue, type PreferenceValue, type PreferenceKind } from './readPreferenceValue';
export { evaluatePreferences, type EvaluateOptions } from './evaluatePreferences';
export { preferenceDiagnostics, PREF_MAX_DIAGNOSTICS } from './preferenceDiagnostics';
export { preferenceFindings } from './preferenceFindings';
