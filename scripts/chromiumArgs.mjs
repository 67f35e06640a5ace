// The flags of every headless Chromium that loads the built extension (the browser tests and the
// store pictures): the extension only, and no network of the browser's own beyond loopback.
/** @param {string} ext the built extension's folder */
export function chromiumArgs(ext) {
  return [
    `--disable-extensions-except=${ext}`,
    `--load-extension=${ext}`,
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-gpu',
    '--disable-quic',
  ];
}
