/** The URL without its fragment: no request ever carries one, so two URLs that differ only there are one. */
export function noHash(url: string | null | undefined): string {
  if (!url) return '';
  const i = url.indexOf('#');
  return i < 0 ? url : url.slice(0, i);
}
