/** The media types served HTML comes as. */
export const HTML_MEDIA_TYPES: readonly string[] = ['text/html', 'application/xhtml+xml'];

/** What the MIME Sniffing standard recognises as the start of HTML (mimesniff.spec.whatwg.org, "identifying a resource with an unknown MIME type"). */
const HTML_PATTERNS = ['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--'];

/**
 * The one answer to "is this HTML?": by its media type (a Content-Type without parameters, or
 * the type the browser gave the document) when there is one; without one, by its first bytes as
 * the MIME Sniffing standard reads HTML — whitespace, then a tag such as `<!DOCTYPE HTML`,
 * `<html`, `<head`, `<body`, `<p`, `<div` or `<!--`, then a space or `>`; with neither, HTML (a
 * browser reads an unlabeled document as HTML).
 */
export function isHtml(mediaType: string | null | undefined, head?: Uint8Array | null): boolean {
  if (mediaType) return HTML_MEDIA_TYPES.includes(mediaType.toLowerCase());
  if (!head) return true;
  let i = 0;
  while (i < head.length && (head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0c || head[i] === 0x0d || head[i] === 0x20)) i++;
  return HTML_PATTERNS.some((p) => {
    if (i + p.length >= head.length) return false;
    for (let k = 0; k < p.length; k++) {
      const b = head[i + k]!;
      const c = p.charCodeAt(k);
      if ((c >= 0x41 && c <= 0x5a ? b & 0xdf : b) !== c) return false;
    }
    const t = head[i + p.length];
    return t === 0x20 || t === 0x3e;
  });
}
