import { createRoot } from 'react-dom/client';
import { i18n } from '#i18n';
import { VerifyApp } from './VerifyApp';

document.title = i18n.t('verify.pageTitle');
document.documentElement.classList.add('full');
createRoot(document.getElementById('root')!).render(<VerifyApp />);
