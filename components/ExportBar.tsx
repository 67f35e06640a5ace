import { useState } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { TabSnapshot } from '../utils/protocol';
import { buildReport, reportToMarkdown, type Report } from '../lib/report';
import { computeVerdict, lintOf, pageUrlOf, translate, useVerdict } from './VerdictStore';

function currentReport(snapshot: TabSnapshot): Report {
  const s = useVerdict.getState();
  const r = s.record.value;
  const now = Date.now();
  const lint = lintOf(r);
  return buildReport(
    {
      generator: `Crawlscope ${browser.runtime.getManifest().version}`,
      url: r?.url ?? pageUrlOf(snapshot),
      fetchedAt: r?.completedAt ?? null,
      generatedAt: now,
      status: r && r.statusCode ? { code: r.statusCode, line: r.statusLine } : null,
      redirects: r?.redirects ?? [],
      headers: r?.headers ?? null,
      result: computeVerdict(snapshot, r, s.live.value, s.served.value, s.robots.value, s.bytes.value, now),
      robots: s.robots.value,
      bytes: s.bytes.value,
      caching: lint ? { lint, probes: s.probes.value ?? [] } : null,
      compare: s.compare.value,
    },
    translate,
  );
}

/** "Copy as Markdown" and "Download JSON": the whole report as it stands. */
export function ExportBar({ snapshot }: { snapshot: TabSnapshot }) {
  const [note, setNote] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reportToMarkdown(currentReport(snapshot), translate));
      setNote(i18n.t('export.copied'));
    } catch (err) {
      setNote(i18n.t('export.copyFailed', [err instanceof Error ? err.message : String(err)]));
    }
  };
  const download = () => {
    const report = currentReport(snapshot);
    const host = (() => {
      try {
        return new URL(report.url).hostname.replace(/[^a-z0-9.-]/gi, '_');
      } catch {
        return 'page';
      }
    })();
    const name = `crawlscope-${host}-${report.generatedAt.slice(0, 19).replace(/[:T]/g, '-')}.json`;
    const url = URL.createObjectURL(new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
