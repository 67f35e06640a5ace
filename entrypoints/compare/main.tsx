import { createRoot } from 'react-dom/client';
import { i18n } from '#i18n';
import { App } from './App';

// Opened from the popup as compare.html?url=<the tab's URL>.
const url = new URLSearchParams(location.search).get('url');
document.title = i18n.t('compare.pageTitle', [url ?? '']);
createRoot(document.getElementById('root')!).render(<App url={url} />);
