import { useEffect, useState } from 'react';
import { i18n, tDynamic } from '#i18n';
import { bytesIncludeCookies, bytesLimit } from '../../utils/settings';
import { LIMIT_CHOICES } from '../../lib/bytes';

const LABEL: Record<number, string> = {
  2_097_152: 'bytes.options.choice2MiB',
  2_000_000: 'bytes.options.choice2MB',
  15_728_640: 'bytes.options.choice15MB',
  67_108_864: 'bytes.options.choice64MB',
};

/** The byte limit Googlebot is assumed to keep. */
export function BytesOptions() {
  const [value, setValue] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const [cookies, setCookies] = useState<boolean | null>(null);
  useEffect(() => {
    void bytesLimit.getValue().then(setValue);
    void bytesIncludeCookies.getValue().then(setCookies);
  }, []);
  const pickCookies = async (on: boolean) => {
    setCookies(on);
    await bytesIncludeCookies.setValue(on);
    setSaved(true);
  };
  const pick = async (n: number) => {
    setValue(n);
    await bytesLimit.setValue(n);
    setSaved(true);
  };
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
