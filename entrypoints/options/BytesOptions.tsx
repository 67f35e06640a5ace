import { i18n, tDynamic } from '#i18n';
import { bytesIncludeCookies, bytesLimit } from '../../utils/settings';
import { LIMIT_CHOICES } from '../../lib/bytes';
import { useSetting } from './useSetting';

const LABEL: Record<number, string> = {
  2_097_152: 'bytes.options.choice2MiB',
  2_000_000: 'bytes.options.choice2MB',
  15_728_640: 'bytes.options.choice15MB',
  67_108_864: 'bytes.options.choice64MB',
};

/** The byte limit Googlebot is assumed to keep. */
export function BytesOptions() {
  const limit = useSetting(bytesLimit);
  const cookieSetting = useSetting(bytesIncludeCookies);
  const [value, pick, cookies, pickCookies] = [limit.value, limit.set, cookieSetting.value, cookieSetting.set];
  const saved = limit.saved || cookieSetting.saved;
  return (
    <section className="cs-section" data-testid="bytes-options">
      <h2>{i18n.t('bytes.options.heading')}</h2>
      <p>{i18n.t('bytes.options.intro')}</p>
      <fieldset disabled={value === null}>
        {LIMIT_CHOICES.map((n) => (
          <label key={n} style={{ display: 'block' }}>
            <input type="radio" name="bytes-limit" value={n} checked={value === n} onChange={() => void pick(n)} data-testid={`bytes-limit-${n}`} />{' '}
            {tDynamic(LABEL[n]!, [n])}
          </label>
        ))}
      </fieldset>
      <p className="cs-muted">{i18n.t('bytes.options.pdfNote')}</p>
      <label style={{ display: 'block' }}>
        <input
          type="checkbox"
          checked={!!cookies}
          disabled={cookies === null}
          onChange={(e) => void pickCookies(e.currentTarget.checked)}
          data-testid="bytes-include-cookies"
        />{' '}
        {i18n.t('bytes.options.includeCookies')}
      </label>
      {saved ? <p role="status">{i18n.t('bytes.options.saved')}</p> : null}
    </section>
  );
}
