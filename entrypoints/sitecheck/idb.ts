// The site check page's small IndexedDB helpers: a database opened once per page (and again after
// another page upgraded it), and a transaction's end as a promise.

/** `db()` opens the database at version 1 once (`upgrade` makes its stores) and reopens it after a version change closed it. */
export function openedOnce(name: string, upgrade: (db: IDBDatabase) => void): () => Promise<IDBDatabase> {
  let opened: Promise<IDBDatabase> | null = null;
  return () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name, 1);
      req.onupgradeneeded = () => upgrade(req.result);
      req.onsuccess = () => {
        const d = req.result;
        d.onversionchange = () => {
          d.close();
          opened = null;
        };
        resolve(d);
      };
      req.onerror = () => reject(req.error);
    }));
}

/** The transaction committed (rejects when it failed or was aborted). */
export const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

/**
 * Deletes from `store` (keys [run, n], run = "<page id>/…") every run of a page not in `alive`;
 * returns how many runs went. The cursor jumps from a run's first key to the next run's.
 */
export async function sweepRuns(d: IDBDatabase, store: string, alive: Set<string>): Promise<number> {
  const gone = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    const req = d.transaction(store).objectStore(store).openKeyCursor();
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const c = req.result;
      if (!c) return resolve();
      const run = (c.key as [string, number])[0];
      if (!alive.has(run.split('/')[0]!)) gone.add(run);
      // An array sorts after every number: the next key is the next run's first.
      c.continue([run, []]);
    };
  });
  if (gone.size) {
    const tx = d.transaction(store, 'readwrite');
    for (const run of gone) tx.objectStore(store).delete(IDBKeyRange.bound([run, 0], [run, Infinity]));
    await finished(tx);
  }
  return gone.size;
}
