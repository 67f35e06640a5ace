import { useMemo } from 'react';
import { i18n } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import type { ProbeResult } from '../lib/caching';
import { lintOf, useVerdict } from './VerdictStore';
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
export function CachingSection(_: { snapshot: TabSnapshot }) {
  const { record, probes, withCookies, probe } = useVerdict();
  const lint = useMemo(() => lintOf(record.value), [record.value]);
  if (!lint) return null; // headers unknown: the verdict section already offers a reload
  const running = probes.status === 'running' || probes.status === 'idle';
  const uses =
    lint.googleUses === 'etag' ? i18n.t('caching.usesEtag') : lint.googleUses === 'last-modified' ? i18n.t('caching.usesLastModified') : i18n.t('caching.usesNone');
  return (
    <section className="cs-section" data-testid="caching" aria-labelledby="cs-caching-h" aria-busy={running} data-probe={probes.status}>
      <h2 id="cs-caching-h">{i18n.t('caching.heading')}</h2>
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
      {probes.value?.length ? (
        <>
          <table className="cs-table" data-testid="probes">
            <tbody>
              {probes.value.map((p, i) => (
                <tr key={i} data-outcome={p.outcome} data-header={p.request.header}>
                  <th scope="row" className="cs-code">{`${p.request.header}: ${p.request.value}`}</th>
                  <td>{outcomeText(p)}</td>
                  <td>{p.response ? i18n.t('caching.probeMs', [String(p.response.durationMs)]) : ''}</td>
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
              onChange={(e) => void probe(e.currentTarget.checked)}
              disabled={running}
            />{' '}
            {i18n.t('caching.withCookies')}
          </label>
          <button type="button" data-testid="probe-again" onClick={() => void probe(withCookies)} disabled={running}>
            {i18n.t('caching.probeAgain')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
