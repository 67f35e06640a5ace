export { REPORT_SCHEMA_ID, REPORT_VERSION, type Report, type ReportCompare, type ReportCompareAgent, type ReportMetaRefresh, type ReportOtherCrawler, type ReportReason, type ReportRender, type ReportRenderView, type ReportSiteCheck, type Translate } from './types';
export { reportCompare, agentKey } from './reportCompare';
export { reportRender } from './reportRender';
export { renderCauseText, renderDifferenceText, renderSamplesText, renderLiftText } from './renderText';
export { buildReport, reportReason, type ReportInput } from './buildReport';
export { reportToMarkdown, sourceText, mdCode } from './reportToMarkdown';
export { verdictKey } from './verdictKey';
export { verdictText } from './verdictText';
export { reportOtherCrawlers } from './reportOtherCrawlers';
