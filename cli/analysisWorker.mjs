// One thread of the command line's analysis pool (cli/analysisPool.ts): reads the bodies it is
// handed with the same lib/sitecheck analyzeBody the main thread would run, one at a time, and
// answers each by its id. Registers tsx's loader first, as bin/crawlscope.mjs does: a worker
// thread does not inherit the main thread's loader.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { analyzeBody } = await import('../lib/sitecheck/analyzeBody.ts');

parentPort.on('message', async ({ id, input }) => {
  try {
    parentPort.postMessage({ id, ok: true, value: await analyzeBody(input) });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
