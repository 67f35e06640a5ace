// One analysis thread of the site check page (analysisThreads.ts): answers each body it is handed
// with lib/sitecheck analyzeBody — decoding, the cut, what lies past it, the signals — so the
// page's own thread keeps to the requests and the table.
import { answerAnalysis, type FromAnalysisThread, type ToAnalysisThread } from '../../lib/sitecheck';

const scope = self as unknown as { postMessage(m: FromAnalysisThread): void; onmessage: ((e: MessageEvent<ToAnalysisThread>) => void) | null };
const answer = answerAnalysis((m) => scope.postMessage(m));
scope.onmessage = (e) => void answer(e.data);
