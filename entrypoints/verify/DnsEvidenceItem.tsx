import { tDynamic } from '#i18n';
import type { DnsEvidence } from '../../lib/verify';

/**
 * The reverse-DNS question and each name's forward lookup. A name outside the domains checked is
 * named as Google's check words it ("not a Google domain"), or as `outside` says for another operator.
 */
export function DnsEvidenceItem({ dns, outside }: { dns: DnsEvidence; outside?: (host: string) => string }) {
  return (
    <li data-testid="ip-dns">
      {tDynamic('verify.dns.question', [dns.question])}
      {dns.outcome === 'failed' && dns.hosts.length === 0 ? ` ${tDynamic('verify.dns.failed', [dns.error ?? ''])}` : null}
      {dns.outcome === 'noPtr' ? ` ${tDynamic('verify.dns.noPtr')}` : null}
      {dns.hosts.length ? (
        <ul>
          {dns.hosts.map((h) => (
            <li key={h.host} data-testid="ip-host" data-forward={h.forward}>
              {h.forward === 'skipped' && outside ? outside(h.host) : tDynamic(`verify.dns.host.${h.forward}`, [h.host, h.addresses.join(', ') || '—', h.error ?? ''])}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
