import type { MessageParam } from '../../lib/i18n';
import { readCapped, deadline } from '../../lib/core';
import { MAX_RANGE_FILE_BYTES, validateRangeFile, type DownloadedCopy } from '../../lib/verify';

/** Why a file was not taken: a code under `verify.reason.` and its parameters. */
export interface RefreshProblem {
  name: string;
  code: string;
  params: MessageParam[];
}

/**
 * One IP-list file (Google's, or another crawler operator's), fetched without cookies within 10 s
 * and 4 MiB, and validated: a good copy, or the problem (HTTP status, HTML, another shape…) by code.
 */
export async function downloadRangeFile(url: string, name: string): Promise<{ ok: true; copy: DownloadedCopy } | RefreshProblem> {
  const time = deadline(10_000);
  try {
    const res = await fetch(url, { signal: time.signal, cache: 'no-store', credentials: 'omit' });
    const read = await readCapped(res.body, { keep: MAX_RANGE_FILE_BYTES, signal: time.signal });
    if (read.end === 'cap') return { name, code: 'refreshTooLarge', params: [MAX_RANGE_FILE_BYTES] };
    if (read.end === 'timeout') return { name, code: 'refreshTimeout', params: [10] };
    if (read.end === 'error') return { name, code: 'refreshNetwork', params: [read.error ?? ''] };
    const v = validateRangeFile(res.status, new TextDecoder().decode(read.bytes));
    if (!v.ok) return { name, code: v.code, params: v.params };
    return { ok: true, copy: { file: v.file, fetchedAt: Date.now() } };
  } catch (err) {
    if (time.expired) return { name, code: 'refreshTimeout', params: [10] };
    return { name, code: 'refreshNetwork', params: [err instanceof Error ? err.message : String(err)] };
  } finally {
    time.clear();
  }
}
