export { REPORT_SCHEMA_ID, REPORT_VERSION, type Report, type ReportCompare, type ReportCompareAgent, type ReportMetaRefresh, type ReportOtherCrawler, type ReportReason, type ReportRender, type ReportRenderView, type ReportSiteCheck, type ReportStructuredData, type ReportStructuredFinding, type Translate } from './types';
export { reportCompare, agentKey } from './reportCompare';
export { reportRender, renderCauseText } from './reportRender';
export { buildReport, reportReason, type ReportInput } from './buildReport';
export { reportToMarkdown, sourceText, mdCode } from './reportToMarkdown';
export { verdictKey } from './verdictKey';
export { verdictText } from './verdictText';
export { reportOtherCrawlers } from './reportOtherCrawlers';
export { reportStructured, structuredSummary, structuredSummaryMessages, structuredMessageText, structuredTypeLines, findingText, problemText, type StructuredMessage, type StructuredTypeLine, type SummaryItem } from './reportStructured';
