// The readers the site check needs for a page's structured data, loaded on the first page that
// asks (a worker thread that never checks structured data never loads them). Modules by file:
// a folder is not resolved by a dynamic import inside the command line's worker threads.
export const loadStructuredReaders = (): Promise<[typeof import('./extractStructuredData'), typeof import('./structuredFromBytes'), typeof import('./parse5Tree')]> =>
  Promise.all([import('./extractStructuredData'), import('./structuredFromBytes'), import('./parse5Tree')]);
