import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';

await initI18n();
document.title = i18n.t('options.title');
document.documentElement.classList.add('full');
createRoot(document.getElementById('root')!).render(<App />);
