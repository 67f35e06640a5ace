#!/usr/bin/env node
// The `crawlscope` command: registers tsx's loader, then runs the TypeScript CLI as it is, so no
// build step is needed after `npm ci` (Node 20.12 or newer).
import { register } from 'tsx/esm/api';

register();
await import('../cli/crawlscope.ts');
