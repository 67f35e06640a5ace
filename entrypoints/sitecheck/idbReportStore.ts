// The site check's full reports on disk, not in the page's memory: one IndexedDB database of this
// extension page, one store keyed by [run id, sequence]. A run id starts with the id of the page
// that made it; the page holds a Web Lock of that id while it is open, so that a page opening later
// can tell the reports of a page that is gone (closed in the middle of a write, or crashed) from
// those of one still open, and remove them.
import type { ReportStore } from '../../lib/sitecheck';
import { sweepRuns } from './idb';

const DB = 'crawlscope-sitecheck';
const STORE = 'reports';
const LOCK = 'crawlscope-sitecheck-page:';

/** This page's id (a page, not a run: every run of the page starts with it). */
export const PAGE_ID = crypto.randomUUID();
let runs = 0;

const done = (req: IDBRequest | IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    if (req instanceof IDBTransaction) {
      req.oncomplete = () => resolve();
      req.onerror = req.onabort = () => reject(req.error ?? new Error('IndexedDB transaction aborted'));
    } else {
      req.onsuccess = () => resolve();
      req.onerror = () => reject(req.error);
    }
  });

/** Opens the database, at a new version that makes the store if it is missing (another tab may have made the database empty). */
function openDb(version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, version);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => {
      const d = req.result;
      if (d.objectStoreNames.contains(STORE)) return resolve(d);
      d.close();
      openDb(d.version + 1).then(resolve, reject);
    };
    req.onerror = () => reject(req.error);
  });
}
let opened: Promise<IDBDatabase> | null = null;
function db(): Promise<IDBDatabase> {
  opened ??= openDb().then((d) => {
    // Another page upgrading the database: let it, and open it again when next needed.
    d.onversionchange = () => {
      d.close();
      opened = null;
    };
    return d;
  });
  return opened;
}

const range = (run: string, from = 0, to = Infinity) => IDBKeyRange.bound([run, from], [run, to]);

/** A new run's store: its reports as JSON text, numbered from 0. */
export function idbReportStore(): ReportStore & { readonly runId: string } {
  const runId = `${PAGE_ID}/${runs++}`;
  return {
    runId,
    async write(from, jsons) {
      const tx = (await db()).transaction(STORE, 'readwrite');
      const os = tx.objectStore(STORE);
      jsons.forEach((j, i) => os.put(j, [runId, from + i]));
      await done(tx);
    },
    async read(from, max) {
      const req = (await db()).transaction(STORE).objectStore(STORE).getAll(range(runId, from, from + max - 1), max);
      await done(req);
      return req.result as string[];
    },
    async clear() {
      const tx = (await db()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(range(runId));
      await done(tx);
    },
  };
}

/**
 * Holds this page's lock for as long as the page lives, then removes the reports of every page that
 * no longer holds its lock (closed or crashed before its own clean-up finished).
 */
let holding: Promise<void> | null = null;
/** Holds this page's lock (once), then answers the ids of the pages that hold theirs; null without Web Locks. */
export async function livePageIds(): Promise<Set<string> | null> {
  if (!navigator.locks) return null;
  holding ??= new Promise<void>((held) => void navigator.locks.request(LOCK + PAGE_ID, () => (held(), new Promise<never>(() => undefined))));
  await holding;
  return new Set(((await navigator.locks.query()).held ?? []).map((l) => l.name ?? '').filter((n) => n.startsWith(LOCK)).map((n) => n.slice(LOCK.length)));
}

export async function sweepReportsOfClosedPages(): Promise<number> {
  const alive = await livePageIds();
  return alive ? sweepRuns(await db(), STORE, alive) : 0;
}
