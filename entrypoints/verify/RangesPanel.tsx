import { i18n, formatInt, tDynamic } from '#i18n';
import type { RangesState } from './ranges';
import type { ResolverChoice } from './resolver';
import { categoryLabel, when } from './labels';

interface Props {
  ranges: RangesState | null;
  busy: boolean;
  error: string | null;
  resolver: ResolverChoice | null;
  onRefresh: () => void;
  onResolver: (p: 'google' | 'cloudflare') => void;
}

/** Which copy of Google's ranges is in use (download or built-in snapshot, and its creationTime). */
export function RangesPanel({ ranges, busy, error, resolver, onRefresh, onResolver }: Props) {
  return (
    <section className="cs-section" aria-labelledby="verify-ranges-h" data-testid="ranges">
      <h2 id="verify-ranges-h">{i18n.t('verify.ranges.heading')}</h2>
      {error ? <p className="cs-error" role="alert">{i18n.t('verify.ranges.error', [error])}</p> : null}
      {!ranges ? <p>{i18n.t('verify.ranges.loading')}</p> : null}
      {ranges ? (
        <table className="cs-table">
          <thead>
            <tr>
              <th scope="col">{i18n.t('verify.ranges.file')}</th>
              <th scope="col">{i18n.t('verify.ranges.copy')}</th>
              <th scope="col">{i18n.t('verify.ranges.creationTime')}</th>
              <th scope="col">{i18n.t('verify.ranges.prefixes')}</th>
            </tr>
          </thead>
          <tbody>
            {ranges.status.map((s) => (
              <tr key={s.name} data-testid="range-file" data-file={s.name} data-source={s.source}>
                <td>
                  {categoryLabel(s.name)} <code className="cs-muted">{s.name}.json</code>
                </td>
                <td>{tDynamic(`verify.ranges.source.${s.source}`, [when(s.fetchedAt)])}</td>
                <td>{s.creationTime ?? '—'}</td>
                <td>{formatInt(s.prefixes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {ranges?.problems.length ? (
        <ul className="cs-error" data-testid="range-problems">
          {ranges.problems.map((p) => (
            <li key={p.name} data-file={p.name} data-code={p.code}>
              {i18n.t('verify.ranges.kept', [`${p.name}.json`, tDynamic(`verify.reason.${p.code}`, p.params)])}
            </li>
          ))}
        </ul>
      ) : null}
      {ranges?.testBase ? <p className="cs-error">{i18n.t('verify.ranges.testBase', [ranges.testBase])}</p> : null}
      <p>
        <button type="button" onClick={onRefresh} disabled={busy} data-testid="ranges-refresh">
          {busy ? i18n.t('verify.ranges.refreshing') : i18n.t('verify.ranges.refresh')}
        </button>{' '}
        {ranges?.refreshedAt ? <span className="cs-muted">{i18n.t('verify.ranges.refreshedAt', [when(ranges.refreshedAt)])}</span> : null}
      </p>
      <p>
        <label>
          {i18n.t('verify.resolver.label')}{' '}
          <select
            data-testid="resolver"
            value={resolver?.provider === 'cloudflare' ? 'cloudflare' : 'google'}
            onChange={(e) => onResolver(e.target.value as 'google' | 'cloudflare')}
          >
            <option value="google">{i18n.t('verify.resolver.google')}</option>
            <option value="cloudflare">{i18n.t('verify.resolver.cloudflare')}</option>
          </select>
        </label>
        {resolver?.provider === 'test' ? <span className="cs-error"> {i18n.t('verify.resolver.test', [resolver.endpoint])}</span> : null}
      </p>
    </section>
  );
}
