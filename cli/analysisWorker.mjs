// An analysis thread through tsx's loader (cli/analysisThread.ts), when its bundle cannot be used
// (cli/bundle.mjs): a worker thread does not inherit the main thread's loader, so it registers its own.
import { register } from 'tsx/esm/api';

register();
await import('./analysisThread.ts');
