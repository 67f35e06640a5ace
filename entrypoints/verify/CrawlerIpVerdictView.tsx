import { tDynamic } from '#i18n';
import type { CrawlerIpVerdict } from '../../lib/verify';
import { crawlerHeadline, crawlerReasonText } from './labels';

/** One address checked as a claimed crawler of the catalog: the verdict, why, and the DNS evidence. */
export function CrawlerIpVerdictView({ v }: { v: CrawlerIpVerdict }) {
  return (
    <li className={`verify-result verify-${v.verdict === 'theirs' ? 'google' : v.verdict === 'notTheirs' ? 'notGoogle' : v.verdict}`} data-testid="crawler-ip-result" data-verdict={v.verdict} data-ip={v.ip ?? v.input} data-token={v.token} data-code={v.reason.code}>
      <div>
        <code>{v.input}</code>
        {v.ip && v.ip !== v.input.trim() ? <span className="cs-muted"> ({v.ip})</span> : null} <strong data-testid="ip-headline">{crawlerHeadline(v)}</strong>
      </div>
      <ul className="verify-evidence">
        <li data-testid="ip-reason">{crawlerReasonText(v.reason)}</li>
        {v.dns ? (
          <li data-testid="ip-dns">
            {tDynamic('verify.dns.question', [v.dns.question])}
            {v.dns.hosts.length ? (
              <ul>
                {v.dns.hosts.map((h) => (
                  <li key={h.host} data-testid="ip-host" data-forward={h.forward}>
                    {h.forward === 'skipped' ? h.host : tDynamic(`verify.dns.host.${h.forward}`, [h.host, h.addresses.join(', ') || '—', h.error ?? ''])}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ) : null}
      </ul>
    </li>
  );
}
