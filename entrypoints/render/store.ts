// The render page's store: the one state object (renderState.ts) and the actions that talk to the
// background and the tab — the only code of this page that sends messages.
import { create } from 'zustand';
import { i18n } from '#i18n';
import { sendToBackground, sendToTab } from '../../utils/messaging';
import { renderSnapshot } from '../../lib/render';
import { initialRenderState, parseRenderUrl, renderReducer, type RenderAction, type RenderPageState } from './renderState';

/** How often the page asks how the render goes. */
const POLL_MS = 250;

interface RenderStore {
  state: RenderPageState;
  dispatch: (a: RenderAction) => void;
  init: (p: { tabId: number | null; url: string; agent: RenderPageState['agent']; timeLimitSec: number | null; autostart: boolean }) => Promise<void>;
  /** Renders the URL; `force` renders even what Google would not (served noindex, not 200). */
  start: (force?: boolean) => Promise<void>;
  cancel: () => void;
}

export const useRenderStore = create<RenderStore>((set, get) => {
  const dispatch = (a: RenderAction) => set({ state: renderReducer(get().state, a) });

  const follow = (id: string) => {
    const tick = async () => {
      try {
        const job = await sendToBackground('renderStatus', { id });
        if (!job) return dispatch({ type: 'failed', error: i18n.t('render.gone') });
        dispatch({ type: 'progress', job });
        if (job.state === 'running' && get().state.jobId === id) setTimeout(tick, POLL_MS);
      } catch (err) {
        dispatch({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
      }
    };
    void tick();
  };

  /** The tab as the user's browser shows it now (its DOM, shadow DOM flattened). */
  const readTab = async (tabId: number) => {
    dispatch({ type: 'readingTab' });
    const snap = await sendToBackground('getTabSnapshot', { tabId });
    const url = snap.facts?.url ?? snap.url ?? '';
    try {
      const got = await sendToTab(tabId, 'getComposedHtml', {});
      dispatch({ type: 'tabRead', url: got.url, browser: renderSnapshot(got.html, got.url, got.capped), error: null });
    } catch (err) {
      dispatch({ type: 'tabRead', url, browser: null, error: err instanceof Error ? err.message : String(err) });
    }
  };

  return {
    state: initialRenderState({ tabId: null, url: '', agent: 'smartphone', timeLimitSec: null }),
    dispatch,
    init: async ({ autostart, ...p }) => {
      set({ state: initialRenderState(p) });
      if (autostart) await get().start();
    },
    start: async (force = false) => {
      const s = get().state;
      if (s.phase === 'starting' || s.phase === 'running' || s.phase === 'reading-tab') return;
      try {
        // From a tab: read it again at each render (it may have changed since).
        if (s.tabId !== null) await readTab(s.tabId);
        const now = get().state;
        const url = parseRenderUrl(now.url);
        if (!url) return dispatch({ type: 'badUrl', url: now.url });
        dispatch({ type: 'starting' });
        const { id } = await sendToBackground('renderStart', {
          url,
          agent: now.agent,
          browser: now.tabId !== null ? now.browser : null,
          force,
          ...(now.timeLimitSec ? { timeLimitSec: now.timeLimitSec } : {}),
          ...(now.tabId !== null ? { tabId: now.tabId } : {}),
        });
        dispatch({ type: 'started', id });
        follow(id);
      } catch (err) {
        dispatch({ type: 'failed', error: err instanceof Error ? err.message : String(err) });
      }
    },
    cancel: () => {
      const id = get().state.jobId;
      if (id) void sendToBackground('renderCancel', { id }).catch(() => undefined);
    },
  };
});
