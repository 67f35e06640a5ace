import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { RobotsSandbox } from './RobotsSandbox';
import { sendToBackground } from '../../utils/messaging';

/** robots.txt of the page's origin, as the popup reads it (cached 24 h). */
const loadLive = (url: string) => sendToBackground('getRobots', { url });

// The robots.txt sandbox: ?url=<page URL>[&line=<n>] opens it on that origin's live file.
await initI18n();
document.title = i18n.t('robots.sandbox.title');
const params = new URLSearchParams(location.search);
const line = Number(params.get('line'));
createRoot(document.getElementById('root')!).render(
  <RobotsSandbox pageUrl={params.get('url') ?? ''} initialLine={Number.isInteger(line) && line > 0 ? line : null} loadLive={loadLive} />,
);
