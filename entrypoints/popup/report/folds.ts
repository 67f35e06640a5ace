import { create } from 'zustand';
import { popupFolds } from '../../../utils/settings';

/** Open/closed state of the popup's sections (and the robots table's "show all"), remembered across popups. */
interface Folds {
  open: Record<string, boolean>;
  isOpen: (id: string, fallback?: boolean) => boolean;
  setOpen: (id: string, open: boolean) => void;
}

export const useFolds = create<Folds>((set, get) => ({
  open: {},
  isOpen: (id, fallback = true) => get().open[id] ?? fallback,
  setOpen: (id, open) => {
    if (get().open[id] === open) return;
    const next = { ...get().open, [id]: open };
    set({ open: next });
    void popupFolds.setValue(next);
  },
}));

/** Read before the first render, so that the first paint already has the remembered layout. */
export async function loadFolds(): Promise<void> {
  useFolds.setState({ open: await popupFolds.getValue().catch(() => ({})) });
}
