import type { MessageParam } from '../i18n';
import { compileRanges, lookupRange, type CompiledRanges } from './compileRanges';
import { parseAddress } from './parseIp';
import type { RangeFiles, RangeMatch } from './types';

const compiledCache = new WeakMap<RangeFiles, CompiledRanges>();

/** The compiled index for a set of files (built once per files object). */
export function compiledFor(files: RangeFiles): CompiledRanges {
  let c = compiledCache.get(files);
  if (!c) {
    c = compileRanges(files);
    compiledCache.set(files, c);
  }
  return c;
}

/** A malformed address given to `classifyIp`; `code` is the parse error's code. */
export class IpError extends Error {
  constructor(
    readonly code: string,
    readonly params: MessageParam[],
  ) {
    super(`${code}: ${params.join(' ')}`.trim());
    this.name = 'IpError';
  }
}

/**
 * Which of Google's range files holds this address: `{ category, prefix }` with category = the
 * file's key, most specific prefix first; null when no published prefix contains it.
 * IPv4, IPv6 in any notation and IPv4-mapped IPv6 (matched as its IPv4) are accepted; anything
 * else throws an `IpError` naming the problem.
 */
export function classifyIp(ip: string, files: RangeFiles): RangeMatch | null {
  const addr = parseAddress(ip);
  if ('ok' in addr) throw new IpError(addr.code, addr.params);
  return lookupRange(compiledFor(files), addr);
}
