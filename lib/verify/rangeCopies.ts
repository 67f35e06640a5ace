import { RANGE_FILE_NAMES, rangesNeedRefresh } from './rangeSources';
import type { RangeFile, RangeFiles } from './types';

/** One downloaded file that passed validation, and when. */
export interface DownloadedCopy {
  file: RangeFile;
  fetchedAt: number;
}

export interface RangeFileStatus {
  name: string;
  /** Which copy is in use: the last good download, the snapshot shipped with the extension, or none. */
  source: 'download' | 'snapshot' | 'none';
  creationTime: string | null;
  prefixes: number;
  fetchedAt: number | null;
}

/**
 * The files to match against: each file's last good download when there is one, else the shipped
 * snapshot's. A failed refresh never removes a good copy.
 */
export function rangesInUse(
  snapshot: RangeFiles,
  downloaded: Record<string, DownloadedCopy | undefined>,
): { files: RangeFiles; status: RangeFileStatus[] } {
  const files: RangeFiles = {};
  const status: RangeFileStatus[] = [];
  for (const name of RANGE_FILE_NAMES) {
    const d = downloaded[name];
    const s = snapshot[name];
    if (d) {
      files[name] = d.file;
      status.push({ name, source: 'download', creationTime: d.file.creationTime ?? null, prefixes: d.file.prefixes.length, fetchedAt: d.fetchedAt });
    } else if (s) {
      files[name] = s;
      status.push({ name, source: 'snapshot', creationTime: s.creationTime ?? null, prefixes: s.prefixes.length, fetchedAt: null });
    } else {
      status.push({ name, source: 'none', creationTime: null, prefixes: 0, fetchedAt: null });
    }
  }
  return { files, status };
}

/** The files whose download is missing or a day old (what a refresh should fetch now). */
export function filesToRefresh(downloaded: Record<string, DownloadedCopy | undefined>, now: number, lastAttempt: number | null): string[] {
  // After a failed attempt, wait as long as for a good copy before trying again on open.
  if (lastAttempt !== null && !rangesNeedRefresh(lastAttempt, now)) return [];
  return RANGE_FILE_NAMES.filter((n) => rangesNeedRefresh(downloaded[n]?.fetchedAt ?? null, now));
}
