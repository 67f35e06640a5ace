import { browser } from 'wxt/browser';
import { tDynamic } from '#i18n';
import { buildReport, reportToMarkdown, type Report } from '../../../lib/report';
import { lintValidators } from '../../../lib/caching';
import type { IndexabilityResult } from '../../../lib/indexability';
import type { TabReport } from './types';

/** The exported report: built from the same report object and verdict the screen shows. */
export function exportReport(r: TabReport, result: IndexabilityResult, now: number): Report {
  const response = r.response.value;
  const record = response?.record ?? null;
  return buildReport(
    {
      generator: `Crawlscope ${browser.runtime.getManifest().version}`,
      url: r.url,
      fetchedAt: record?.completedAt ?? null,
      generatedAt: now,
      status: record && record.statusCode ? { code: record.statusCode, line: record.statusLine } : null,
      redirects: record?.redirects ?? [],
      headers: record?.headers ?? null,
      result,
      robots: r.robots.value ? { report: r.robots.value.report, parsed: r.robots.value.parsed } : null,
      bytes: r.bytes.value?.input ?? null,
      caching: record ? { lint: lintValidators(record.headers, now), probes: r.probes.value ?? [] } : null,
      compare: r.compare.value ?? null,
      render: r.render.value ?? null,
      structuredData: r.structured.value ?? null,
      otherCrawlers: true,
      liveFetch: r.crawlersLive.value ?? null,
      llmsTxt: r.llms.value ?? null,
    },
    tDynamic,
  );
}

export const exportMarkdown = (report: Report) => reportToMarkdown(report, tDynamic);
