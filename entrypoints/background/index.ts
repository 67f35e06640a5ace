import { registerBackgroundHandlers } from '../../utils/messaging';
import { handlers } from './handlers';
import { startRecordingMainFrames } from './main-frame-recorder';
import { startBadges } from './badge';

export default defineBackground({
  type: 'module',
  main() {
    // Both must be registered synchronously so that a restarted worker hears the event
    // that woke it.
    startRecordingMainFrames();
    startBadges();
    registerBackgroundHandlers(handlers);
  },
});
