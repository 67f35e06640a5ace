/** Locale keys are camelCase: not-indexable → notIndexable. */
export const verdictKey = (v: string) => v.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
