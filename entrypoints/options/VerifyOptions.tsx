import { i18n } from '#i18n';
import { verifyResolver } from '../../utils/settings';
import { useSetting } from './useSetting';

type Provider = 'google' | 'cloudflare';

/** Which DNS-over-HTTPS resolver the "Is it really Googlebot?" tool asks. */
export function VerifyOptions() {
  const { value, set: pick, saved } = useSetting<Provider>(verifyResolver);
  return (
    <section className="cs-section" data-testid="verify-options">
      <h2>{i18n.t('verify.options.heading')}</h2>
      <p>{i18n.t('verify.options.intro')}</p>
      <fieldset disabled={value === null}>
        {(['google', 'cloudflare'] as const).map((p) => (
          <label key={p} style={{ display: 'block' }}>
            <input type="radio" name="verify-resolver" value={p} checked={value === p} onChange={() => void pick(p)} data-testid={`verify-resolver-${p}`} />{' '}
            {p === 'google' ? i18n.t('verify.resolver.google') : i18n.t('verify.resolver.cloudflare')}
          </label>
        ))}
      </fieldset>
      {saved ? <p role="status">{i18n.t('verify.options.saved')}</p> : null}
    </section>
  );
}
