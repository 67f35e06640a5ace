import { i18n } from '#i18n';
import { openSandbox } from '../../../components/RobotsText';
import { OtherCrawlersTable } from '../../../components/OtherCrawlersTable';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';

/**
 * Who else may read this page: every other crawler of the catalog, judged by the same robots.txt
 * (fetched as Googlebot), grouped by purpose. A view of the report.
 */
export function OthersSection({ report: r }: { report: TabReport }) {
  const step = r.robots;
  const others = step.value?.others ?? null;
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
