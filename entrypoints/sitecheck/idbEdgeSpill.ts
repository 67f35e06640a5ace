// A crawl's link graph past its threshold: the edge blocks that leave the page's memory
// (lib/sitecheck EdgeStore's spill) go to IndexedDB, one record per block keyed [run id, block
// number], and come back from there when the findings, the facts and the link CSV read the graph.
// A run's blocks go when the next run starts and when the page goes away; blocks of a page that
// closed before it could remove them go at the next page's start (the same page lock as the reports).
import type { EdgeBlock, EdgeSpill } from '../../lib/sitecheck';
import { PAGE_ID, livePageIds } from './idbReportStore';
import { finished, openedOnce, sweepRuns } from './idb';

const DB = 'crawlscope-linkgraph';
const STORE = 'edges';
/** Edge blocks kept in the page's memory before they spill (4 × 16,384 links, about 1.1 MB). */
export const KEEP_EDGE_BLOCKS = 4;

let runs = 0;
const db = openedOnce(DB, (d) => {
  if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE);
});
const range = (run: string) => IDBKeyRange.bound([run, 0], [run, Infinity]);

/** A new run's spill: its blocks as they leave memory (only the filled part of each column is written). */
export function idbEdgeSpill(): EdgeSpill & { readonly runId: string; readonly blocks: number } {
  const runId = `${PAGE_ID}/${runs++}`;
  let blocks = 0;
  return {
    runId,
    get blocks() {
      return blocks;
    },
    async put(index, b) {
      const n = b.length;
      const tx = (await db()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put({ src: b.src.slice(0, n), tgt: b.tgt.slice(0, n), anchor: b.anchor.slice(0, n), offset: b.offset.slice(0, n), flags: b.flags.slice(0, n), length: n } satisfies EdgeBlock, [runId, index]);
      await finished(tx);
      blocks++;
    },
    async get(index) {
      const tx = (await db()).transaction(STORE);
      const req = tx.objectStore(STORE).get([runId, index]);
      await finished(tx);
      const b = req.result as EdgeBlock | undefined;
      if (!b) throw new Error(`Link block ${index} is missing from IndexedDB.`);
      return b;
    },
    async clear() {
      const tx = (await db()).transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(range(runId));
      await finished(tx);
      blocks = 0;
    },
  };
}

/** Removes the blocks of every page that no longer holds its lock (closed or crashed before its clean-up). */
export async function sweepEdgesOfClosedPages(): Promise<number> {
  const alive = await livePageIds();
  return alive ? sweepRuns(await db(), STORE, alive) : 0;
}
