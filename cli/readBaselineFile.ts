// `--baseline <file>`: an earlier run's JSON Lines, streamed from disk a megabyte at a time into
// lib/sitecheck's baseline reader (a file of any size is never one string; the reader's caps stop
// the reading). A file that cannot be opened is told by why, in the user's language.
import fs from 'node:fs';
import { readBaseline, type BaselineRead } from '../lib/sitecheck';
import type { Translate } from '../lib/report';

export type BaselineFile = BaselineRead | { ok: false; problem: null; message: string };

export async function readBaselineFile(file: string, t: Translate): Promise<BaselineFile> {
  try {
    if (fs.statSync(file).isDirectory()) return { ok: false, problem: null, message: t('changes.baseline.isFolder', [file]) };
    return await readBaseline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, problem: null, message: t('changes.baseline.notFound', [file]) };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, problem: null, message: t('changes.baseline.noAccess', [file]) };
    if (code === 'EISDIR') return { ok: false, problem: null, message: t('changes.baseline.isFolder', [file]) };
    return { ok: false, problem: null, message: t('changes.baseline.unreadable', [file, e instanceof Error ? e.message : String(e)]) };
  }
}
