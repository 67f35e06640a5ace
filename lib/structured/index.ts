// Structured data as Google reads it. Extraction (this entry) is light; the validation — Google's
// rich result rules and the schema.org vocabulary — is `lib/structured/validate`, loaded only
// when asked (a dynamic import, its own chunk).
export { extractStructuredData, structuredTokens, type ExtractInput } from './extractStructuredData';
export { structuredFromBytes, type BytesToRead } from './structuredFromBytes';
export { packExtract, unpackExtract, type PackedExtract } from './packExtract';
export { packJudgement, unpackJudgement, type PackedJudgement, type Judgement } from './packJudgement';
export { structuredReport, renderedProblems } from './structuredReport';
export { StructuredTokens, type JsonLdBlock, type TagStarts } from './StructuredTokens';
export type { SdElement, SdTree } from './SdElement';
export { parseJson, type JsonNode, type JsonParse, type JsonErrorCode } from './parseJson';
export { MAX_JSONLD_CHARS, MAX_JSON_DEPTH, MAX_NODES } from './limits';
export type * from './types';
export { structuredViews, type StructuredViewRow } from './structuredViews';
export { loadStructuredValidator } from './loadStructuredValidator';
export { loadStructuredReaders } from './loadStructuredReaders';
