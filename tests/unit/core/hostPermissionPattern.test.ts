import { describe, expect, it } from 'vitest';
import { hostPermissionPattern } from '../../../lib/core/hostPermissionPattern';

describe('hostPermissionPattern', () => {
  it('the scheme and host of the site, any port, any path', () => {
    expect(hostPermissionPattern('http://127.0.0.1:41234')).toBe('http://127.0.0.1/*');
    expect(hostPermissionPattern('https://www.example.com/a/b?c#d')).toBe('https://www.example.com/*');
    expect(hostPermissionPattern('https://user:pw@example.com:443/')).toBe('https://example.com/*');
    expect(hostPermissionPattern('http://[::1]:8080/')).toBe('http://[::1]/*');
  });
});
