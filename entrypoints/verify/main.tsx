import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { VerifyApp } from './VerifyApp';

await initI18n();
document.title = i18n.t('verify.pageTitle');
document.documentElement.classList.add('full');
createRoot(document.getElementById('root')!).render(<VerifyApp />);
