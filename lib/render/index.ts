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
  resourceKindOfWebRequest,
  visitorKindDecision,
  RENDER_RESOURCE_CAP,
  type RenderViewport,
} from './renderPolicy';
export { renderSnapshot } from './renderSnapshot';
export { changesIndexing, missesContent } from './changesIndexing';
export { serializeComposed } from './serializeComposed';
export { findScripts, findScriptsInBytes, ScriptFinder, type ScriptInSource } from './findScripts';
export { compareRender, findMisses, ruleCandidates, causeOfMiss, itemsOf, NEARLY_EMPTY_SHARE, TEXT_MIN_WORDS, SAMPLES, type CompareRenderInput, type RenderSide, type RenderMiss, type RuleCandidate } from './compareRender';
export { renderCompared, MIN_EXPERIMENT_MS, MAX_EXPERIMENTS, type RenderPass, type RenderRole, type RenderComparedOptions } from './renderCompared';
export { googlebotRules, visitorRules, liftRule, robotsApplies, type RenderRules } from './renderRules';
export { visitorUserAgent, engineFromUserAgent, type RenderEngine } from './visitorUserAgent';
export {
  RENDER_VIEW_EVENT,
  renderShimSource,
  renderConsoleShimSource,
  renderIdentityShimSource,
  renderDeleteDatabasesSource,
  renderPageLogShimSource,
  renderReaderShimSource,
  readRenderPageLogSource,
  pageLogFrom,
  type RenderPageLog,
} from './pageShims';
export { renderWithCdp, RENDER_END_MS, type CdpSession } from './renderWithCdp';
export { startRender, noPageEvents, isRenderDocument, robotsVerdicts, servedNoindex, RENDER_STORAGE_FAMILY, RENDER_DOCUMENT_CAP, MAX_CONSOLE, type RenderRun, type RenderDocument, type RenderOptions, type RenderOutput, type RenderEvidence, type RobotsVerdict } from './renderRun';
export { cspAllowingScript, injectScriptAtStart } from './injectScript';
