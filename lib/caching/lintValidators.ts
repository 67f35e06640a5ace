import type { MessageParam } from '../i18n';
import type { Header } from '../core';
import { parseHttpDate } from './parseHttpDate';
import type { CachingFinding, EtagInfo, LastModifiedInfo, ValidatorLint } from './types';

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE ; etagc = %x21 / %x23-7E / obs-text
const ETAG = /^(W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;
/** A Last-Modified this far ahead of "now" is in the future (clock skew allowance). */
export const FUTURE_SKEW_MS = 60_000;

const hdr = (h: Header) => ({ kind: 'header' as const, name: h.name, value: h.value });

/**
 * ETag and Last-Modified as Google's crawlers use them (developers.google.com/search/docs/
 * crawling-indexing/http-caching): both supported, ETag preferred when both are present; other
 * caching headers do not steer Googlebot's conditional requests. `now` is a parameter.
 */
export function lintValidators(headers: readonly Header[], now: number): ValidatorLint {
  const findings: CachingFinding[] = [];
  const add = (code: string, severity: CachingFinding['severity'], params: MessageParam[], h: Header[]) =>
    findings.push({ code, severity, params, sources: h.map(hdr) });
  const all = (name: string) => headers.filter((h) => h.name.toLowerCase() === name);

  const etags = all('etag');
  let etag: EtagInfo | null = null;
  if (etags.length) {
    const h = etags[0]!;
    const value = h.value.trim();
    const valid = ETAG.test(value);
    etag = { value, weak: value.startsWith('W/'), valid };
    if (etags.length > 1) add('etagSeveral', 'risk', [etags.length], etags);
    if (!valid) add('etagMalformed', 'risk', [value.slice(0, 200)], [h]);
    else if (etag.weak) add('etagWeak', 'info', [value.slice(0, 200)], [h]);
    else add('etagOk', 'ok', [value.slice(0, 200)], [h]);
  }

  const lms = all('last-modified');
  let lastModified: LastModifiedInfo | null = null;
  if (lms.length) {
    const h = lms[0]!;
    const value = h.value.trim();
    const d = parseHttpDate(value);
    lastModified = { value, at: d?.at ?? null, format: d?.format ?? 'invalid', future: d !== null && d.at > now + FUTURE_SKEW_MS };
    if (!d) add('lastModifiedInvalid', 'risk', [value.slice(0, 200)], [h]);
    else if (lastModified.future) add('lastModifiedFuture', 'risk', [value, { date: d.at }], [h]);
    else if (d.format === 'obsolete') add('lastModifiedObsolete', 'info', [value], [h]);
    else add('lastModifiedOk', 'ok', [value], [h]);
  }

  const etagUsable = etag !== null && etag.valid;
  const lmUsable = lastModified !== null && lastModified.at !== null && !lastModified.future;
  const googleUses = etagUsable ? 'etag' : lmUsable ? 'last-modified' : null;
  if (etagUsable && lastModified) add('googleUsesEtag', 'info', [], [etags[0]!, lms[0]!]);
  if (!etag && !lastModified) add('noValidators', 'risk', [], []);
  else if (!googleUses) add('noUsableValidator', 'risk', [], [...etags.slice(0, 1), ...lms.slice(0, 1)]);
  else if (!etag) add('preferEtag', 'info', [], [lms[0]!]);

  for (const h of all('cache-control')) {
    const v = h.value.toLowerCase();
    if (/\bno-store\b/.test(v)) add('cacheControlNoStore', 'info', [h.value], [h]);
    else if (/\bprivate\b/.test(v)) add('cacheControlPrivate', 'info', [h.value], [h]);
    else add('cacheControlNote', 'info', [h.value], [h]);
  }
  for (const h of all('vary')) {
    const items = h.value.toLowerCase().split(',').map((s) => s.trim());
    if (items.includes('*')) add('varyStar', 'risk', [h.value], [h]);
    else if (items.includes('user-agent')) add('varyUserAgent', 'info', [h.value], [h]);
    else if (items.includes('cookie')) add('varyCookie', 'info', [h.value], [h]);
  }
  return { etag, lastModified, googleUses, findings };
}
