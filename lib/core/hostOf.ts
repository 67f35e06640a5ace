/** The host of a URL (`example.com:8080`: the port kept, as URLs name a host), or null for anything that is not an absolute URL. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
