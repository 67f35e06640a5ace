import { i18n, formatInt, formatList, tDynamic } from '#i18n';
import type { CompareReply } from '../../utils/protocol';
import type { Field, Row, SideSummary, WordDiff } from '../../lib/compare';
import { agentLabel, fieldLabel, findingText, whyText } from '../../components/CompareText';
import { severityLabel } from '../../lib/report';

type Ok = Extract<CompareReply, { ok: true }>;

/** The comparison: findings, then what differs (most severe first), the text diff, then both fetches. All page content as text. */
type Rendered = Partial<Record<Field, string>> | null;

export function CompareReport({ reply, rendered = null }: { reply: Ok; rendered?: Rendered }) {
  const c = reply.comparison;
  const same = c.rows.filter((r) => r.same);
  return (
    <div data-testid="compare-report">
      {c.identical ? (
        <p className="compare-identical" data-testid="compare-identical">
          {i18n.t('compare.noDifferences')}
        </p>
      ) : null}
      {c.findings.length > 0 ? (
        <section className="cs-section" data-testid="compare-findings">
          <h2>{i18n.t('compare.findingsHeading')}</h2>
          <ul className="compare-list">
            {c.findings.map((f, i) => (
              <li key={i} data-code={f.code} data-agent={f.agent} className={`compare-${f.severity}`}>
                <span className="compare-sev">{severityLabel(f.severity, tDynamic)}</span> {findingText(f)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {c.differences.length > 0 ? (
        <section className="cs-section" data-testid="compare-differences">
          <h2>{i18n.t('compare.differencesCount', [c.differences.length])}</h2>
          <table className="cs-table compare-table">
            <thead>
              <tr>
                <th>{i18n.t('compare.colField')}</th>
                <th>{i18n.t('compare.colMobile')}</th>
                <th>{i18n.t('compare.colDesktop')}</th>
                {rendered ? <th>{i18n.t('compare.colRendered')}</th> : null}
                <th>{i18n.t('compare.colWhy')}</th>
              </tr>
            </thead>
            <tbody>
              {c.differences.map((r) => (
                <DiffRow key={r.field} row={r} rendered={rendered} />
              ))}
            </tbody>
          </table>
          {rendered ? <p className="cs-muted">{i18n.t('compare.renderedNote')}</p> : null}
        </section>
      ) : null}
      {c.textDiff ? <TextDiff diff={c.textDiff} /> : null}
      {same.length > 0 && !c.identical ? (
        <p className="cs-muted" data-testid="compare-same">
          {i18n.t('compare.sameOnBoth', [formatList(same.map((r) => fieldLabel(r.field)))])}
        </p>
      ) : null}
      <section className="cs-section" data-testid="compare-sides">
        <h2>{i18n.t('compare.sidesHeading')}</h2>
        <div className="compare-sides">
          <Side side={c.mobile} sent={reply.sentUserAgents.mobile} />
          <Side side={c.desktop} sent={reply.sentUserAgents.desktop} />
        </div>
      </section>
    </div>
  );
}

function Value({ text, testId }: { text: string; testId: string }) {
  return (
    <span className="compare-value" data-testid={testId}>
      {text === '' ? <span className="cs-muted">{i18n.t('compare.empty')}</span> : text}
    </span>
  );
}

function DiffRow({ row, rendered }: { row: Row; rendered: Rendered }) {
  return (
    <tr data-testid={`compare-row-${row.field}`} data-field={row.field} data-severity={row.severity ?? ''}>
      <th scope="row">
        {fieldLabel(row.field)}
        {row.severity ? <div className={`compare-sev compare-${row.severity}`}>{severityLabel(row.severity, tDynamic)}</div> : null}
      </th>
      <td>
        <Value text={row.mobile} testId="mobile" />
      </td>
      <td>
        <Value text={row.desktop} testId="desktop" />
      </td>
      {rendered ? (
        <td className="compare-rendered">
          {rendered[row.field] !== undefined ? (
            <Value text={rendered[row.field]!} testId="rendered" />
          ) : (
            <span className="cs-muted">{i18n.t('compare.renderedNotAvailable')}</span>
          )}
        </td>
      ) : null}
      <td>
        {row.why ? <p className="compare-why" data-testid="why">{whyText(row.why.code, row.why.params)}</p> : null}
        {row.removed && row.removed.length > 0 ? (
          <div data-testid="removed">
            {i18n.t('compare.onlyDesktop', [row.removedTotal ?? row.removed.length])}
            <ul className="compare-items">
              {row.removed.map((x, i) => (
                <li key={i}>{x}</li>
              ))}
            </ul>
            {(row.removedTotal ?? 0) > row.removed.length ? (
              <p className="cs-muted">{i18n.t('compare.moreItems', [row.removedTotal! - row.removed.length])}</p>
            ) : null}
          </div>
        ) : null}
        {row.added && row.added.length > 0 ? (
          <div data-testid="added">
            {i18n.t('compare.onlyMobile', [row.addedTotal ?? row.added.length])}
            <ul className="compare-items">
              {row.added.map((x, i) => (
                <li key={i}>{x}</li>
              ))}
            </ul>
            {(row.addedTotal ?? 0) > row.added.length ? (
              <p className="cs-muted">{i18n.t('compare.moreItems', [row.addedTotal! - row.added.length])}</p>
            ) : null}
          </div>
        ) : null}
      </td>
    </tr>
  );
}

function TextDiff({ diff }: { diff: WordDiff }) {
  return (
    <section className="cs-section" data-testid="compare-text">
      <h2>{i18n.t('compare.textHeading')}</h2>
      {!diff.exact ? <p className="cs-note">{i18n.t('compare.textInexact')}</p> : null}
      <ol className="compare-hunks">
        {diff.hunks.map((h, i) => (
          <li key={i}>
            {diff.exact ? (
              <div className="cs-muted">{i18n.t('compare.textAt', [h.desktopAt, h.before.join(' ')])}</div>
            ) : null}
            {h.removed.length > 0 ? (
              <div>
                {i18n.t('compare.textRemoved', [diff.exact ? h.removed.length : diff.removedCount])}{' '}
                <del className="compare-del">{h.removed.join(' ')}</del>
              </div>
            ) : null}
            {h.added.length > 0 ? (
              <div>
                {i18n.t('compare.textAdded', [diff.exact ? h.added.length : diff.addedCount])}{' '}
                <ins className="compare-ins">{h.added.join(' ')}</ins>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {diff.moreHunks > 0 ? <p className="cs-muted">{i18n.t('compare.textMore', [diff.moreHunks])}</p> : null}
    </section>
  );
}

function Side({ side, sent }: { side: SideSummary; sent: string | null }) {
  return (
    <div data-testid={`compare-side-${side.agent}`}>
      <h3>{agentLabel(side.agent)}</h3>
      <dl className="cs-facts">
        <dt>{i18n.t('compare.sideUserAgent')}</dt>
        <dd className="cs-code cs-url">{side.userAgent}</dd>
        {sent !== null ? (
          <>
            <dt>{i18n.t('compare.sideSentUserAgent')}</dt>
            <dd className="cs-code cs-url" data-testid="sent-ua">{sent}</dd>
          </>
        ) : null}
        <dt>{i18n.t('compare.sideCookies')}</dt>
        <dd>{i18n.t('compare.cookiesOmitted')}</dd>
        <dt>{i18n.t('compare.sideStatus')}</dt>
        <dd data-testid="side-status">{side.status || '—'}</dd>
        <dt>{i18n.t('compare.sideFinalUrl')}</dt>
        <dd className="cs-url">{side.finalUrl}</dd>
        {side.redirects.length > 0 ? (
          <>
            <dt>{i18n.t('compare.sideRedirects')}</dt>
            <dd>
              <ol className="cs-redirects">
                {side.redirects.map((r, i) => (
                  <li key={i}>
                    <span className="cs-code">{r.status}</span> <span className="cs-url">{r.url}</span> →{' '}
                    <span className="cs-url">{r.location}</span>
                  </li>
                ))}
              </ol>
            </dd>
          </>
        ) : null}
        <dt>{i18n.t('compare.sideBytes')}</dt>
        <dd data-testid="side-bytes" data-bytes={side.bodyBytes} data-header-bytes={side.headerBytes} data-cut={side.cutAt ?? ''}>
          {side.complete ? formatInt(side.bodyBytes) : i18n.t('compare.sideBytesIncomplete', [side.bodyBytes])}
          {' — '}
          {side.cutAt !== null
            ? i18n.t('compare.sideCut', [side.cutAt, side.headerBytes])
            : i18n.t('compare.sideNoCut', [side.limit])}
        </dd>
        <dt>{i18n.t('compare.sideDuration')}</dt>
        <dd>{i18n.t('compare.sideTime', [side.durationMs])}</dd>
      </dl>
    </div>
  );
}
