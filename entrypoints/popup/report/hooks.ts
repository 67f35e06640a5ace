// The views' one way into the popup's state: the report and its actions (store.ts), and which
// sections are open (folds.ts). Views import these hooks, never a store.
import { useShallow } from 'zustand/react/shallow';
import { usePopup } from './store';
import { useFolds } from './folds';

/** The tab's report and what the popup knows of the tab. */
export const usePopupView = () =>
  usePopup(useShallow((s) => ({ report: s.report, error: s.error, tabId: s.tabId, hostAccess: s.hostAccess })));

/** The user's actions on the report. */
export const usePopupActions = () =>
  usePopup(
    useShallow((s) => ({
      askHostAccess: s.askHostAccess,
      reloadTab: s.reloadTab,
      refetchRobots: s.refetchRobots,
      findCut: s.findCut,
      toggleOverlay: s.toggleOverlay,
      probe: s.probe,
      checkCanonicalElsewhere: s.checkCanonicalElsewhere,
      fetchLive: s.fetchLive,
      loadLlms: s.loadLlms,
      checkLlmsLinks: s.checkLlmsLinks,
    })),
  );

/** Whether the section (or fold) `id` is open — remembered across popups — and how to change it. */
export function useFold(id: string, fallback = true): [boolean, (open: boolean) => void] {
  const open = useFolds((s) => s.isOpen(id, fallback));
  const setOpen = useFolds((s) => s.setOpen);
  return [open, (next: boolean) => setOpen(id, next)];
}

/** Opens or closes any section by its id (the summary's links open theirs). */
export const useSetFold = () => useFolds((s) => s.setOpen);
