import { expect, it } from 'vitest';
import { parseStatusLine } from '../../../lib/core/parseStatusLine';

it('splits a status line into protocol, code and reason', () => {
  expect(parseStatusLine('HTTP/1.1 200 OK')).toEqual({ protocol: 'HTTP/1.1', code: 200, reason: 'OK' });
  expect(parseStatusLine('HTTP/2 404')).toEqual({ protocol: 'HTTP/2', code: 404, reason: '' });
  expect(parseStatusLine('http/1.0 503 Service  Unavailable')).toEqual({ protocol: 'HTTP/1.0', code: 503, reason: 'Service  Unavailable' });
  expect(parseStatusLine('garbage')).toBeNull();
  expect(parseStatusLine('')).toBeNull();
});
