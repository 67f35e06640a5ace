import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';

// Opened from the popup as compare.html?url=<the tab's URL>&tab=<its id>.
const params = new URLSearchParams(location.search);
const url = params.get('url');
const tab = Number(params.get('tab') ?? NaN);
await initI18n();
document.title = i18n.t('compare.pageTitle', [url ?? '']);
createRoot(document.getElementById('root')!).render(<App url={url} tabId={Number.isInteger(tab) && tab >= 0 ? tab : null} />);
