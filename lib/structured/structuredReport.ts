import type { SdExtract, SdJudged, SdProblem, SdReport } from './types';

/** A render's problems as the report lists them: Googlebot's cut is said of the HTML as served, so a rendered block's blockCut is left out. */
export const renderedProblems = (rendered: SdExtract): SdProblem[] => rendered.problems.filter((p) => p.code !== 'blockCut');

/**
 * The page's structured data report from its judged items and its problems, with the counts: kept
 * apart from the validator, so that a page handed a judgement (the popup, from the tab) builds the
 * report without loading the validator's chunk.
 */
export function structuredReport(items: SdJudged[], problems: SdProblem[], vocabulary: string): SdReport {
  let errors = 0;
  let warnings = 0;
  let lost = 0;
  let rendered = 0;
  for (const j of items) {
    for (const f of j.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
    }
    if (j.item.status === 'lost') lost++;
    else if (j.item.status === 'rendered') rendered++;
  }
  for (const p of problems) {
    if (p.severity === 'error') errors++;
    else if (p.severity === 'warning') warnings++;
  }
  return { items, problems, vocabulary, counts: { items: items.length, errors, warnings, lost, rendered } };
}
