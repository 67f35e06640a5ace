import type { MessageParam } from '../../lib/i18n';
import { readCapped } from '../../lib/core/readCapped';
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import {
  filesToRefresh,
  GOOGLE_RANGES_BASE,
  RANGE_FILE_NAMES,
  rangeFileUrl,
  rangesInUse,
  validateRangeFile,
  MAX_RANGE_FILE_BYTES,
  type DownloadedCopy,
  type RangeFiles,
  type RangeFileStatus,
} from '../../lib/verify';
import { verifyTestRangesBase } from '../../utils/settings';

// The last good download of each file (data, not a setting), and when a refresh was last tried.
const downloadedItem = storage.defineItem<Record<string, DownloadedCopy>>('local:verify.rangesDownloaded', { fallback: {} });
const lastAttemptItem = storage.defineItem<number | null>('local:verify.rangesLastAttempt', { fallback: null });

export interface RefreshProblem {
  name: string;
  code: string;
  params: MessageParam[];
}

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

async function download(name: string, base: string): Promise<{ ok: true; copy: DownloadedCopy } | RefreshProblem> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 10_000);
  try {
    const res = await fetch(rangeFileUrl(name, base), { signal: ctl.signal, cache: 'no-store', credentials: 'omit' });
    const read = await readCapped(res.body, { keep: MAX_RANGE_FILE_BYTES, signal: ctl.signal });
    if (read.end === 'cap') return { name, code: 'refreshTooLarge', params: [MAX_RANGE_FILE_BYTES] };
    if (read.end === 'timeout') return { name, code: 'refreshTimeout', params: [10] };
    if (read.end === 'error') return { name, code: 'refreshNetwork', params: [read.error ?? ''] };
    const v = validateRangeFile(res.status, new TextDecoder().decode(read.bytes));
    if (!v.ok) return { name, code: v.code, params: v.params };
    return { ok: true, copy: { file: v.file, fetchedAt: Date.now() } };
  } catch (err) {
    if (ctl.signal.aborted) return { name, code: 'refreshTimeout', params: [10] };
    return { name, code: 'refreshNetwork', params: [err instanceof Error ? err.message : String(err)] };
  } finally {
    clearTimeout(timer);
  }
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
    const results = await Promise.all(names.map((n) => download(n, base)));
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
