import { i18n, formatInt, tDynamic } from '#i18n';
import { CRAWLER_CATALOG, NOT_DOCUMENTED } from '../../lib/crawlers';
import type { CrawlerListsState } from './crawlerLists';
import { when } from './labels';

interface Props {
  lists: CrawlerListsState | null;
  busy: boolean;
  error: string | null;
  onFetch: () => void;
}

/**
 * How each other crawler can be checked: its operator's IP list (the address it is fetched from,
 * only when the user asks, and the copy in use), a reverse-DNS domain, or nothing published.
 */
export function CrawlerListsPanel({ lists, busy, error, onFetch }: Props) {
  const status = new Map((lists?.status ?? []).map((s) => [s.token, s]));
  return (
    <section className="cs-section" aria-labelledby="verify-others-h" data-testid="crawler-lists">
      <h2 id="verify-others-h">{i18n.t('verify.others.heading')}</h2>
      <p className="cs-muted">{i18n.t('verify.others.intro')}</p>
      {error ? <p className="cs-error" role="alert">{i18n.t('verify.ranges.error', [error])}</p> : null}
      <table className="cs-table">
        <thead>
          <tr>
            <th scope="col">{i18n.t('verify.others.colCrawler')}</th>
            <th scope="col">{i18n.t('verify.others.colList')}</th>
            <th scope="col">{i18n.t('verify.others.colCopy')}</th>
            <th scope="col">{i18n.t('verify.others.colPrefixes')}</th>
          </tr>
        </thead>
        <tbody>
          {CRAWLER_CATALOG.filter((c) => c.purpose.value !== 'control-token').map((c) => {
            const s = status.get(c.token);
            const domains = Array.isArray(c.reverseDns.value) ? c.reverseDns.value : [];
            const list = c.ipList.value !== NOT_DOCUMENTED ? c.ipList.value : null;
            return (
              <tr key={c.token} data-testid="crawler-list" data-token={c.token} data-fetched={s?.fetchedAt ? 'true' : 'false'}>
                <th scope="row" className="cs-code">{c.token}</th>
                <td>
                  {list ? <code className="cs-url">{list}</code> : null}
                  {domains.length ? <div>{i18n.t('verify.others.dnsOnly', [domains.join(', ')])}</div> : null}
                  {!list && !domains.length ? <span className="cs-muted">{i18n.t('verify.others.nothing')}</span> : null}
                </td>
                <td data-testid="crawler-list-copy">{list ? (s?.fetchedAt ? i18n.t('verify.others.fetched', [when(s.fetchedAt)]) : i18n.t('verify.others.notFetched')) : '—'}</td>
                <td data-testid="crawler-list-prefixes">{s?.fetchedAt ? formatInt(s.prefixes) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {lists?.problems.length ? (
        <ul className="cs-error" data-testid="crawler-list-problems">
          {lists.problems.map((p) => (
            <li key={p.name} data-token={p.name} data-code={p.code}>
              {i18n.t('verify.others.problem', [p.name, tDynamic(`verify.reason.${p.code}`, p.params)])}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <button type="button" onClick={onFetch} disabled={busy} data-testid="crawler-lists-fetch">
          {busy ? i18n.t('verify.others.fetching') : i18n.t('verify.others.fetch')}
        </button>
      </p>
    </section>
  );
}
