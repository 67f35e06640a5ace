import { useState } from 'react';
import { i18n } from '#i18n';
import { IpVerdictView as IpVerdictRow } from './IpVerdictView';
import { verifyIp, type DnsResolver, type IpVerdict, type RangeFiles } from '../../lib/verify';

const MAX_IPS = 200;

/** Paste one address or many (one per line, or separated by spaces/commas). */
export function IpChecker({ files, resolver }: { files: RangeFiles | null; resolver: DnsResolver | null }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<IpVerdict[]>([]);
  const [busy, setBusy] = useState(false);
  const [capped, setCapped] = useState(0);

  const check = async () => {
    if (!files) return;
    const all = text.split(/[\s,;]+/).filter(Boolean);
    const ips = [...new Set(all)].slice(0, MAX_IPS);
    setCapped(Math.max(0, new Set(all).size - MAX_IPS));
    setBusy(true);
    setResults([]);
    try {
      setResults(await Promise.all(ips.map((ip) => verifyIp(ip, files, resolver, { dns: 'always' }))));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cs-section" aria-labelledby="verify-ips-h">
      <h2 id="verify-ips-h">{i18n.t('verify.ips.heading')}</h2>
      <p className="cs-muted" id="verify-ips-help">{i18n.t('verify.ips.help')}</p>
      <textarea
        data-testid="ip-input"
        rows={4}
        className="verify-textarea"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={i18n.t('verify.ips.heading')}
        aria-describedby="verify-ips-help"
      />
      <div>
        <button type="button" data-testid="ip-check" onClick={() => void check()} disabled={busy || !files || text.trim() === ''}>
          {busy ? i18n.t('verify.ips.checking') : i18n.t('verify.ips.check')}
        </button>
      </div>
      {capped ? <p className="cs-error">{i18n.t('verify.ips.capped', [MAX_IPS, capped])}</p> : null}
      <ul className="verify-results" data-testid="ip-results">
        {results.map((v, i) => (
          <IpVerdictRow key={`${i}-${v.input}`} v={v} />
        ))}
      </ul>
    </section>
  );
}
