import type { CrawlerIpVerdict } from '../../lib/verify';
import { crawlerHeadline, crawlerReasonText } from './labels';
import { DnsEvidenceItem } from './DnsEvidenceItem';

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
        {v.dns ? <DnsEvidenceItem dns={v.dns} outside={(host) => host} /> : null}
      </ul>
    </li>
  );
}
