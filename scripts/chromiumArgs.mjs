// The flags of every Chromium that loads the built extension (the browser tests, the store
// pictures, `npm start`): the extension only, and no network of the browser's own beyond loopback.
/**
 * @param {string} ext the built extension's folder
 * @param {{ headed?: boolean, sandbox?: boolean }} [opts] a window for a person (GPU kept), and the
 *   sandbox kept (Chromium refuses it only to root); by default headless and unsandboxed, for tests
 */
export function chromiumArgs(ext, { headed = false, sandbox = false } = {}) {
  return [
    `--disable-extensions-except=${ext}`,
    `--load-extension=${ext}`,
    ...(sandbox ? [] : ['--no-sandbox']),
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    ...(headed ? [] : ['--disable-gpu']),
    '--disable-quic',
  ];
}
