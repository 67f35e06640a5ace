// The validator: Google's rich result rules and the schema.org vocabulary. Loaded only when asked
// (`await import('lib/structured/validate')`): its own chunk in the extension.
export { validateStructuredData, judgeServed, judgeRendered, featuresOf, MAX_FINDINGS, type ValidateInput, type ServedJudgement } from './validateStructuredData';
export { FEATURES, OBJECT_RULES, SOURCES } from './googleRules';
export { vocabulary } from './vocabulary';
export type { FeatureRule, ObjectRule, PropRule, ValueKind } from './ruleTypes';
