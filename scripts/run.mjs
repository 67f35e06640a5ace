// Shared helpers for the project's scripts: run a command, find Chromium and Firefox.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

/** Run a command with inherited output; resolves to its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts, env: { ...process.env, ...(opts.env ?? {}) } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`Could not start ${cmd}: ${err.message}`);
      resolve(1);
    });
  });
}

/** Debian's Chromium or $CHROMIUM_PATH; exits with instructions when it is missing. */
export function requireChromium() {
  const p = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(p)) {
    console.error(
      `\nChromium is needed and was not found at ${p}.\n` +
        `  Debian/Ubuntu:  apt-get install chromium\n` +
        `  Elsewhere:      set CHROMIUM_PATH to a Chromium (not branded Chrome) binary.\n`,
    );
    process.exit(1);
  }
  return p;
}

/** Debian's firefox-esr or $FIREFOX_PATH; exits with instructions when it is missing. */
export function requireFirefox() {
  const p = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  if (!fs.existsSync(p)) {
    console.error(
      `\nFirefox is needed and was not found at ${p}.\n` +
        `  Debian/Ubuntu:  apt-get install firefox-esr\n` +
        `  Elsewhere:      set FIREFOX_PATH to a Firefox (142 or newer) binary.\n`,
    );
    process.exit(1);
  }
  return p;
}
