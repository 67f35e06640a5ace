import { useEffect } from 'react';
import { i18n, tDynamic, formatList } from '#i18n';
import { verdictKey, verdictText } from '../../../lib/report';
import type { IndexabilityResult } from '../../../lib/indexability';
import { verdictPending, verdictStepsEnded } from '../report/derive';
import type { TabReport } from '../report/types';
import { VerdictReasons } from './VerdictReasons';
import { VerdictDetails } from './VerdictDetails';
import { errorText } from '../report/errorText';
import { Fold } from './Fold';
import { hostOf } from '../../../lib/core';

interface Props {
  report: TabReport;
  result: IndexabilityResult;
  onReload: () => void;
  onCheckCanonical: () => void;
}

/** The verdict: one word, then every reason with its evidence. A view of the report. */
export function VerdictSection({ report, result, onReload, onCheckCanonical }: Props) {
  const pending = verdictPending(report);
  const complete = pending.length === 0;
  useEffect(() => {
    if (complete && performance.getEntriesByName('cs-verdict-complete').length === 0) performance.mark('cs-verdict-complete');
  }, [complete]);

  const key = verdictKey(result.verdict);
  // A step that failed or ran out of time is said in words; the verdict stands on the rest.
  const ended = verdictStepsEnded(report);
  const otherHost = report.canonical.value?.notChecked === 'other-host';
  return (
    <Fold id="verdict" testId="verdict" className="cs-verdict" heading={i18n.t('indexability.heading')} busy={!complete} data={{ verdict: result.verdict, complete }}>
      <p className={`cs-verdict-label cs-verdict-${complete ? result.verdict : 'checking'}`} data-testid="verdict-label" role="status">
        <span className="cs-visually-hidden">{i18n.t('indexability.verdictLabel')} </span>
        {complete ? verdictText(result.verdict, tDynamic) : i18n.t('summary.checking')}
      </p>
      <p className="cs-muted cs-two-lines" role="status" aria-live="polite" data-testid="verdict-progress">
        {pending.length ? i18n.t('indexability.progress', [formatList(pending.map((p) => tDynamic(`indexability.step.${p}`)))]) : tDynamic(`indexability.summary.${key}`)}
      </p>
      {/* Everything below appears at once when the verdict is complete: nothing on screen moves as results arrive. */}
      {complete ? (
        <>
          {ended.map((k) => (
            <p key={k} className="cs-note" data-testid={`verdict-failed-${k}`} data-status={report[k].status}>
              {report[k].status === 'timeout'
                ? i18n.t('indexability.stepTimeout', [tDynamic(`indexability.step.${k}`), report[k].limitMs / 1000])
                : tDynamic(`indexability.stepFailed.${k}`, [errorText(report[k].error)])}
            </p>
          ))}
          {report.response.status === 'failed' || report.response.status === 'timeout' ? (
            <p className="cs-note" data-testid="verdict-failed-response">
              {report.response.status === 'timeout'
                ? i18n.t('indexability.stepTimeout', [tDynamic('indexability.step.response'), report.response.limitMs / 1000])
                : i18n.t('indexability.stepFailed.response', [errorText(report.response.error)])}{' '}
              <button type="button" data-testid="verdict-reload" onClick={onReload}>
                {i18n.t('indexability.reload')}
              </button>
            </p>
          ) : null}
          <h3>{i18n.t('indexability.reasonsHeading', [result.reasons.length])}</h3>
          <VerdictReasons reasons={result.reasons} prefix="indexability.reason" testId="reasons" />
          {otherHost ? (
            <p>
              <button type="button" data-testid="canonical-check-other-host" onClick={onCheckCanonical}>
                {i18n.t('indexability.checkOtherHost', [hostOf(report.canonical.value!.url) ?? report.canonical.value!.url])}
              </button>
            </p>
          ) : null}
          <VerdictDetails result={result} />
        </>
      ) : null}
    </Fold>
  );
}
