import type { IpVerdict } from '../../lib/verify';
import { categoryLabel, headline, reasonText } from './labels';
import { tDynamic } from '#i18n';
import { DnsEvidenceItem } from './DnsEvidenceItem';

/** One address's verdict with every piece of evidence: range, PTR names, forward lookups. */
export function IpVerdictView({ v }: { v: IpVerdict }) {
  return (
    <li className={`verify-result verify-${v.verdict}`} data-testid="ip-result" data-verdict={v.verdict} data-ip={v.ip ?? v.input}>
      <div>
        <code>{v.input}</code>
        {v.ip && v.ip !== v.input.trim() ? <span className="cs-muted"> ({v.ip})</span> : null}{' '}
        <strong data-testid="ip-headline">{headline(v)}</strong>
      </div>
      <ul className="verify-evidence">
        <li data-testid="ip-reason">{reasonText(v.reason)}</li>
        {v.range ? (
          <li data-testid="ip-range">{tDynamic('verify.rangeLine', [v.range.prefix, categoryLabel(v.range.category)])}</li>
        ) : v.verdict !== 'invalid' && v.reason.code !== 'reservedAddress' ? (
          <li data-testid="ip-range">{tDynamic('verify.notInRanges')}</li>
        ) : null}
        {v.dns ? <DnsEvidenceItem dns={v.dns} /> : null}
      </ul>
    </li>
  );
}
