import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';

await initI18n();
document.title = i18n.t('extName');
const params = new URLSearchParams(location.search);
const tabParam = params.get('tab');
// In a full tab (?tab=N) the report uses the whole width.
if (tabParam) document.documentElement.classList.add('full');
createRoot(document.getElementById('root')!).render(<App tabParam={tabParam} />);
