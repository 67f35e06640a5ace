/** The most JSON-LD read from one HTML, in characters: a block that would go past it is not read (and the report says so). */
export const MAX_JSONLD_CHARS = 2_097_152;
/** JSON nesting read; deeper values are skipped (and the report says so). */
export const MAX_JSON_DEPTH = 64;
/** Entities (objects, items) read from one HTML. */
export const MAX_NODES = 50_000;
/** Problems of one kind listed per HTML (the rest are counted in the first one's place). */
export const MAX_PROBLEMS = 20;
