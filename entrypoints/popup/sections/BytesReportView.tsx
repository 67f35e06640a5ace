import type { AssessedResource, Finding, PlacedItem, BytesPageReport } from '../../../lib/bytes';
import { formatPercent, tDynamic as t } from '#i18n';

const FINDING_KEY: Record<string, string> = {
  'bytes.cutInHalf.title': 'bytes.finding.cutTitle',
  'bytes.cutInHalf.jsonLd': 'bytes.finding.cutJsonLd',
  'bytes.lost.headings': 'bytes.finding.headings',
  'bytes.lost.links': 'bytes.finding.links',
  'bytes.lost.text': 'bytes.finding.text',
};

function findingText(f: Finding): string | null {
  const key = FINDING_KEY[f.code] ?? (f.code.startsWith('bytes.lost.') ? `bytes.finding.${f.code.slice('bytes.lost.'.length)}` : null);
  // Other cut-in-half elements (meta tags cannot be) are covered by the list below.
  return key ? t(key, f.params) : null;
}

function elementName(tag: string, id: string | null, className?: string | null): string {
  return `<${tag}${id ? ` id="${id}"` : className ? ` class="${className}"` : ''}>`;
}

/** The result of "find the cut": the copy that was read, the cut, what is lost, where the bytes go. */
export function BytesReportView({ page, resources }: { page: BytesPageReport; resources: AssessedResource[] | null }) {
  const { read, report } = page;
  const { cutoff } = report;
  const cs = cutoff.charset;
  const lost: PlacedItem[] = [...report.items.filter((i) => i.status !== 'kept'), ...report.links.firstLost].sort(
    (a, b) => a.bodyOffset - b.bodyOffset,
  );
  const readKey = read.code.replace('bytes.read.', 'bytes.read.');
  const ctx = report.cutContext;
  return (
    <div data-testid="bytes-report">
      <p data-testid="bytes-read-source" data-source={read.source}>
        {t(`bytes.readSource.${read.source}`)}
      </p>
      <p data-testid="bytes-read" data-code={read.code} data-fetched={read.fetchedBytes} data-kept={read.keptBytes} data-decoded={read.decodedBodySize ?? ''}>
        {t(readKey, [read.fetchedBytes, read.decodedBodySize ?? 0])}
      </p>
      {read.notes.map((n) => (
        <p key={n.code} className="cs-note" data-testid="bytes-read-note" data-code={n.code}>
          {t(n.code, n.params)}
        </p>
      ))}
      <p className="cs-muted" data-testid="bytes-charset" data-encoding={cs.encoding}>
        {cs.code === 'bytes.charset.bom'
          ? t('bytes.charsetBom', [cs.encoding, cs.label])
          : cs.code === 'bytes.charset.unknown'
            ? t('bytes.charsetUnknown', [cs.label])
            : t('bytes.charset', [cs.encoding])}
        {!report.offsetsExact ? ` ${t('bytes.offsetsEstimated')}` : ''}
      </p>
      {!report.isHtml ? <p data-testid="bytes-not-html">{t('bytes.notHtml', [page.mediaType])}</p> : null}
      <p
        data-testid="bytes-cut"
        data-code={cutoff.code}
        data-kept={cutoff.bodyBytesKept}
        data-total={cutoff.totalBytes}
        data-header-bytes={cutoff.headerBytes}
        data-backed-off={cutoff.backedOff}
      >
        {cutoff.code === 'bytes.cut.within'
          ? t('bytes.cut.within')
          : cutoff.code === 'bytes.cut.headersOverLimit'
            ? t('bytes.cut.headersOverLimit')
            : t(page.read.complete ? 'bytes.cut.truncated' : 'bytes.cut.truncatedAtLeast', [cutoff.bodyBytesKept, cutoff.bodyBytes - cutoff.bodyBytesKept])}
        {cutoff.backedOff > 0 ? ` ${t('bytes.cut.backedOff', [cutoff.backedOff])}` : ''}
      </p>
      {cutoff.truncated && ctx.kind !== 'none' ? (
        <p data-testid="bytes-cut-context" data-kind={ctx.kind}>
          {t(`bytes.where.${ctx.kind}`, [ctx.bodyOffset, ctx.tag ?? ''])}
        </p>
      ) : null}
      {cutoff.truncated && report.firstPastCut ? (
        <p
          data-testid="bytes-first-past"
          data-tag={report.firstPastCut.tag}
          data-id={report.firstPastCut.id ?? ''}
          data-offset={report.firstPastCut.responseOffset}
          data-body-offset={report.firstPastCut.bodyOffset}
        >
          {t('bytes.firstPast', [
            elementName(report.firstPastCut.tag, report.firstPastCut.id, report.firstPastCut.className),
            report.firstPastCut.responseOffset,
            report.firstPastCut.line,
          ])}
          {page.placement.firstPastCut === 'unplaced' ? ` ${t('bytes.firstPastUnplaced')}` : ''}
        </p>
      ) : null}

      {report.isHtml ? (
        <>
          <h3>{t('bytes.lostHeading')}</h3>
          {report.findings.length === 0 ? <p data-testid="bytes-nothing-lost">{t('bytes.nothingLost')}</p> : null}
          <ul data-testid="bytes-findings">
            {report.findings.map((f) => {
              const text = findingText(f);
              return text ? (
                <li key={f.code} data-code={f.code} className={f.code.includes('canonical') || f.code.includes('metaRobots') ? 'cs-error' : ''}>
                  {text}
                </li>
              ) : null;
            })}
          </ul>
          {lost.length > 0 ? (
            <table className="cs-table" data-testid="bytes-lost">
              <thead>
                <tr>
                  <th>{t('bytes.colWhat')}</th>
                  <th>{t('bytes.colByte')}</th>
                  <th>{t('bytes.colDetail')}</th>
                </tr>
              </thead>
              <tbody>
                {lost.map((it, i) => (
                  <tr key={i} data-kind={it.kind} data-status={it.status} data-offset={it.responseOffset}>
                    <td>
                      {t(`bytes.kind.${it.kind}`)}
                      {it.status === 'cut' ? ` (${t('bytes.cutStatus')})` : ''}
                    </td>
                    <td>{t('bytes.overlay.atByte', [it.responseOffset])}</td>
                    <td className="cs-url">{it.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {report.links.lost > report.links.firstLost.length ? (
            <p className="cs-muted">{t('bytes.linksMore', [report.links.lost - report.links.firstLost.length])}</p>
          ) : null}
          {page.placement.unplacedItems > 0 ? <p className="cs-note">{t('bytes.unplacedItems', [page.placement.unplacedItems])}</p> : null}

          <h3>{t('bytes.breakdownHeading')}</h3>
          <table className="cs-table" data-testid="bytes-breakdown">
            <thead>
              <tr>
                <th>{t('bytes.colPart')}</th>
                <th>{t('bytes.colBytes')}</th>
                <th>{t('bytes.colShare')}</th>
              </tr>
            </thead>
            <tbody>
              {report.breakdown.rows
                .filter((r) => r.bytes > 0)
                .map((r) => (
                  <tr key={r.category} data-category={r.category} data-bytes={r.bytes}>
                    <td>{t(`bytes.part.${r.category}`, [r.count])}</td>
                    <td>{t('bytes.bodyValue', [r.bytes])}</td>
                    <td>{cutoff.bodyBytes > 0 ? formatPercent(r.bytes / cutoff.bodyBytes, 1) : '—'}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          {report.breakdown.fix ? (
            <p data-testid="bytes-fix" data-code={report.breakdown.fix.code}>
              {t(report.breakdown.fix.code, report.breakdown.fix.params)}
            </p>
          ) : null}
        </>
      ) : null}

      <h3>{t('bytes.resourcesHeading')}</h3>
      {resources && resources.length === 0 ? <p>{t('bytes.resourcesNone')}</p> : null}
      {resources && resources.length > 0 ? (
        <table className="cs-table" data-testid="bytes-resources">
          <thead>
            <tr>
              <th>{t('bytes.colFile')}</th>
              <th>{t('bytes.colSize')}</th>
            </tr>
          </thead>
          <tbody>
            {resources.map((r) => (
              <tr key={r.url} data-code={r.code} data-bytes={r.bytes ?? ''}>
                <td className="cs-url">{r.url}</td>
                <td className={r.code === 'bytes.resource.over' ? 'cs-error' : r.code === 'bytes.resource.near' ? 'cs-note' : ''}>
                  {r.bytes !== null ? t('bytes.bodyValue', [r.bytes]) : t('bytes.resource.unknown')}
                  {r.code === 'bytes.resource.over' || r.code === 'bytes.resource.near' ? ` — ${t(r.code)}` : ''}
                  {r.source === 'fetch' ? ` (${t('bytes.resource.fetch')})` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="cs-muted" data-testid="bytes-timing">
        {t('bytes.timing', [Math.round(page.analysisMs), Math.round(read.ms)])}
      </p>
    </div>
  );
}
