import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';
import { useRenderStore } from './store';

// render.html?tab=<id> (from the popup: the tab's page, compared with what the tab shows), or
// render.html?url=<url>&agent=smartphone|desktop (a typed URL). &limit=<seconds> (5–60) sets the time limit.
const params = new URLSearchParams(location.search);
const tab = Number(params.get('tab') ?? NaN);
const tabId = Number.isInteger(tab) && tab >= 0 ? tab : null;
const limit = Number(params.get('limit') ?? NaN);
await initI18n();
document.title = i18n.t('render.pageTitle');
void useRenderStore.getState().init({
  tabId,
  url: params.get('url') ?? '',
  agent: params.get('agent') === 'desktop' ? 'desktop' : 'smartphone',
  timeLimitSec: Number.isFinite(limit) ? Math.min(60, Math.max(5, Math.round(limit))) : null,
  // From a tab the render starts at once; a typed URL waits for the button (it may be given in the address).
  autostart: tabId !== null || params.has('url'),
});
createRoot(document.getElementById('root')!).render(<App />);
