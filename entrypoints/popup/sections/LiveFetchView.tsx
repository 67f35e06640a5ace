import { i18n, tDynamic } from '#i18n';
import type { LiveFetchReport } from '../../../lib/livefetch';
import { LiveFetchResults } from '../../../components/LiveFetchResults';
import type { Step } from '../report/types';

/**
 * "Fetch as each crawler": the button (the requests go only when the user asks), then each
 * crawler's answer beside Googlebot's, the findings, and what such a fetch cannot prove.
 */
export function LiveFetchView({ step, onFetch }: { step: Step<LiveFetchReport>; onFetch: () => void }) {
  const busy = step.status === 'pending';
  const live = step.value;
  return (
    <div data-testid="live" data-status={step.status}>
      <h3>{i18n.t('livefetch.heading')}</h3>
      <p className="cs-muted">{i18n.t('crawlers.live.intro')}</p>
      <button type="button" onClick={onFetch} disabled={busy} data-testid="live-fetch">
        {live ? i18n.t('crawlers.live.again') : i18n.t('crawlers.live.button')}
      </button>
      {busy ? <p data-testid="live-loading">{i18n.t('crawlers.live.fetching')}</p> : null}
      {step.status === 'timeout' ? <p className="cs-error" role="alert" data-testid="live-error">{i18n.t('crawlers.live.tookLonger', [step.limitMs / 1000])}</p> : null}
      {step.status === 'failed' ? (
        <p className="cs-error" role="alert" data-testid="live-error">
          {step.error === 'crawlers.live.noPermission' || step.error === 'robots.notHttp' ? tDynamic(step.error) : i18n.t('crawlers.live.failed', [step.error ?? ''])}
        </p>
      ) : null}
      {live ? <LiveFetchResults live={live} /> : null}
    </div>
  );
}
