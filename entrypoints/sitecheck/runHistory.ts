// The last runs of each site, kept for "Compare with an earlier run": one IndexedDB database of
// the extension, one record per run — what a comparison needs of it (lib/sitecheck RunSnapshot:
// each URL's few facts and the site's findings, never the pages) — at most RUNS_PER_SITE per
// site: saving a run drops that site's older ones. They stay until the user forgets them.
import { KEPT_RUNS, type RunSnapshot, type SiteCheckState } from '../../lib/sitecheck';
import { finished, openedOnce } from './idb';

const DB = 'crawlscope-runs';
const STORE = 'runs';
const BY_SITE = 'site';
/** Runs kept per site (lib/sitecheck's KEPT_RUNS, as the command line's docs say). */
export const RUNS_PER_SITE = KEPT_RUNS;

/** A saved run, as the page lists it. */
export interface SavedRun {
  id: number;
  /** The site's origin. */
  site: string;
  savedAt: number;
  state: SiteCheckState;
  crawl: boolean;
  urls: number;
  /** Size of its record (its snapshot as JSON). */
  bytes: number;
}
type Stored = Omit<SavedRun, 'id'> & { snapshot: RunSnapshot };

const db = openedOnce(DB, (d) => {
  const os = d.createObjectStore(STORE, { autoIncrement: true });
  os.createIndex(BY_SITE, 'site');
});

/** The runs kept of a site, newest first (without their snapshots). */
export async function savedRuns(site: string): Promise<SavedRun[]> {
  const tx = (await db()).transaction(STORE);
  const out: SavedRun[] = [];
  const req = tx.objectStore(STORE).index(BY_SITE).openCursor(IDBKeyRange.only(site));
  req.onsuccess = () => {
    const c = req.result;
    if (!c) return;
    const { snapshot: _, ...meta } = c.value as Stored;
    out.push({ ...meta, id: c.primaryKey as number });
    c.continue();
  };
  await finished(tx);
  return out.sort((a, b) => b.id - a.id);
}

/** Saves a run of `site`, and drops the site's runs past the newest RUNS_PER_SITE. */
export async function saveRun(run: Omit<SavedRun, 'id' | 'bytes'>, snapshot: RunSnapshot): Promise<SavedRun> {
  const bytes = new Blob([JSON.stringify(snapshot)]).size;
  const tx = (await db()).transaction(STORE, 'readwrite');
  const os = tx.objectStore(STORE);
  const record: Stored = { ...run, bytes, snapshot };
  const put = os.add(record);
  const keys = os.index(BY_SITE).getAllKeys(IDBKeyRange.only(run.site));
  keys.onsuccess = () => {
    const all = (keys.result as number[]).sort((a, b) => b - a);
    for (const old of all.slice(RUNS_PER_SITE)) os.delete(old);
  };
  await finished(tx);
  return { ...run, bytes, id: put.result as number };
}

/** A saved run's snapshot, or null when it is no longer kept. */
export async function savedSnapshot(id: number): Promise<RunSnapshot | null> {
  const tx = (await db()).transaction(STORE);
  const req = tx.objectStore(STORE).get(id);
  await finished(tx);
  return (req.result as Stored | undefined)?.snapshot ?? null;
}

/** Forgets every run kept of `site`. */
export async function forgetRuns(site: string): Promise<void> {
  const tx = (await db()).transaction(STORE, 'readwrite');
  const os = tx.objectStore(STORE);
  const keys = os.index(BY_SITE).getAllKeys(IDBKeyRange.only(site));
  keys.onsuccess = () => {
    for (const k of keys.result) os.delete(k);
  };
  await finished(tx);
}
