import { useMemo } from 'react';
import { i18n } from '#i18n';
import { lintValidators, type ProbeResult } from '../../../lib/caching';
import type { TabReport } from '../report/types';
import { Fold } from './Fold';
import { VerdictReasons } from './VerdictReasons';

const outcomeText = (p: ProbeResult): string => {
  switch (p.outcome) {
    case 'not-modified':
      return i18n.t('caching.probeOutcome.notModified');
    case 'etag-changed':
      return i18n.t('caching.probeOutcome.etagChanged');
    case 'ignored':
      return i18n.t('caching.probeOutcome.ignored', [String(p.response?.status ?? '')]);
    case 'other':
      return i18n.t('caching.probeOutcome.other', [String(p.response?.status ?? '')]);
    case 'timeout':
      return i18n.t('caching.probeOutcome.timeout');
    case 'error':
      return i18n.t('caching.probeOutcome.error');
  }
};

/** ETag / Last-Modified as Googlebot uses them, and a live conditional-request probe. */
export function CachingSection({ report, onProbe }: { report: TabReport; onProbe: (withCookies: boolean) => void }) {
  const record = report.response.value?.record ?? null;
  const lint = useMemo(() => (record ? lintValidators(record.headers, Date.now()) : null), [record]);
  const probes = report.probes;
  const withCookies = report.probeWithCookies;
  if (!lint) return null; // headers unknown: the response section already says why
  const running = probes.status === 'pending';
  const uses =
    lint.googleUses === 'etag' ? i18n.t('caching.usesEtag') : lint.googleUses === 'last-modified' ? i18n.t('caching.usesLastModified') : i18n.t('caching.usesNone');
  return (
    <Fold id="caching" testId="caching" heading={i18n.t('caching.heading')} busy={running} data={{ probe: probes.status }}>
      <dl className="cs-facts">
        <dt>ETag</dt>
        <dd className="cs-code" data-testid="caching-etag">{lint.etag?.value ?? i18n.t('caching.notSent')}</dd>
        <dt>Last-Modified</dt>
        <dd className="cs-code" data-testid="caching-last-modified">{lint.lastModified?.value ?? i18n.t('caching.notSent')}</dd>
        <dt>{i18n.t('caching.googleUses')}</dt>
        <dd data-testid="caching-google-uses" data-uses={lint.googleUses ?? ''}>{uses}</dd>
      </dl>
      <VerdictReasons reasons={lint.findings} prefix="caching.finding" testId="caching-findings" />
      <h3>{i18n.t('caching.probeHeading')}</h3>
      {probes.status === 'skipped' ? <p data-testid="probe-none">{i18n.t('caching.probeNone')}</p> : null}
      <p className="cs-muted" role="status" aria-live="polite" data-testid="probe-progress">
        {running ? i18n.t('caching.probing') : ''}
      </p>
      {probes.status === 'failed' ? <p className="cs-error">{probes.error}</p> : null}
      {probes.status === 'timeout' ? <p className="cs-error">{i18n.t('caching.tookLonger', [probes.limitMs / 1000])}</p> : null}
      {probes.value?.length ? (
        <>
          <table className="cs-table" data-testid="probes">
            <tbody>
              {probes.value.map((p, i) => (
                <tr key={i} data-outcome={p.outcome} data-header={p.request.header}>
                  <th scope="row" className="cs-code">{`${p.request.header}: ${p.request.value}`}</th>
                  <td>{outcomeText(p)}</td>
                  <td>{p.response ? i18n.t('caching.probeMs', [p.response.durationMs]) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <VerdictReasons reasons={probes.value.map((p) => p.finding)} prefix="caching.finding" testId="probe-findings" />
        </>
      ) : null}
      {probes.status !== 'skipped' ? (
        <div className="cs-caching-controls">
          <label>
            <input
              type="checkbox"
              checked={withCookies}
              data-testid="probe-cookies"
              onChange={(e) => onProbe(e.currentTarget.checked)}
              disabled={running}
            />{' '}
            {i18n.t('caching.withCookies')}
          </label>
          <button type="button" data-testid="probe-again" onClick={() => onProbe(withCookies)} disabled={running}>
            {i18n.t('caching.probeAgain')}
          </button>
        </div>
      ) : null}
    </Fold>
  );
}
