import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';
import { useSiteCheck } from './store';

// Opened from the popup as sitecheck.html?url=<the tab's URL>: the site is that URL's origin.
const url = new URLSearchParams(location.search).get('url');
await initI18n();
await useSiteCheck.getState().init(url);
document.title = i18n.t('sitecheck.pageTitle', [useSiteCheck.getState().site ?? '']);
createRoot(document.getElementById('root')!).render(<App />);
