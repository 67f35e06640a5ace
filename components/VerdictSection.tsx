import { useEffect, useMemo } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import { sendToBackground } from '../utils/messaging';
import { verdictKey } from '../lib/report';
import { computeVerdict, STEPS, stepsPending, useVerdict } from './VerdictStore';
import { VerdictReasons } from './VerdictReasons';
import { VerdictDetails } from './VerdictDetails';

/** The verdict at the top of the report: one word, then every reason with its evidence. */
export function VerdictSection({ snapshot }: { snapshot: TabSnapshot }) {
  const { record, live, served, robots, bytes, canonical, start, checkCanonical } = useVerdict();
  useEffect(() => start(snapshot), [snapshot, start]);
  const result = useMemo(
    () => computeVerdict(snapshot, record.value, live.value, served.value, robots.value, bytes.value, Date.now(), canonical.value),
    [snapshot, record.value, live.value, served.value, robots.value, bytes.value, canonical.value],
  );
  // Once the page's own signals are in, check the canonical URL when it points elsewhere.
  const settled = (s: { status: string }) => s.status !== 'idle' && s.status !== 'running';
  const pageRead = settled(record) && settled(live) && settled(served);
  const target = result.reasons.some((r) => r.code === 'canonicalElsewhere') ? result.canonical : null;
  useEffect(() => {
    if (pageRead) checkCanonical(target);
  }, [pageRead, target, checkCanonical]);
  const steps = { record, live, served, robots, bytes, canonical };
  const pending = stepsPending(steps);
  const complete = pending.length === 0;

  useEffect(() => {
    if (performance.getEntriesByName('cs-verdict-first').length === 0) performance.mark('cs-verdict-first');
  }, []);
  useEffect(() => {
    if (!complete) return;
    if (performance.getEntriesByName('cs-verdict-complete').length === 0) performance.mark('cs-verdict-complete');
    // The toolbar badge follows the full verdict.
    void sendToBackground('showVerdictBadge', { tabId: snapshot.tabId, verdict: result.verdict }).catch(() => undefined);
  }, [complete, result.verdict, snapshot.tabId]);

  const key = verdictKey(result.verdict);
  // A missing record is said by the verdict itself (headersUnknown), not as a failed step.
  const failed = STEPS.filter((k) => k !== 'record' && steps[k].status === 'failed');
  return (
    <section
      className="cs-section cs-verdict"
      data-testid="verdict"
      data-verdict={result.verdict}
      data-complete={complete}
      aria-labelledby="cs-verdict-h"
      aria-busy={!complete}
    >
      <h2 id="cs-verdict-h">{i18n.t('indexability.heading')}</h2>
      <p className={`cs-verdict-label cs-verdict-${result.verdict}`} data-testid="verdict-label" role="status">
        <span className="cs-visually-hidden">{i18n.t('indexability.verdictLabel')} </span>
        {i18n.t(`indexability.verdict.${key}` as never)}
      </p>
      <p className="cs-verdict-summary">{i18n.t(`indexability.summary.${key}` as never)}</p>
      <p className="cs-muted" role="status" aria-live="polite" data-testid="verdict-progress">
        {pending.length ? i18n.t('indexability.progress', [pending.map((p) => i18n.t(`indexability.step.${p}` as never)).join(', ')]) : ''}
      </p>
      {failed.map((k) => (
        <p key={k} className="cs-note" data-testid={`verdict-failed-${k}`}>
          {i18n.t(`indexability.stepFailed.${k}` as never, [steps[k].error ?? ''] as never)}
        </p>
      ))}
      {record.status === 'failed' ? (
        <button type="button" data-testid="verdict-reload" onClick={() => void browser.tabs.reload(snapshot.tabId)}>
          {i18n.t('indexability.reload')}
        </button>
      ) : null}
      <h3>{i18n.t('indexability.reasonsHeading', [String(result.reasons.length)])}</h3>
      <VerdictReasons reasons={result.reasons} prefix="indexability.reason" testId="reasons" />
      <VerdictDetails result={result} />
    </section>
  );
}
