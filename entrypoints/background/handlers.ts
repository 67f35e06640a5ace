import { browser } from 'wxt/browser';
import type { BackgroundHandler, BackgroundHandlers } from '../../utils/protocol';
import { sendToTab } from '../../utils/messaging';
import { inspectable } from '../../lib/core';
import { loadRecord } from './tabStore';
import { arrivingRecord, nextRecord } from './mainFrameRecorder';
import { fetchPageResponse } from './fetchPageResponse';
import { getRobots } from './robots';
import { bytesFetchDocument, bytesMeasureResources } from './bytes';
import { compareAgents, getCompareSummary } from './compare';
import { probeCaching } from './caching';
import { showVerdictBadge } from './badge';
import { checkCanonicalTarget } from './indexability';
import { getRenderResult, renderCancel, renderStart, renderStatus } from './renderJobs';
import { checkLlmsLinks, fetchAsCrawlers, getLlmsTxt } from './aiCrawlers';
import { renderView } from './renderInFirefox';

const getTabSnapshot: BackgroundHandler<'getTabSnapshot'> = async ({ tabId }) => {
  const tab = await browser.tabs.get(tabId);
  const fileAccess = await browser.extension.isAllowedFileSchemeAccess().catch(() => false);
  const verdict = inspectable(tab.url, fileAccess);
  const tabStatus = tab.status === 'loading' || tab.status === 'complete' ? tab.status : null;
  const base = { tabId, url: tab.url ?? null, title: tab.title ?? null, inspectable: verdict, tabStatus };
  if (!verdict.ok) return { ...base, record: null, arriving: null, facts: null };
  const [record, facts] = await Promise.all([
    loadRecord(tabId),
    sendToTab(tabId, 'getPageFacts', {}).catch(() => null),
  ]);
  return { ...base, record, arriving: arrivingRecord(tabId), facts };
};

const awaitRecord: BackgroundHandler<'awaitRecord'> = ({ tabId, ms }) => nextRecord(tabId, Math.min(Math.max(0, ms), 15_000));

/** Every message the background answers, in one place. */
export const handlers: BackgroundHandlers = {
  getTabSnapshot,
  awaitRecord,
  fetchPageResponse,
  getRobots,
  bytesMeasureResources,
  bytesFetchDocument,
  compareAgents,
  getCompareSummary,
  probeCaching,
  showVerdictBadge,
  checkCanonicalTarget,
  renderStart,
  renderStatus,
  renderCancel,
  getRenderResult,
  fetchAsCrawlers,
  getLlmsTxt,
  checkLlmsLinks,
  renderView,
};
