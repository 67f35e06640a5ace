import { describe, expect, it } from 'vitest';
import { inspectable } from '../../../lib/core/inspectable';

describe('inspectable', () => {
  it.each([
    ['http://127.0.0.1:8787/small.html', { ok: true }],
    ['https://example.com/', { ok: true }],
    ['chrome://extensions/', { ok: false, reason: 'browser-page' }],
    ['about:blank', { ok: false, reason: 'browser-page' }],
    ['view-source:https://example.com/', { ok: false, reason: 'view-source' }],
    ['chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html', { ok: false, reason: 'extension-page' }],
    ['https://chromewebstore.google.com/detail/x/abc', { ok: false, reason: 'store' }],
    ['https://chrome.google.com/webstore/detail/abc', { ok: false, reason: 'store' }],
    ['https://addons.mozilla.org/en-US/firefox/', { ok: false, reason: 'store' }],
    ['file:///tmp/page.html', { ok: false, reason: 'file-no-access' }],
    ['data:text/html,hi', { ok: false, reason: 'not-http' }],
    ['not a url', { ok: false, reason: 'not-http' }],
    [undefined, { ok: false, reason: 'no-url' }],
  ])('%s → %j', (url, expected) => {
    expect(inspectable(url)).toEqual(expected);
  });

  it('a local file with file access is still not something Googlebot fetches', () => {
    expect(inspectable('file:///tmp/page.html', true)).toEqual({ ok: false, reason: 'not-http' });
  });
});
