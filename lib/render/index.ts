// Public API of lib/render: Googlebot's render of a page from only what Googlebot fetched — the
// policy (what the renderer fetches, its limits, viewports), the DevTools-protocol driver that
// applies it, the snapshot of one view, and the comparison of served, rendered and browser.
export type * from './types';
export {
  RENDER_HTML_CAP,
  RENDER_READ_CAP,
  RENDER_IDLE_MS,
  RENDER_SCREENSHOT_MAX_HEIGHT,
  RENDER_TIME_LIMIT_MS,
  RENDER_VIEWPORTS,
  requestKindDecision,
  resourceKindOf,
  type RenderViewport,
} from './renderPolicy';
export { renderSnapshot } from './renderSnapshot';
export { changesIndexing } from './changesIndexing';
export { serializeComposed } from './serializeComposed';
export { findScripts, type ScriptInSource } from './findScripts';
export { compareRender, causeOf, MAX_LINK_DIFFERENCES, type CompareRenderInput } from './compareRender';
export { renderShimSource, renderDeleteDatabasesSource, renderPageLogShimSource, readRenderPageLogSource, pageLogFrom, type RenderPageLog } from './pageShims';
export { renderWithCdp, type CdpSession } from './renderWithCdp';
export { startRender, noPageEvents, isRenderDocument, robotsVerdicts, servedNoindex, RENDER_STORAGE_FAMILY, MAX_CONSOLE, type RenderRun, type RenderDocument, type RenderOptions, type RenderOutput, type RobotsVerdict } from './renderRun';
