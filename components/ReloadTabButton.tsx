import { useState } from 'react';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';

const RELOAD_WAIT_MS = 30_000;

/**
 * Reloads the inspected tab so the background can record its response, then reloads this report
 * (every section starts again from the fresh record).
 */
export function ReloadTabButton({ tabId }: { tabId: number }) {
  const [busy, setBusy] = useState(false);
  const reload = async () => {
    setBusy(true);
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(finish, RELOAD_WAIT_MS);
      function finish() {
        clearTimeout(timer);
        browser.tabs.onUpdated.removeListener(onUpdated);
        resolve();
      }
      function onUpdated(id: number, info: { status?: string }) {
        if (id === tabId && info.status === 'complete') finish();
      }
      browser.tabs.onUpdated.addListener(onUpdated);
    });
    await browser.tabs.reload(tabId);
    await done;
    location.reload();
  };
  return (
    <button type="button" onClick={() => void reload()} disabled={busy} data-testid="reload-tab">
      {busy ? i18n.t('response.reloading') : i18n.t('response.reloadTab')}
    </button>
  );
}
