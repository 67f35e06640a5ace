import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { usePopup } from './store';
import { NotInspectable } from '../../components/NotInspectable';
import { ResponseSection } from '../../components/ResponseSection';
import { BytesSection } from '../../components/BytesSection';
import { VerdictSection } from '../../components/VerdictSection';
import { CachingSection } from '../../components/CachingSection';
import { ExportBar } from '../../components/ExportBar';
import { CompareSection } from '../../components/CompareSection';
import { RobotsSection } from '../../components/RobotsSection';

export function App({ tabParam }: { tabParam: string | null }) {
  const { snapshot, error, loading, tabId, load } = usePopup();
  useEffect(() => {
    void load(tabParam);
  }, [load, tabParam]);
  // `npm run bench` reads this mark: the first render with the tab's data in it.
  useEffect(() => {
    if (snapshot && performance.getEntriesByName('cs-first-render').length === 0) {
      performance.mark('cs-first-render');
    }
  }, [snapshot]);

  const openInTab = () => {
    if (tabId === null) return;
    void browser.tabs.create({ url: browser.runtime.getURL(`/popup.html?tab=${tabId}`) });
  };

  return (
    <main className="cs-popup" data-testid="popup" aria-busy={loading}>
      <header className="cs-header">
        <h1>{i18n.t('extName')}</h1>
        {tabParam === null && tabId !== null ? (
          <button type="button" onClick={openInTab} data-testid="open-in-tab">
            {i18n.t('popup.openInTab')}
          </button>
        ) : null}
      </header>
      {error ? (
        <p role="alert" className="cs-error" data-testid="error">
          {i18n.t('popup.error', [error])}
        </p>
      ) : null}
      {loading && !snapshot ? <p data-testid="loading">{i18n.t('popup.loading')}</p> : null}
      {snapshot && !snapshot.inspectable.ok ? (
        <NotInspectable url={snapshot.url} reason={snapshot.inspectable.reason} />
      ) : null}
      {/* The verdict comes first; every other section follows it. */}
      {snapshot && snapshot.inspectable.ok ? <VerdictSection snapshot={snapshot} /> : null}
      {snapshot && snapshot.inspectable.ok ? <ResponseSection snapshot={snapshot} /> : null}
      {snapshot && snapshot.inspectable.ok ? <BytesSection snapshot={snapshot} /> : null}
      {snapshot && snapshot.inspectable.ok ? <RobotsSection snapshot={snapshot} /> : null}
      {snapshot && snapshot.inspectable.ok ? <CompareSection snapshot={snapshot} /> : null}
      {snapshot && snapshot.inspectable.ok ? <CachingSection snapshot={snapshot} /> : null}
      {snapshot && snapshot.inspectable.ok ? <ExportBar snapshot={snapshot} /> : null}
      <p className="verify-link"><a href={browser.runtime.getURL('/verify.html')} target="_blank" rel="noreferrer" data-testid="verify-link">{i18n.t('verify.openTool')}</a></p>
    </main>
  );
}
