import { registerBackgroundHandlers } from '../../utils/messaging';
import { handlers } from './handlers';
import { startRecordingMainFrames } from './mainFrameRecorder';
import { startBadges } from './badge';
import { removeStaleUaRules } from './extensionHopFetcher';
import { startRemovingRunRulesOfClosedTabs } from './runRules';
import { closeStaleRenderWindows } from './renderInChrome';
import { removeStaleRenderContainers } from './renderInFirefox';

export default defineBackground({
  type: 'module',
  main() {
    // Both must be registered synchronously so that a restarted worker hears the event
    // that woke it.
    startRecordingMainFrames();
    startBadges();
    registerBackgroundHandlers(handlers);
    startRemovingRunRulesOfClosedTabs();
    // A worker stopped mid-request leaves its User-Agent rule behind (session rules outlive it).
    void removeStaleUaRules().catch(() => undefined);
    // A worker stopped mid-render leaves its render window (and in Firefox its container) open: remove them.
    void (import.meta.env.FIREFOX ? removeStaleRenderContainers() : closeStaleRenderWindows()).catch(() => undefined);
  },
});
