import { i18n } from '#i18n';
import { openSandbox } from '../../../components/RobotsText';
import { OtherCrawlersTable } from '../../../components/OtherCrawlersTable';
import { useEffect } from 'react';
import { PreferencesView } from '../../../components/PreferencesView';
import type { TabReport } from '../report/types';
import { aiPreferencesOf } from '../report/derive';
import { useFold, usePopupActions } from '../report/hooks';
import { Fold } from './Fold';
import { LiveFetchView } from './LiveFetchView';
import { LlmsView } from './LlmsView';

/**
 * Who else may read this page: every other crawler of the catalog, judged by the same robots.txt
 * (fetched as Googlebot), grouped by purpose. A view of the report.
 */
export function OthersSection({ report: r }: { report: TabReport }) {
  const step = r.robots;
  const others = step.value?.others ?? null;
  const { fetchLive, loadLlms, checkLlmsLinks } = usePopupActions();
  const [open] = useFold('others', false);
  // llms.txt is read when the section is opened (one request to the site), not on every popup.
  useEffect(() => {
    if (open) loadLlms();
  }, [open, r.snapshot]);
  const prefs = aiPreferencesOf(r);
  return (
    // Closed until opened (its first-screen line opens it): sixteen rows and their links would otherwise
    // stand between the keyboard and every section below.
    <Fold id="others" testId="others" heading={i18n.t('crawlers.heading')} busy={step.status === 'pending'} defaultOpen={false}>
      {others ? (
        <>
          <p className="cs-muted" data-testid="others-fetched-as">{i18n.t('crawlers.fetchedAsGooglebot')}</p>
          <OtherCrawlersTable
            verdicts={others}
            rowTestId="others-row"
            caption={i18n.t('crawlers.caption')}
            onLine={(line) => openSandbox(r.url, line)}
            lineTitle={(line) => i18n.t('robots.openLineTitle', [line])}
          />
          {prefs ? <PreferencesView prefs={prefs.prefs} findings={prefs.findings} onLine={(line) => openSandbox(r.url, line)} testId="aipref" /> : null}
          <LiveFetchView step={r.crawlersLive} onFetch={fetchLive} />
          <LlmsView step={r.llms} links={r.llmsLinks} onCheckLinks={checkLlmsLinks} />
        </>
      ) : step.status === 'pending' ? (
        <p data-testid="others-loading">{i18n.t('robots.loading')}</p>
      ) : step.status === 'skipped' ? (
        <p data-testid="others-none">{i18n.t('robots.notHttp')}</p>
      ) : (
        <p data-testid="others-none">{i18n.t('summary.othersUnknown')}</p>
      )}
    </Fold>
  );
}
