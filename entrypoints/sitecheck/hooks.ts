// The site check page's views' one way into its state (store.ts): the form, the run, its rows and
// the user's actions. Views import this, never the store.
import { useSiteCheck } from './store';

/** Everything the page shows and every action it offers (the page is one view of the whole run). */
export const useSiteCheckPage = () => useSiteCheck();
export type { Comparison, ComparedWith, PageTab, RunMode } from './store';
