// "Download JSON" of the render page: the tab's report with its `render` block (gathered as the
// popup gathers it, through the same gatherer), or the `render` block alone for a typed URL.
import { tDynamic } from '#i18n';
import { reportRender, type Report, type ReportRender } from '../../lib/report';
import { indexabilityVerdict } from '../../lib/indexability';
import type { RenderResult } from '../../lib/render';
import { createGatherer, type PopupMessenger } from '../popup/report/gather';
import { browserMessenger } from '../popup/report/browserMessenger';
import { verdictInput } from '../popup/report/derive';
import { exportReport } from '../popup/report/exportReport';
import type { TabReport } from '../popup/report/types';

/** The popup's gathering, without its side effect on the toolbar badge. */
const messenger: PopupMessenger = {
  ...browserMessenger,
  toBackground: ((type, data) => (type === 'showVerdictBadge' ? Promise.resolve(null) : browserMessenger.toBackground(type, data))) as PopupMessenger['toBackground'],
};

/** The tab's whole report, with this render as its `render` block. */
export async function tabReportWithRender(tabId: number, render: RenderResult): Promise<Report> {
  let current: TabReport | null = null;
  const g = createGatherer(messenger, { get: () => current, set: (r) => (current = r) });
  current = await g.createReport(tabId);
  await g.gather(current);
  const r: TabReport = { ...current, render: { status: 'done', value: render, error: null, limitMs: 0 } };
  const now = Date.now();
  return exportReport(r, indexabilityVerdict(verdictInput(r, now)), now);
}

export const renderBlock = (render: RenderResult): ReportRender => reportRender(render, tDynamic)!;
