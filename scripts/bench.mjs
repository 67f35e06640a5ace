// `npm run bench [-- filter]`: build, then run bench/*.bench.ts and print one table.
import { run, requireChromium } from './run.mjs';

requireChromium();
if ((await run('npx', ['--no-install', 'wxt', 'build'])) !== 0) process.exit(1);
process.exit(await run('npx', ['--no-install', 'tsx', 'bench/run.ts', ...process.argv.slice(2)]));
