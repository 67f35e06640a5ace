// The browser as the popup's gathering (gather.ts) sees it: the background and the tab through the
// typed protocol, the real clock, the byte-limit setting. The popup's store and the render page's
// export both gather through it.
import { sendToBackground, sendToTab } from '../../../utils/messaging';
import { bytesLimit } from '../../../utils/settings';
import type { PopupMessenger } from './gather';

export const browserMessenger: PopupMessenger = {
  toBackground: sendToBackground,
  toTab: sendToTab,
  clock: {
    now: () => Date.now(),
    after: (ms, fn) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
  },
  settings: { bytesLimit: () => bytesLimit.getValue() },
};
