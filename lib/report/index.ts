export { REPORT_SCHEMA_ID, REPORT_VERSION, type Report, type ReportReason, type Translate } from './types';
export { buildReport, reportReason, type ReportInput } from './buildReport';
export { reportToMarkdown, sourceText, mdCode, verdictKey } from './reportToMarkdown';
