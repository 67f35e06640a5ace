/**
 * Can Crawlscope inspect a tab with this URL? Browsers keep extensions out of their own
 * pages, other extensions, the add-on stores and (unless allowed) local files.
 * `url` is undefined when the browser hides the URL from us: that only happens for
 * pages outside our host permissions, i.e. not a web page.
 */
export type InspectableVerdict =
  | { ok: true }
  | { ok: false; reason: 'no-url' | 'browser-page' | 'view-source' | 'extension-page' | 'store' | 'file-no-access' | 'not-http' };

const STORE_HOSTS = new Set(['chromewebstore.google.com', 'addons.mozilla.org', 'microsoftedge.microsoft.com']);

export function inspectable(url: string | undefined, fileAccessAllowed = false): InspectableVerdict {
  if (!url) return { ok: false, reason: 'no-url' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'not-http' };
  }
  switch (parsed.protocol) {
    case 'http:':
    case 'https:':
      if (STORE_HOSTS.has(parsed.hostname)) return { ok: false, reason: 'store' };
      if (parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) {
        return { ok: false, reason: 'store' };
      }
      return { ok: true };
    case 'view-source:':
      return { ok: false, reason: 'view-source' };
    case 'chrome-extension:':
    case 'moz-extension:':
    case 'extension:':
      return { ok: false, reason: 'extension-page' };
    case 'file:':
      return fileAccessAllowed ? { ok: false, reason: 'not-http' } : { ok: false, reason: 'file-no-access' };
    case 'chrome:':
    case 'about:':
    case 'edge:':
    case 'brave:':
    case 'devtools:':
    case 'chrome-untrusted:':
    case 'resource:':
      return { ok: false, reason: 'browser-page' };
    default:
      return { ok: false, reason: 'not-http' };
  }
}
