import type { RenderAgent, RenderOptions } from '../../lib/render';

/** One render under way, as a browser's adapter (renderInChrome, renderInFirefox) receives it. */
export interface RenderJob {
  agent: RenderAgent;
  options: RenderOptions;
  /** Aborts when the user cancels: the adapter ends the render with what it has and closes its window. */
  signal: AbortSignal;
}
