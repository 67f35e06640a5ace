/**
 * Does Navigation Timing (decodedBodySize) measure the response itself? Only when the browser
 * shows the response as a document: HTML, XHTML or plain text (an unknown type is read as HTML).
 * Anything else — a PDF above all — is shown in the browser's own viewer, and the timing entry is
 * the viewer's page (Chrome: a 601-byte page whatever the PDF's size), not the response.
 */
export function navigationMeasuresBody(mediaType: string | null | undefined): boolean {
  if (mediaType == null || mediaType === '') return true;
  const mt = mediaType.toLowerCase();
  return mt === 'text/html' || mt === 'application/xhtml+xml' || mt === 'text/plain';
}
