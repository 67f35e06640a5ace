import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import {
  filesToRefresh,
  GOOGLE_RANGES_BASE,
  RANGE_FILE_NAMES,
  rangeFileUrl,
  rangesInUse,
  validateRangeFile,
  type DownloadedCopy,
  type RangeFiles,
  type RangeFileStatus,
} from '../../lib/verify';
import { verifyTestRangesBase } from '../../utils/settings';
import { downloadRangeFile, type RefreshProblem } from './downloadRangeFile';

// The last good download of each file (data, not a setting), and when a refresh was last tried.
const downloadedItem = storage.defineItem<Record<string, DownloadedCopy>>('local:verify.rangesDownloaded', { fallback: {} });
const lastAttemptItem = storage.defineItem<number | null>('local:verify.rangesLastAttempt', { fallback: null });

export type { RefreshProblem };

export interface RangesState {
  files: RangeFiles;
  status: RangeFileStatus[];
  problems: RefreshProblem[];
  refreshedAt: number | null;
  /** The base URL a test pointed the refresh at, when set. */
  testBase: string | null;
}

let snapshotPromise: Promise<RangeFiles> | null = null;

/**
 * The snapshot shipped in public/ipranges/ (a copy of tests/fixtures/google-ipranges/). Shipped as
 * files rather than bundled: no script but this page pays for ~110 KB of JSON, it is read only when
 * the tool opens, and it goes through the same validation as a download.
 */
function loadSnapshot(): Promise<RangeFiles> {
  snapshotPromise ??= (async () => {
    const files: RangeFiles = {};
    for (const name of RANGE_FILE_NAMES) {
      // Not every file has a snapshot. For a file that is not there Chrome's fetch fails, while
      // Firefox's answers and then aborts reading the body: both mean "no snapshot".
      const got = await fetch(browser.runtime.getURL(`/ipranges/${name}.json` as '/ipranges/common-crawlers.json'))
        .then(async (res) => (res.ok ? { status: res.status, text: await res.text() } : null))
        .catch(() => null);
      if (!got) continue;
      const v = validateRangeFile(got.status, got.text);
      if (v.ok) files[name] = v.file;
    }
    return files;
  })();
  return snapshotPromise;
}

/**
 * The ranges in use. With `force`, every file is downloaded now; otherwise only files missing or a
 * day old (and not retried within a day of a failed attempt). Bad downloads keep the last good copy.
 */
export async function loadRanges(opts: { refresh: 'auto' | 'force' | 'never' }): Promise<RangesState> {
  const [snapshot, downloaded, lastAttempt, testBase] = await Promise.all([
    loadSnapshot(),
    downloadedItem.getValue(),
    lastAttemptItem.getValue(),
    verifyTestRangesBase.getValue(),
  ]);
  const now = Date.now();
  const names =
    opts.refresh === 'force' ? [...RANGE_FILE_NAMES] : opts.refresh === 'auto' ? filesToRefresh(downloaded, now, lastAttempt) : [];
  const problems: RefreshProblem[] = [];
  let refreshedAt: number | null = null;
  if (names.length) {
    const base = testBase || GOOGLE_RANGES_BASE;
    const results = await Promise.all(names.map((n) => downloadRangeFile(rangeFileUrl(n, base), n)));
    const next = { ...downloaded };
    results.forEach((r, i) => {
      if ('ok' in r) next[names[i]] = r.copy;
      else problems.push(r);
    });
    await downloadedItem.setValue(next);
    await lastAttemptItem.setValue(now);
    refreshedAt = now;
    Object.assign(downloaded, next);
  }
  const { files, status } = rangesInUse(snapshot, downloaded);
  return { files, status, problems, refreshedAt, testBase: testBase || null };
}
