import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { i18n, messagesUnder, tDynamic, uiLocale, type MessageParam } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import { sendToBackground, sendToTab } from '../utils/messaging';
import { bytesLimit } from '../utils/settings';
import { headerValue, mediaType as mediaTypeOf } from '../lib/core/headers';
import { assessResources, countHeaderBytes, limitFor, type AssessedResource } from '../lib/bytes';
import type { BytesOverlayState, BytesPageReport } from '../lib/bytes/pageReport';
import { BytesReportView } from './BytesReportView';
import { useVerdict } from './VerdictStore';

const t = (key: string, subs?: readonly MessageParam[]) => tDynamic(key, subs);

/** The exact byte count (headers + body) against Googlebot's limit, and on request where the cut falls. */
export function BytesSection({ snapshot }: { snapshot: TabSnapshot }) {
  const { facts, tabId } = snapshot;
  // The popup may open before the background has stored the response (a big page still loading).
  const [laterRecord, setLaterRecord] = useState<TabSnapshot['record']>(null);
  const record = snapshot.record ?? laterRecord;
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState<BytesPageReport | null>(null);
  const [resources, setResources] = useState<AssessedResource[] | null>(null);
  const [overlay, setOverlay] = useState<BytesOverlayState | null>(null);
  const verdictPage = useVerdict((s) => (s.snapshot?.tabId === tabId ? s.bytesPage : null));

  useEffect(() => {
    void bytesLimit.getValue().then(setChosen);
  }, []);

  const contentType = (record && headerValue(record.headers, 'content-type')) ?? facts?.contentType ?? null;
  const media = mediaTypeOf(contentType);
  const { limit, code: limitCode } = limitFor(media, chosen ?? undefined);
  const headerBytes = record && !record.error ? countHeaderBytes(record.statusLine, record.headers, record.statusCode) : null;
  const contentLength = record && !headerValue(record.headers, 'content-encoding') ? Number(headerValue(record.headers, 'content-length') ?? NaN) : NaN;
  const decoded = facts?.navigation?.decodedBodySize || (Number.isFinite(contentLength) ? contentLength : null);
  const bodyBytes = page ? page.read.fetchedBytes : decoded;
  const total = bodyBytes !== null && bodyBytes !== undefined ? (headerBytes ?? 0) + bodyBytes : null;

  const analyze = async () => {
    setBusy(true);
    setError(null);
    setOverlay(null);
    try {
      let hb = headerBytes;
      // The background stores the response when it completes: give a page that just loaded up to 10 s
      // (a tab with no record at all — loaded before the extension started — is rare).
      for (let tries = 0; hb === null && !snapshot.record && tries < 50; tries++) {
        const again = await sendToBackground('getTabSnapshot', { tabId });
        if (again.record && !again.record.error) {
          setLaterRecord(again.record);
          hb = countHeaderBytes(again.record.statusLine, again.record.headers, again.record.statusCode);
        } else await new Promise((r) => setTimeout(r, 200));
      }
      // The verdict already found the cut with the same figures: show that analysis rather than read the page again.
      const ran = !page && verdictPage && verdictPage.report.cutoff.limit === limit && verdictPage.report.cutoff.headerBytes === (hb ?? 0) ? verdictPage : null;
      const report = ran ?? await sendToTab(tabId, 'bytesAnalyze', { headerBytes: hb ?? 0, limit }).catch((err: unknown) => {
        // No content script in this tab (e.g. the browser's PDF viewer): the background fetches the URL itself.
        const url = record?.url ?? snapshot.url;
        if (facts !== null || !url || !/^https?:/.test(url)) throw err;
        const charset = /charset=([^;]+)/i.exec(contentType ?? '')?.[1]?.trim().replace(/^"|"$/g, '') ?? 'utf-8';
        return sendToBackground('bytesFetchDocument', { url, headerBytes: hb ?? 0, limit, charset, mediaType: media, nav: null });
      });
      setPage(report);
      const list = await sendToTab(tabId, 'bytesResources', {}).catch(() => []);
      const unknown = list.filter((r) => r.bytes === null).map((r) => r.url);
      const measured = unknown.length ? await sendToBackground('bytesMeasureResources', { urls: unknown }).catch(() => []) : [];
      const byUrl = new Map(measured.map((m) => [m.url, m]));
      setResources(
        assessResources(
          list.map((r) => {
            const m = byUrl.get(r.url);
            return m && m.bytes !== null ? { ...r, bytes: m.bytes, source: 'fetch' as const } : r;
          }),
        ),
      );
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      setError(msg.startsWith('bytes.error.') ? t(`bytes.errorCode.${msg.slice('bytes.error.'.length)}`) : msg);
    } finally {
      setBusy(false);
    }
  };

  const toggleOverlay = async () => {
    try {
      setOverlay(await sendToTab(tabId, 'bytesOverlay', { show: !overlay?.shown, text: { locale: uiLocale(), messages: { ...messagesUnder('bytes.overlay.'), ...messagesUnder('bytes.kind.') } } }));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const over = total !== null && total > limit;
  return (
    <section className="cs-section" data-testid="bytes" aria-labelledby="cs-bytes-h">
      <h2 id="cs-bytes-h">{t('bytes.heading')}</h2>
      <dl className="cs-facts">
        <dt>{t('bytes.headers')}</dt>
        <dd data-testid="bytes-headers" data-bytes={headerBytes ?? ''}>
          {headerBytes !== null ? t('bytes.headersValue', [headerBytes]) : t('bytes.headersUnknown')}
          <div className="cs-muted">{t('bytes.headersHow')}</div>
          {record?.fromCache ? (
            <div className="cs-note" data-testid="bytes-headers-cached">
              {t('bytes.headersFromCache')}
            </div>
          ) : null}
        </dd>
        <dt>{t('bytes.body')}</dt>
        <dd data-testid="bytes-body" data-bytes={bodyBytes ?? ''}>
          {bodyBytes !== null && bodyBytes !== undefined ? t('bytes.bodyValue', [bodyBytes]) : t('bytes.bodyUnknown')}
        </dd>
        <dt>{t('bytes.total')}</dt>
        <dd data-testid="bytes-total" data-bytes={total ?? ''}>{total !== null ? t('bytes.totalValue', [total]) : '—'}</dd>
        <dt>{t('bytes.limit')}</dt>
        <dd data-testid="bytes-limit" data-bytes={limit}>
          {t('bytes.limitValue', [limit])}
          <div className="cs-muted" data-testid="bytes-assumption">
            {limitCode === 'bytes.limit.pdf' ? t('bytes.limitPdf', [limit]) : t('bytes.limitAssumption', [limit])}{' '}
            <a href={browser.runtime.getURL('/options.html')} target="_blank" rel="noreferrer">
              {t('bytes.changeLimit')}
            </a>
          </div>
        </dd>
      </dl>
      {total !== null ? (
        <p className={over ? 'cs-error' : ''} data-testid="bytes-verdict" data-truncated={over ? 'true' : 'false'}>
          {over ? t('bytes.over', [total - limit]) : t('bytes.within', [limit - total])}
        </p>
      ) : null}
      <p>
        <button type="button" onClick={() => void analyze()} disabled={busy} data-testid="bytes-analyze">
          {page ? t('bytes.analyzeAgain') : t('bytes.analyze')}
        </button>{' '}
        {page && page.report.isHtml ? (
          <button type="button" onClick={() => void toggleOverlay()} data-testid="bytes-overlay-toggle" aria-pressed={!!overlay?.shown}>
            {overlay?.shown ? t('bytes.hideOverlay') : t('bytes.showOverlay')}
          </button>
        ) : null}
      </p>
      {busy ? <p data-testid="bytes-busy">{t('bytes.analyzing')}</p> : null}
      {error ? (
        <p className="cs-error" role="alert" data-testid="bytes-error">
          {facts === null ? t('bytes.noContentScript') : t('bytes.error', [error])}
        </p>
      ) : null}
      {overlay?.shown ? <p className="cs-muted" data-testid="bytes-overlay-state">{t('bytes.overlayShown', [overlay.items])}</p> : null}
      {page ? <BytesReportView page={page} resources={resources} t={t} /> : null}
    </section>
  );
}
