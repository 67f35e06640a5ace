import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';
import { useComparePage } from './store';

// Opened from the popup as compare.html?url=<the tab's URL>&tab=<its id>.
const params = new URLSearchParams(location.search);
const url = params.get('url');
const tab = Number(params.get('tab') ?? NaN);
await initI18n();
document.title = i18n.t('compare.pageTitle', [url ?? '']);
useComparePage.getState().init(url, Number.isInteger(tab) && tab >= 0 ? tab : null);
createRoot(document.getElementById('root')!).render(<App />);
