export { findCutoff, type Cutoff, type CutoffInput, type CutoffCode } from './findCutoff';
export { countHeaderBytes } from './countHeaderBytes';
export { resolveCharset, type ResolvedCharset } from './charset';
export { createByteMapper, type ByteMapper } from './createByteMapper';
export { HtmlScanner, scanHtml, type HtmlScan, type FoundItem, type ItemKind, type ItemStatus, type BreakdownCategory } from './HtmlScanner';
export { analyzeBytes, type BytesReport, type PlacedItem, type Finding, type BreakdownRow, type AnalyzeInput, type AnalyzeOptions } from './analyzeBytes';
export { assessResources, type ResourceInput, type AssessedResource, type ResourceVerdict } from './assessResources';
export { DEFAULT_LIMIT, LIMIT_CHOICES, PDF_LIMIT, RESOURCE_LIMIT, limitFor } from './limits';
export type { BytesRead, BytesPageReport, BytesOverlayState, PageResource } from './pageReport';
