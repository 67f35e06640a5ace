import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { CompareReply } from '../../utils/protocol';
import { sendToBackground, sendToTab } from '../../utils/messaging';
import { compareChromeVersion } from '../../utils/settings';
import { downloadJson } from '../../utils/downloadFile';
import { DEFAULT_CHROME_VERSION, isChromeVersion } from '../../lib/crawl';
import { renderedValues, type Field } from '../../lib/compare';
import { CompareReport } from './CompareReport';
import { hostPermissionPattern } from '../../lib/core';

type State =
  | { kind: 'running' }
  | { kind: 'done'; reply: Extract<CompareReply, { ok: true }>; rendered: Partial<Record<Field, string>> | null }
  | { kind: 'permission'; origin: string; denied: boolean }
  | { kind: 'notHttp' }
  | { kind: 'error'; message: string };

/** The tab's rendered DOM (title, robots meta, canonical, hreflang), when the tab still shows this URL. */
async function readRendered(tabId: number | null, url: string): Promise<Partial<Record<Field, string>> | null> {
  if (tabId === null) return null;
  try {
    const live = await sendToTab(tabId, 'getIndexSignals', { where: 'live' });
    return live.url === url ? renderedValues(live) : null;
  } catch {
    return null;
  }
}

export function App({ url, tabId }: { url: string | null; tabId: number | null }) {
  const [state, setState] = useState<State>({ kind: 'running' });
  const [chrome, setChrome] = useState('');

  const run = useCallback(async () => {
    if (!url) return;
    setState({ kind: 'running' });
    try {
      const [reply, rendered] = await Promise.all([sendToBackground('compareAgents', { url }), readRendered(tabId, url)]);
      if (reply.ok) setState({ kind: 'done', reply, rendered });
      else if (reply.reason === 'no-permission') setState({ kind: 'permission', origin: reply.origin, denied: false });
      else setState({ kind: 'notHttp' });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }, [url, tabId]);

  useEffect(() => {
    void compareChromeVersion.getValue().then(setChrome);
    void run();
  }, [run]);

  // Must run in the click (a user gesture) for the browser to show its prompt.
  const grant = async (origin: string) => {
    const ok = await browser.permissions.request({ origins: [hostPermissionPattern(origin)] }).catch(() => false);
    if (ok) void run();
    else setState({ kind: 'permission', origin, denied: true });
  };

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
              onChange={(e) => {
                setChrome(e.target.value);
                if (isChromeVersion(e.target.value)) void compareChromeVersion.setValue(e.target.value.trim());
              }}
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
