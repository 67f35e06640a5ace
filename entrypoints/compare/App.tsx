import { i18n } from '#i18n';
import type { CompareReply } from '../../utils/protocol';
import { downloadJson } from '../../utils/downloadFile';
import { DEFAULT_CHROME_VERSION, isChromeVersion } from '../../lib/crawl';
import { CompareReport } from './CompareReport';
import { useCompare } from './hooks';

/** Mobile vs desktop: the page as Googlebot Smartphone and Googlebot Desktop get it, side by side. */
export function App() {
  const { url, state, chrome, run, grant, setChrome } = useCompare();

  const download = (reply: Extract<CompareReply, { ok: true }>) =>
    downloadJson(`crawlscope-compare-${new Date(reply.comparedAt).toISOString().replace(/[:.]/g, '-')}.json`, reply);

  if (!url) {
    return (
      <main className="cs-popup">
        <p className="cs-error">{i18n.t('compare.noUrl')}</p>
      </main>
    );
  }
  const chromeValid = isChromeVersion(chrome);
  return (
    <main className="cs-popup" data-testid="compare-page" aria-busy={state.kind === 'running'}>
      <header className="cs-header">
        <h1>{i18n.t('compare.heading')}</h1>
        <div className="compare-actions">
          <button type="button" onClick={() => void run()} disabled={state.kind === 'running'} data-testid="compare-again">
            {i18n.t('compare.again')}
          </button>
          {state.kind === 'done' ? (
            <button type="button" onClick={() => download(state.reply)} data-testid="compare-export">
              {i18n.t('compare.exportJson')}
            </button>
          ) : null}
        </div>
      </header>
      <p className="cs-url" data-testid="compare-url">{url}</p>
      <details className="compare-options">
        <summary>{i18n.t('compare.options')}</summary>
        <div>
          <label>
            {i18n.t('compare.optionChrome')}{' '}
            <input
              type="text"
              value={chrome}
              aria-invalid={!chromeValid}
              data-testid="compare-chrome"
              onChange={(e) => setChrome(e.target.value)}
            />
          </label>
          {!chromeValid ? <span className="cs-error"> {i18n.t('compare.optionChromeInvalid', [DEFAULT_CHROME_VERSION])}</span> : null}
        </div>
      </details>
      {state.kind === 'running' ? <p data-testid="compare-running">{i18n.t('compare.running')}</p> : null}
      {state.kind === 'error' ? (
        <p role="alert" className="cs-error" data-testid="compare-error">
          {i18n.t('compare.error', [state.message])}
        </p>
      ) : null}
      {state.kind === 'notHttp' ? <p className="cs-error">{i18n.t('compare.notHttp')}</p> : null}
      {state.kind === 'permission' ? (
        <div className="cs-section" data-testid="compare-permission">
          <p>{i18n.t('compare.permissionWhy', [state.origin])}</p>
          <button type="button" onClick={() => void grant(state.origin)}>
            {i18n.t('compare.permissionGrant', [state.origin])}
          </button>
          {state.denied ? <p className="cs-error">{i18n.t('compare.permissionDenied')}</p> : null}
        </div>
      ) : null}
      {state.kind === 'done' ? <CompareReport reply={state.reply} rendered={state.rendered} /> : null}
    </main>
  );
}
