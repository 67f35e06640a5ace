import { RENDER_READ_CAP, serializeComposed } from '../../lib/render';

/** The tab's document as the user's browser shows it now: HTML with its shadow DOM flattened, as the render writes its own. */
export function composedHtml(): { url: string; html: string; capped: boolean } {
  const { html, capped } = serializeComposed(document, RENDER_READ_CAP);
  return { url: location.href, html, capped };
}
