import { describe, expect, it } from 'vitest';
import { charsetOf, headerValue, headerValues, mediaType } from '../../../lib/core/headers';

const headers = [
  { name: 'Content-Type', value: 'text/html; charset="Windows-1252"' },
  { name: 'X-Robots-Tag', value: 'noindex' },
  { name: 'x-robots-tag', value: 'googlebot: nofollow' },
];

describe('headers', () => {
  it('finds every value of a header whatever its case, in order', () => {
    expect(headerValues(headers, 'X-ROBOTS-TAG')).toEqual(['noindex', 'googlebot: nofollow']);
    expect(headerValue(headers, 'etag')).toBeNull();
  });
  it('splits the media type and charset', () => {
    expect(mediaType(headerValue(headers, 'content-type'))).toBe('text/html');
    expect(charsetOf(headerValue(headers, 'content-type'))).toBe('windows-1252');
    expect(charsetOf('text/html')).toBeNull();
    expect(mediaType('')).toBeNull();
  });
});
