/**
 * The host-permission match pattern for a URL's site: its scheme and host, any port
 * (http://127.0.0.1:8080/x → http://127.0.0.1/*). Firefox never matches a request against a
 * pattern that names a port (the grant is recorded, yet fetch and webRequest still see no access),
 * and a pattern without one matches every port in Chrome and Firefox alike.
 */
export function hostPermissionPattern(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}/*`;
}
