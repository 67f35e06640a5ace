import { analyzePage } from '../utils/content-bytes/analyzePage';
import { toggleOverlay } from '../utils/content-bytes/overlay';
import { pageResources } from '../utils/content-bytes/pageResources';
import { servedIndexSignals } from '../utils/content-bytes/servedIndexSignals';
import { installPageAnalysis } from '../utils/page-analysis';

// Injected into a tab only when the user asks for an analysis (see utils/page-analysis.ts).
export default defineUnlistedScript(() => {
  installPageAnalysis({ analyzePage, toggleOverlay, pageResources, servedIndexSignals });
});
