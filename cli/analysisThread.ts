// One thread of the command line's analysis pool (cli/analysisPool.ts): answers each body it is
// handed with the same lib/sitecheck analyzeBody the main thread would run (answerAnalysis). Run
// as its bundle (cli/bundle.mjs), or through tsx by cli/analysisWorker.mjs.
import { parentPort } from 'node:worker_threads';
import { answerAnalysis } from '../lib/sitecheck';

const port = parentPort;
if (!port) throw new Error('cli/analysisThread.ts runs in a worker thread');
port.on('message', answerAnalysis((m) => port.postMessage(m)));
