// The render page's views' one way into its state (store.ts). Views import these, never the store.
import { useShallow } from 'zustand/react/shallow';
import { useRenderStore } from './store';

/** The page's state and the user's actions on it. */
export const useRenderPage = () => useRenderStore(useShallow((x) => ({ state: x.state, dispatch: x.dispatch, start: x.start, cancel: x.cancel })));

/** The page's state alone (for a view that only shows it). */
export const useRenderState = () => useRenderStore((x) => x.state);
