import type { ProbeRequest, ValidatorLint } from './types';

/**
 * The conditional requests worth sending: If-None-Match with the ETag (when it is well formed)
 * and, separately, If-Modified-Since with the Last-Modified date (when it is a date). Each is
 * tested on its own so the report says which one the server honours.
 */
export function planProbes(lint: ValidatorLint): ProbeRequest[] {
  const out: ProbeRequest[] = [];
  if (lint.etag?.valid) out.push({ kind: 'if-none-match', header: 'If-None-Match', value: lint.etag.value });
  if (lint.lastModified && lint.lastModified.at !== null) {
    out.push({ kind: 'if-modified-since', header: 'If-Modified-Since', value: lint.lastModified.value });
  }
  return out;
}
