import type { MessageParam } from '../i18n';
import type { CachingFinding, ProbeRequest, ProbeResponse, ProbeResult } from './types';

/**
 * What one conditional request proved: 304 as it should; a 304 whose ETag differs from the one
 * asked with (the validator is unstable); 200 (conditional requests ignored: every recrawl costs
 * the full page); anything else; or no answer (timeout / network error / blocked).
 */
export function classifyProbe(
  request: ProbeRequest,
  response: ProbeResponse | null,
  failure: { timeout: boolean; error: string } | null = null,
): ProbeResult {
  const finding = (code: string, severity: CachingFinding['severity'], params: MessageParam[]): CachingFinding => ({
    code,
    severity,
    params,
    sources: [{ kind: 'header', name: request.header, value: request.value }],
  });
  if (!response) {
    const timeout = failure?.timeout ?? false;
    return {
      request,
      outcome: timeout ? 'timeout' : 'error',
      response: null,
      error: failure?.error ?? null,
      finding: timeout ? finding('probeTimeout', 'risk', [request.header]) : finding('probeError', 'risk', [request.header, failure?.error ?? '']),
    };
  }
  const s = response.status;
  if (s === 304) {
    const sentEtag = request.kind === 'if-none-match' ? request.value : null;
    if (sentEtag !== null && response.etag !== null && response.etag.trim() !== sentEtag) {
      return { request, outcome: 'etag-changed', response, error: null, finding: finding('probeEtagChanged', 'risk', [request.header, sentEtag, response.etag.trim()]) };
    }
    return { request, outcome: 'not-modified', response, error: null, finding: finding('probeNotModified', 'ok', [request.header]) };
  }
  if (s >= 200 && s < 300) {
    return { request, outcome: 'ignored', response, error: null, finding: finding('probeIgnored', 'risk', [request.header, String(s), response.bodyBytes]) };
  }
  return { request, outcome: 'other', response, error: null, finding: finding('probeOther', 'risk', [request.header, String(s)]) };
}
