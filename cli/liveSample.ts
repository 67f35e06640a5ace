// `crawlscope --crawlers-live`: the first --live-sample URLs of the check (5 by default) fetched
// again as each crawler of the catalog and as Googlebot for reference (lib/livefetch), the result
// added to their reports (`liveFetch`) and, in the table, printed under it — with what such a fetch
// cannot prove.
import { fetchAsCrawlers, liveFindingText, liveResultText, liveStatusText, LIVE_SAMPLE_DEFAULT, LIVE_SAMPLE_MAX, type LiveFetchReport } from '../lib/livefetch';
import { reportLiveFetch, type Report } from '../lib/report';
import type { HopFetcher } from '../lib/crawl';
import type { CliText } from './cliTranslate';
import { displayWidth } from './displayWidth';

export { LIVE_SAMPLE_DEFAULT, LIVE_SAMPLE_MAX };

export interface LiveSample {
  /** The report with `liveFetch` added, for the first `sample` reports of pages that were fetched; the others as they are. */
  add(r: Report): Promise<Report>;
  /** The text of every live fetch so far, for the table. */
  lines(): string[];
}

export function createLiveSample(opts: { sample: number; hop: HopFetcher; text: CliText }): LiveSample {
  let left = opts.sample;
  const done: LiveFetchReport[] = [];
  return {
    async add(r) {
      if (left <= 0 || !r.status) return r;
      left--;
      const verdicts = r.robots?.others?.map((o) => ({ effect: o.verdict, line: o.line }));
      const live = await fetchAsCrawlers(r.url, opts.hop, { verdicts });
      done.push(live);
      return { ...r, liveFetch: reportLiveFetch(live, opts.text.t) };
    },
    lines() {
      const { t } = opts.text;
      const out: string[] = [];
      for (const live of done) {
        const ref = live.results.find((x) => x.reference) ?? null;
        const requested = live.results.filter((x) => x.userAgent).length;
        out.push(`${t('livefetch.heading')}: ${live.url} — ${t('livefetch.requests', [requested, live.limits.concurrency])}`);
        const width = Math.max(...live.results.map((x) => displayWidth(x.token)));
        for (const x of live.results) {
          const pad = ' '.repeat(width - displayWidth(x.token));
          out.push(`  ${x.token}${pad}  ${liveStatusText(x, t)} — ${liveResultText(x, ref, t)}`);
        }
        for (const f of live.findings) out.push(`  ${liveFindingText(f, t)}`);
        out.push('');
      }
      if (done.length) out.push(t('livefetch.caveat'));
      return out;
    },
  };
}
