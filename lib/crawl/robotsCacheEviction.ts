/** Origins whose robots.txt is kept at most (the extension's cache shares storage.local). */
export const ROBOTS_CACHE_ORIGINS = 20;
/** Bytes of robots.txt bodies kept at most (one body may be 512,000 bytes). */
export const ROBOTS_CACHE_BYTES = 3_000_000;

export interface CachedRobotsEntry {
  key: string;
  fetchedAt: number;
  bytes: number;
}

/**
 * Which cached reports to drop so that a new one of `incomingBytes` fits: the newest others are
 * kept while they fit beside it (at most `origins` reports, `bytes` of bodies in all), the oldest
 * go first.
 */
export function robotsCacheEviction(
  others: readonly CachedRobotsEntry[],
  incomingBytes: number,
  limits: { origins: number; bytes: number } = { origins: ROBOTS_CACHE_ORIGINS, bytes: ROBOTS_CACHE_BYTES },
): string[] {
  const newest = [...others].sort((a, b) => b.fetchedAt - a.fetchedAt);
  let bytes = incomingBytes;
  const drop: string[] = [];
  newest.forEach((o, i) => {
    if (i + 1 < limits.origins && bytes + o.bytes <= limits.bytes) bytes += o.bytes;
    else drop.push(o.key);
  });
  return drop;
}
