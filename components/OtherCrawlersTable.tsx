import { i18n, tDynamic } from '#i18n';
import { crawlerGroups, NOT_DOCUMENTED, purposeKey, type CrawlerEntry, type OtherCrawlerVerdict } from '../lib/crawlers';
import { groupText, robotsText, RobotsVerdictBadge } from './RobotsText';

interface Props {
  /** One verdict per catalog crawler (CRAWLER_CATALOG order), from the robots.txt engine. */
  verdicts: OtherCrawlerVerdict[];
  /** data-testid of each row. */
  rowTestId: string;
  caption: string;
  /** The token, as a button that picks the row (the sandbox highlights the deciding line). */
  onPick?: (token: string, line: number | null) => void;
  /** The deciding line, as a button (the popup opens the sandbox there). */
  onLine?: (line: number) => void;
  lineTitle?: (line: number) => string;
  selectedToken?: string | null;
}

/** What the row shows: allowed or blocked — or, for a fetcher whose operator says so, that robots.txt may not apply. */
function Verdict({ v }: { v: OtherCrawlerVerdict }) {
  if (v.effect === 'may-not-apply') return <span className="robots-maybe" data-effect="may-not-apply">{i18n.t('crawlers.mayNotApply')}</span>;
  return <RobotsVerdictBadge allowed={v.allowed} />;
}

/** Notes under the reason: what the operator says (or does not) about robots.txt. */
function Notes({ c }: { c: CrawlerEntry }) {
  if (c.robots.value === 'may-not-apply') return <div className="cs-note robots-reason" data-testid="others-note">{i18n.t('crawlers.mayNotApplyNote', [c.operator])}</div>;
  if (c.robots.value === NOT_DOCUMENTED) return <div className="cs-note robots-reason" data-testid="others-note">{i18n.t('crawlers.notDocumentedNote', [c.operator, c.token])}</div>;
  if (c.purpose.value === 'control-token') return <div className="cs-note robots-reason" data-testid="others-note">{tDynamic(`crawlers.about.${c.about}`)}</div>;
  return null;
}

function policyText(c: CrawlerEntry): string {
  if (c.robots.value === NOT_DOCUMENTED) return i18n.t('crawlers.policy.notDocumented');
  if (c.robots.value === 'follows-with-fallback') return i18n.t('crawlers.policy.followsWithFallback', [Array.isArray(c.fallbacks.value) ? c.fallbacks.value.join(', ') : '']);
  return c.robots.value === 'may-not-apply' ? i18n.t('crawlers.policy.mayNotApply') : i18n.t('crawlers.policy.follows');
}

/**
 * Every other crawler's verdict for one URL, grouped by purpose: the verdict, the group that
 * applied (a documented fallback shown as for Google's tokens) and the deciding line, with the
 * operator's page. A view of verdicts computed by lib/crawlers; the popup and the sandbox use it.
 */
export function OtherCrawlersTable({ verdicts, rowTestId, caption, onPick, onLine, lineTitle, selectedToken }: Props) {
  return (
    <table className="cs-table robots-table others-table" data-testid="others-table">
      <caption className="robots-caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{i18n.t('crawlers.colCrawler')}</th>
          <th scope="col">{i18n.t('crawlers.colVerdict')}</th>
          <th scope="col">{i18n.t('crawlers.colGroup')}</th>
          <th scope="col">{i18n.t('crawlers.colLine')}</th>
        </tr>
      </thead>
      {crawlerGroups(verdicts).map((g) => (
        <tbody key={g.purpose} data-testid="others-group" data-purpose={g.purpose}>
          <tr className="others-group">
            <th scope="rowgroup" colSpan={4}>{tDynamic(purposeKey(g.purpose))}</th>
          </tr>
          {g.rows.map(({ crawler: c, verdict: v }) => (
            <tr
              key={c.token}
              data-testid={rowTestId}
              data-token={c.token}
              data-effect={v.effect}
              data-allowed={String(v.allowed)}
              data-line={v.line ?? ''}
              data-group={v.group}
              data-purpose={c.purpose.value}
              className={selectedToken === c.token ? 'robots-selected' : undefined}
            >
              <th scope="row" className="cs-code" title={`${tDynamic(`crawlers.about.${c.about}`)} ${policyText(c)}`}>
                {onPick ? (
                  <button type="button" className="robots-line" onClick={() => onPick(c.token, v.line)} data-testid="others-pick">
                    {c.token}
                  </button>
                ) : (
                  c.token
                )}
                <a className="others-operator" href={c.docs} target="_blank" rel="noreferrer" data-testid="others-docs" title={i18n.t('crawlers.docs', [c.operator])}>
                  {c.operator}
                </a>
              </th>
              <td data-testid="others-verdict">
                <Verdict v={v} />
              </td>
              <td data-testid="others-group-used">{groupText(v)}</td>
              <td>
                {v.line !== null && onLine ? (
                  <button type="button" className="robots-line" data-testid="others-line" title={lineTitle?.(v.line)} onClick={() => onLine(v.line!)}>
                    {i18n.t('robots.lineButton', [v.line])}
                  </button>
                ) : v.line !== null ? (
                  <span data-testid="others-line">{i18n.t('robots.lineButton', [v.line])}</span>
                ) : (
                  <span className="cs-muted">{i18n.t('robots.noLine')}</span>
                )}
                <div className="cs-muted robots-reason" data-testid="others-reason">{robotsText('reason', v.reason)}</div>
                <Notes c={c} />
              </td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
