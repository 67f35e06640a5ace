function findFirstOf(s: string, chars: string, from: number): number {
  let best = -1;
  for (let k = 0; k < chars.length; k++) {
    const i = s.indexOf(chars[k], from);
    if (i !== -1 && (best === -1 || i < best)) best = i;
  }
  return best;
}

/**
 * Google's GetPathParamsQuery: the path, params and query of a URL — scheme, authority and
 * fragment removed, not decoded — always starting with "/"; "/" when there is none.
 */
export function getPathParamsQuery(url: string): string {
  // Initial two slashes are ignored.
  const searchStart = url.length >= 2 && url[0] === '/' && url[1] === '/' ? 2 : 0;
  const earlyPath = findFirstOf(url, '/?;', searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  // A path, param or query starting before "://" means "://" is not the scheme separator.
  if (earlyPath !== -1 && (protocolEnd === -1 || earlyPath < protocolEnd)) protocolEnd = -1;
  protocolEnd = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = findFirstOf(url, '/?;', protocolEnd);
  if (pathStart === -1) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash !== -1 && hash < pathStart) return '/';
  const pathEnd = hash === -1 ? url.length : hash;
  const part = url.slice(pathStart, pathEnd);
  return url[pathStart] === '/' ? part : '/' + part;
}
