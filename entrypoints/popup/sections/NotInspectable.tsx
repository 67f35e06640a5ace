import { i18n } from '#i18n';
import type { InspectableVerdict } from '../../../lib/core';

type Reason = Extract<InspectableVerdict, { ok: false }>['reason'];

const message = (reason: Reason): string => {
  switch (reason) {
    case 'no-url':
      return i18n.t('notInspectable.noUrl');
    case 'browser-page':
      return i18n.t('notInspectable.browserPage');
    case 'view-source':
      return i18n.t('notInspectable.viewSource');
    case 'extension-page':
      return i18n.t('notInspectable.extensionPage');
    case 'store':
      return i18n.t('notInspectable.store');
    case 'file-no-access':
      return i18n.t('notInspectable.fileNoAccess');
    case 'not-http':
      return i18n.t('notInspectable.notHttp');
  }
};

export function NotInspectable({ url, reason }: { url: string | null; reason: Reason }) {
  return (
    <section className="cs-section" data-testid="not-inspectable" data-reason={reason}>
      <p>{message(reason)}</p>
      {url ? <p className="cs-muted cs-url">{url}</p> : null}
    </section>
  );
}
