// What changed since the baseline, on the command line: the table's lines after the URLs, and the
// JSON Lines' last line {"changes": …} (docs/report-schema.json, $defs.changesLine).
import { baselineProblemText, changesNoteText, changesText, type BaselineProblem, type RunChanges } from '../lib/sitecheck';
import type { Translate } from '../lib/report';

/** Page content (anchor texts, titles, a noindex tag as written) reaches the terminal without control characters: each is shown as U+FFFD. */
const printable = (s: string) => s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\ufffd');

/** The table's lines: the summary, each group (its heading, each URL or finding with its changes), or "no changes"; then the notes. */
export function changesLines(c: RunChanges, t: Translate, baseline: string): string {
  const w = changesText(c, t, baseline);
  const out = [w.summary];
  if (w.none) out.push(w.none);
  for (const g of w.groups) {
    out.push(g.heading);
    for (const e of g.entries) {
      out.push(`  ${e.url ?? e.title ?? ''}`);
      for (const l of e.lines) out.push(`    ${l}`);
    }
  }
  out.push(...w.notes);
  return out.map(printable).join('\n');
}

export type FailOn = 'regressions' | 'problems';

/** The JSON Lines' last line: the comparison as data, the baseline it was made with, its problems and notes with their words. */
export function changesLine(
  c: RunChanges,
  t: Translate,
  baseline: { file: string; lines: number; bytes: number; problems: BaselineProblem[]; problemCount: number },
  failOn: FailOn,
): string {
  return JSON.stringify({
    changes: {
      baseline: {
        file: baseline.file,
        generatedAt: c.before.generatedAt,
        urls: c.before.urls,
        complete: c.before.complete,
        lines: baseline.lines,
        bytes: baseline.bytes,
        problemCount: baseline.problemCount,
        problems: baseline.problems.map((p) => ({ ...p, params: p.params.map(String), message: baselineProblemText(p, t) })),
      },
      run: c.after,
      failOn,
      compared: c.compared,
      worse: c.worse,
      better: c.better,
      changed: c.changed,
      urls: c.urls,
      urlsInOneRun: c.urlsInOneRun,
      findings: c.findings,
      notes: c.notes.map((n) => ({ ...n, message: changesNoteText(n, t) })),
    },
  });
}

