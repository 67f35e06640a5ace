// The validator (Google's rich result rules and the schema.org vocabulary) in its own chunk:
// callers outside lib/structured load it through this, only when there is something to judge.
// By file, not by folder: a folder is not resolved by a dynamic import in the command line's worker threads.
export const loadStructuredValidator = (): Promise<typeof import('./validate/index')> => import('./validate/index');
