/**
 * Is a body of this media type text (HTML, XML, JSON, CSS, JavaScript, plain text)? Only then do
 * characters matter at the cut; a binary body (a PDF, an image) is cut at the byte. An unknown
 * type (null) is read as HTML, as browsers do.
 */
export function isTextMediaType(mediaType: string | null | undefined): boolean {
  if (mediaType == null || mediaType === '') return true;
  const mt = mediaType.toLowerCase();
  return (
    mt.startsWith('text/') ||
    mt.endsWith('+xml') ||
    mt.endsWith('+json') ||
    ['application/xml', 'application/json', 'application/javascript', 'application/ecmascript', 'application/x-javascript'].includes(mt)
  );
}
