import { createCachedResolver, createDohResolver, DOH_ENDPOINTS, type DnsResolver } from '../../lib/verify';
import { verifyResolver, verifyTestResolverUrl } from '../../utils/settings';

const cache = new Map<string, DnsResolver>();

export interface ResolverChoice {
  endpoint: string;
  provider: 'google' | 'cloudflare' | 'test';
}

export async function resolverChoice(): Promise<ResolverChoice> {
  const [provider, testUrl] = await Promise.all([verifyResolver.getValue(), verifyTestResolverUrl.getValue()]);
  if (testUrl) return { endpoint: testUrl, provider: 'test' };
  return { endpoint: DOH_ENDPOINTS[provider], provider };
}

/** The chosen DNS-over-HTTPS resolver, cached (TTL) and bounded (4 at once, 20 a second). */
export function resolverFor(endpoint: string): DnsResolver {
  let r = cache.get(endpoint);
  if (!r) {
    r = createCachedResolver(
      createDohResolver({
        endpoint,
        fetch: (url, init) => fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }),
      }),
      { maxConcurrent: 4, minIntervalMs: 50 },
    );
    cache.set(endpoint, r);
  }
  return r;
}
