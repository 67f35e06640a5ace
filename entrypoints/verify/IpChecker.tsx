import { i18n } from '#i18n';
import { CRAWLER_CATALOG } from '../../lib/crawlers';
import { IpVerdictView as IpVerdictRow } from './IpVerdictView';
import { CrawlerIpVerdictView } from './CrawlerIpVerdictView';
import { MAX_IPS, type VerifyState } from './verifyState';

interface Props {
  state: VerifyState['ips'];
  /** Google's ranges are loaded: addresses can be checked. */
  ready: boolean;
  onText: (text: string) => void;
  onClaimed: (claimed: string) => void;
  onCheck: () => void;
}

/** The crawlers an address can claim to be: Google's, or one of the catalog that sends requests. */
const CLAIMABLE = CRAWLER_CATALOG.filter((c) => c.purpose.value !== 'control-token').map((c) => c.token);

/** Paste one address or many (one per line, or separated by spaces/commas), and say who they claim to be. */
export function IpChecker({ state, ready, onText, onClaimed, onCheck }: Props) {
  const { text, claimed, results, crawlerResults, busy, capped } = state;
  return (
    <section className="cs-section" aria-labelledby="verify-ips-h">
      <h2 id="verify-ips-h">{i18n.t('verify.ips.heading')}</h2>
      <p className="cs-muted" id="verify-ips-help">{i18n.t('verify.ips.help')}</p>
      <textarea
        data-testid="ip-input"
        rows={4}
        className="verify-textarea"
        value={text}
        onChange={(e) => onText(e.target.value)}
        aria-label={i18n.t('verify.ips.heading')}
        aria-describedby="verify-ips-help"
      />
      <div>
        <label>
          {i18n.t('verify.ips.claimed')}{' '}
          <select data-testid="ip-claimed" value={claimed} onChange={(e) => onClaimed(e.target.value)}>
            <option value="google">{i18n.t('verify.ips.claimedGoogle')}</option>
            {CLAIMABLE.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>{' '}
        <button type="button" data-testid="ip-check" onClick={onCheck} disabled={busy || !ready || text.trim() === ''}>
          {busy ? i18n.t('verify.ips.checking') : i18n.t('verify.ips.check')}
        </button>
      </div>
      {capped ? <p className="cs-error">{i18n.t('verify.ips.capped', [MAX_IPS, capped])}</p> : null}
      <ul className="verify-results" data-testid="ip-results">
        {results.map((v, i) => (
          <IpVerdictRow key={`${i}-${v.input}`} v={v} />
        ))}
        {crawlerResults.map((v, i) => (
          <CrawlerIpVerdictView key={`c${i}-${v.input}`} v={v} />
        ))}
      </ul>
    </section>
  );
}
