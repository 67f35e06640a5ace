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
