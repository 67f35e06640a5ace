import type { CrawlerPurpose, NotDocumented } from './types';

/** The locale key of a purpose's name (`crawlers.purpose.<camelCase>`), for the popup, the sandbox, the exports and the command line. */
export function purposeKey(purpose: CrawlerPurpose | NotDocumented | string): string {
  return `crawlers.purpose.${purpose.replace(/[- ](\w)/g, (_, c: string) => c.toUpperCase())}`;
}
