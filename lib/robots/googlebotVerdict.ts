import { evaluateReportForGoogle } from './evaluateForGoogle';
import type { CrawlerVerdict, RobotsFacts } from './types';

/** Googlebot's own verdict for the URL (the Googlebot token of the catalog), from a report already parsed. */
export const googlebotVerdict = (robots: RobotsFacts, url: string): CrawlerVerdict =>
  evaluateReportForGoogle(robots.report, url, robots.parsed ?? undefined).find((v) => v.token === 'Googlebot')!;
