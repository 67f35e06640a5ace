// The compare page's views' one way into its state (store.ts). Views import this, never the store.
import { useShallow } from 'zustand/react/shallow';
import { useComparePage } from './store';

/** The comparison, the Chrome version field, and the user's actions. */
export const useCompare = () =>
  useComparePage(useShallow((s) => ({ url: s.url, state: s.state, chrome: s.chrome, run: s.run, grant: s.grant, setChrome: s.setChrome })));
