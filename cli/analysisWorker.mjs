// One thread of the command line's analysis pool (cli/analysisPool.ts): answers each body it is
// handed with the same lib/sitecheck analyzeBody the main thread would run (answerAnalysis).
// Registers tsx's loader first, as bin/crawlscope.mjs does: a worker thread does not inherit the
// main thread's loader.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { answerAnalysis } = await import('../lib/sitecheck/analysisPool.ts');
parentPort.on('message', answerAnalysis((m) => parentPort.postMessage(m)));
