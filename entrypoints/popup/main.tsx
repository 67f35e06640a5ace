import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '#i18n';
import { App } from './App';
import { loadFolds } from './report/folds';
import { usePopup } from './report/store';

await Promise.all([initI18n(), loadFolds()]);
document.title = i18n.t('extName');
const params = new URLSearchParams(location.search);
const tabParam = params.get('tab');
// In a full tab (?tab=N) the report uses the whole width; `view=popup` keeps the toolbar popup's
// layout (420 px), for the README's picture and the tests of the first screen.
if (tabParam && params.get('view') !== 'popup') document.documentElement.classList.add('full');
// The first paint already holds the tab's report (every summary line in its place): nothing moves
// when it arrives. The rest of the report fills in within each step's time limit.
await usePopup.getState().open(tabParam);
createRoot(document.getElementById('root')!).render(<App tabParam={tabParam} />);
