import { i18n } from '#i18n';
import type { IndexabilityResult } from '../../../lib/indexability';

const whereText = (w: 'header' | 'served' | 'live') =>
  w === 'header' ? i18n.t('indexability.whereHeader') : w === 'served' ? i18n.t('indexability.whereServed') : i18n.t('indexability.whereLive');

/** Every robots directive found (and whether Google Search counts it), canonical links, hreflang. */
export function VerdictDetails({ result }: { result: IndexabilityResult }) {
  const { found, canonicals, hreflang } = result;
  if (!found.length && !canonicals.length && !hreflang.length) return null;
  return (
    <details className="cs-verdict-details" data-testid="verdict-details">
      <summary>{i18n.t('indexability.detailsHeading')}</summary>
      {found.length ? (
        <table className="cs-table" data-testid="directives">
          <caption>{i18n.t('indexability.directivesHeading', [String(found.length)])}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('indexability.colDirective')}</th>
              <th scope="col">{i18n.t('indexability.colFor')}</th>
              <th scope="col">{i18n.t('indexability.colWhere')}</th>
              <th scope="col">{i18n.t('indexability.colCounts')}</th>
            </tr>
          </thead>
          <tbody>
            {found.map((f, i) => (
              <tr key={i}>
                <td className="cs-code">{f.directive.raw}</td>
                <td>{f.target}</td>
                <td>{f.source.kind === 'header' ? whereText('header') : whereText(f.where)}</td>
                <td>{f.ignored ? i18n.t('indexability.no') : i18n.t('indexability.yes')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {canonicals.length ? (
        <>
          <h3>{i18n.t('indexability.canonicalHeading', [String(canonicals.length)])}</h3>
          <ul data-testid="canonicals">
            {canonicals.map((c, i) => (
              <li key={i}>
                {whereText(c.from)}: <span className="cs-url cs-code">{c.resolved ?? c.href}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {hreflang.length ? (
        <>
          <h3>{i18n.t('indexability.hreflangHeading', [String(hreflang.length)])}</h3>
          <ul data-testid="hreflang">
            {hreflang.map((h, i) => (
              <li key={i}>
                <span className="cs-code">{h.lang}</span> <span className="cs-url">{h.resolved ?? h.href}</span> ({whereText(h.from)})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </details>
  );
}
