// Runs the command line (bin/crawlscope.mjs) as a user would, in English, and parses --json output.
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { Report } from '../../lib/report';

const BIN = path.resolve(import.meta.dirname, '../../bin/crawlscope.mjs');

export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
  const { LC_ALL: _a, LC_MESSAGES: _m, LANG: _l, ...rest } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000, maxBuffer: 64 * 1024 * 1024, env: { ...rest, LANG: 'C', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: stdout, err: stderr });
    });
  });
}

/** The reports of a --json run, one per line. */
export const jsonLines = (out: string): Report[] =>
  out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Report);
