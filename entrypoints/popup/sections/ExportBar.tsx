import { useState } from 'react';
import { i18n } from '#i18n';
import type { IndexabilityResult } from '../../../lib/indexability';
import { exportMarkdown, exportReport } from '../report/exportReport';
import type { TabReport } from '../report/types';
import { downloadJson } from '../../../utils/downloadFile';

/** "Copy as Markdown" and "Download JSON": the same report and verdict the screen shows. */
export function ExportBar({ report, result }: { report: TabReport; result: IndexabilityResult }) {
  const [note, setNote] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(exportMarkdown(exportReport(report, result, Date.now())));
      setNote(i18n.t('export.copied'));
    } catch (err) {
      setNote(i18n.t('export.copyFailed', [err instanceof Error ? err.message : String(err)]));
    }
  };
  const download = () => {
    const exported = exportReport(report, result, Date.now());
    const host = (() => {
      try {
        return new URL(exported.url).hostname.replace(/[^a-z0-9.-]/gi, '_');
      } catch {
        return 'page';
      }
    })();
    const name = `crawlscope-${host}-${exported.generatedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
    downloadJson(name, exported);
    setNote(i18n.t('export.downloaded', [name]));
  };
  return (
    <section className="cs-section cs-export" data-testid="export" aria-label={i18n.t('export.heading')}>
      <button type="button" data-testid="copy-markdown" onClick={() => void copy()}>
        {i18n.t('export.copyMarkdown')}
      </button>
      <button type="button" data-testid="download-json" onClick={download}>
        {i18n.t('export.downloadJson')}
      </button>
      <span className="cs-muted" role="status" aria-live="polite" data-testid="export-note">
        {note}
      </span>
    </section>
  );
}
