import type { MessageParam } from '../i18n';
/** One of Google's IP-range files: `{ creationTime, prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }`. */
export interface RangeFile {
  creationTime?: string;
  prefixes: object[];
}

/** Range files keyed by their name without `.json` (e.g. `common-crawlers`). */
export type RangeFiles = Record<string, RangeFile>;

/** The prefix that matched an address, and the file (category) it came from. */
export interface RangeMatch {
  category: string;
  prefix: string;
}

/** A result the UI translates: a stable code (an i18n key under `verify.`) and its parameters. */
export interface Coded {
  code: string;
  params: MessageParam[];
}
