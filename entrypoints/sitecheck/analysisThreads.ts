import { analysisThreadCount, createAnalysisPool, type AnalysisPool } from '../../lib/sitecheck';

/** Analysis threads for a run: every core but the page's, and no more than URLs checked at once. */
export const pageAnalysisThreads = (concurrency: number) => analysisThreadCount(concurrency, navigator.hardwareConcurrency || 1);

/**
 * The run's bodies read in web Workers (analysisWorker.ts), their bytes moved there, not copied.
 * A worker that fails to start hands the work back to the page (lib/sitecheck createAnalysisPool).
 */
export function pageAnalysisPool(size: number): AnalysisPool {
  return createAnalysisPool(size, (events) => {
    const worker = new Worker(new URL('./analysisWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => events.message(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      events.exit(e.message || 'error');
    };
    return { post: (msg, transfer) => worker.postMessage(msg, transfer), terminate: () => worker.terminate() };
  });
}
