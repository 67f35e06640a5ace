import { i18n, formatBytes, tDynamic } from '#i18n';
import { LogSummaryView } from './LogSummaryView';
import type { CrawlerLists } from '../../lib/verify';
import { logBusy, type VerifyState } from './verifyState';

interface Props {
  log: VerifyState['log'];
  /** Google's ranges are loaded: a log can be analysed. */
  ready: boolean;
  onFile: (file: File) => void;
  onCancel: () => void;
  onExportLines: () => void;
  onExportFake: () => void;
  onDrag: (on: boolean) => void;
  /** The other crawlers' lists in use (to say how each claimed crawler was checked). */
  crawlerLists: CrawlerLists;
}

/** Drop or pick an access log: it is read in a worker, then every IP that claims to be Google is verified. */
export function LogAnalyzer({ log, ready, onFile, onCancel, onExportLines, onExportFake, onDrag, crawlerLists }: Props) {
  const { phase, result, exporting, drag } = log;
  const busy = logBusy(phase);
  return (
    <section className="cs-section" aria-labelledby="verify-log-h">
      <h2 id="verify-log-h">{i18n.t('verify.log.heading')}</h2>
      <p className="cs-muted">{i18n.t('verify.log.help')}</p>
      <div
        className={`verify-drop${drag ? ' verify-drag' : ''}`}
        data-testid="log-drop"
        onDragOver={(e) => {
          e.preventDefault();
          onDrag(true);
        }}
        onDragLeave={() => onDrag(false)}
        onDrop={(e) => {
          e.preventDefault();
          onDrag(false);
          const f = e.dataTransfer.files[0];
          if (f && ready) onFile(f);
        }}
      >
        <label>
          {i18n.t('verify.log.pick')}{' '}
          <input
            type="file"
            data-testid="log-file"
            disabled={!ready}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) onFile(f);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      {phase.kind === 'reading' ? (
        <p data-testid="log-reading">
          <progress max={phase.total || 1} value={phase.raw} data-testid="log-progress" />{' '}
          {i18n.t('verify.log.reading', [formatBytes(phase.raw), formatBytes(phase.total)])}
        </p>
      ) : null}
      {phase.kind === 'verifying' ? (
        <p data-testid="log-verifying">
          <progress max={phase.total || 1} value={phase.done} /> {i18n.t('verify.log.verifying', [phase.done, phase.total])}
        </p>
      ) : null}
      {busy ? (
        <button type="button" onClick={onCancel} data-testid="log-cancel">
          {i18n.t('verify.log.cancel')}
        </button>
      ) : null}
      {phase.kind === 'cancelled' ? <p data-testid="log-cancelled">{i18n.t('verify.log.cancelled')}</p> : null}
      {phase.kind === 'failed' ? (
        <p className="cs-error" role="alert" data-testid="log-failed">
          {i18n.t('verify.log.failed', [phase.message])}
        </p>
      ) : null}
      {result && phase.kind === 'done' ? (
        <>
          {result.read.stopped ? (
            <p className="cs-error" role="alert" data-testid="log-stopped" data-code={result.read.stopped.code}>
              {tDynamic(`verify.log.stopped.${result.read.stopped.code}`, [result.tally.lines, ...result.read.stopped.params])}
            </p>
          ) : null}
          <LogSummaryView result={result} onExportLines={onExportLines} onExportFake={onExportFake} exporting={exporting} crawlerLists={crawlerLists} />
        </>
      ) : null}
    </section>
  );
}
