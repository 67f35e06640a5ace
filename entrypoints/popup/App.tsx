import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { usePopupActions, usePopupView } from './report/hooks';
import { useVerdict } from './report/useVerdict';
import type { TabReport } from './report/types';
import { NotInspectable } from './sections/NotInspectable';
import { ResponseSection } from './sections/ResponseSection';
import { BytesSection } from './sections/BytesSection';
import { VerdictSection } from './sections/VerdictSection';
import { CachingSection } from './sections/CachingSection';
import { ExportBar } from './sections/ExportBar';
import { CompareSection } from './sections/CompareSection';
import { RenderSection } from './sections/RenderSection';
import { StructuredSection } from './sections/StructuredSection';
import { RobotsSection } from './sections/RobotsSection';
import { OthersSection } from './sections/OthersSection';
import { Summary } from './sections/Summary';
import { HostAccess } from './sections/HostAccess';
import { summaryLines } from './report/summary';

export function App({ tabParam }: { tabParam: string | null }) {
  const { report, error, tabId, hostAccess } = usePopupView();
  // `npm run bench` reads this mark: the first render with the tab's data in it.
  useEffect(() => {
    if (report && performance.getEntriesByName('cs-first-render').length === 0) performance.mark('cs-first-render');
  }, [report]);

  const openInTab = () => {
    if (tabId === null) return;
    void browser.tabs.create({ url: browser.runtime.getURL(`/popup.html?tab=${tabId}`) });
  };

  return (
    <main className="cs-popup" data-testid="popup" aria-busy={!report}>
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
      {!report && !error ? <p data-testid="loading">{i18n.t('popup.loading')}</p> : null}
      <HostAccess />
      {report && !report.snapshot.inspectable.ok && hostAccess === 'granted' ? (
        <NotInspectable url={report.snapshot.url} reason={report.snapshot.inspectable.reason} />
      ) : null}
      {report && report.snapshot.inspectable.ok ? <Report report={report} /> : null}
      <p className="verify-link">
        <a href={browser.runtime.getURL('/verify.html')} target="_blank" rel="noreferrer" data-testid="verify-link">
          {i18n.t('verify.openTool')}
        </a>
      </p>
      {report?.snapshot.inspectable.ok ? <p><button type="button" data-testid="sitecheck-open" onClick={() => void browser.tabs.create({ url: browser.runtime.getURL(`/sitecheck.html?url=${encodeURIComponent(report.url)}`) })}>{i18n.t('sitecheck.open')}</button></p> : null}
    </main>
  );
}

/** Every section is a view of the one report; actions go back to the store. */
function Report({ report }: { report: TabReport }) {
  const result = useVerdict(report);
  const actions = usePopupActions();
  const canCompare = report.compare.status !== 'skipped';
  const openCompare = () => {
    void browser.tabs.create({ url: browser.runtime.getURL(`/compare.html?url=${encodeURIComponent(report.url)}&tab=${report.tabId}`) });
  };
  const canRender = report.render.status !== 'skipped';
  const openRender = () => {
    void browser.tabs.create({ url: browser.runtime.getURL(`/render.html?tab=${report.tabId}`) });
  };
  return (
    <>
      <Summary lines={summaryLines(report, result)} onCompare={canCompare ? openCompare : null} onRender={canRender ? openRender : null} />
      <VerdictSection report={report} result={result} onReload={() => void actions.reloadTab()} onCheckCanonical={actions.checkCanonicalElsewhere} />
      <ResponseSection report={report} onReload={() => void actions.reloadTab()} />
      <BytesSection report={report} onFindCut={actions.findCut} onToggleOverlay={actions.toggleOverlay} />
      <RobotsSection report={report} onRefetch={actions.refetchRobots} />
      <OthersSection report={report} />
      <CachingSection report={report} onProbe={actions.probe} />
      <CompareSection report={report} onCompare={openCompare} />
      <RenderSection report={report} onRender={openRender} />
      <StructuredSection report={report} />
      <ExportBar report={report} result={result} />
    </>
  );
}
