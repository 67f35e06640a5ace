// The verify page's views' one way into its state (store.ts). Views import these, never the store.
import { useVerifyPage } from './store';

/** Everything the page shows and every action it offers (the page hands each panel its part). */
export const useVerify = () => useVerifyPage();

/** Loads the ranges, the resolver and the crawler lists, once the page is shown. */
export const initVerify = () => useVerifyPage.getState().init();
