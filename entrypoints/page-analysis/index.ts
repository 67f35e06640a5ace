import { analyzePage } from './analyzePage';
import { toggleOverlay } from './overlay';
import { pageResources } from './pageResources';
import { servedIndexSignals } from './servedIndexSignals';
import { installPageAnalysis } from './holder';
import { composedHtml } from './composedHtml';
import { structuredServed } from './structuredServed';

// Injected into a tab only when the user asks for an analysis (see holder.ts).
export default defineUnlistedScript(() => {
  installPageAnalysis({ analyzePage, toggleOverlay, pageResources, servedIndexSignals, composedHtml, structuredServed });
});
