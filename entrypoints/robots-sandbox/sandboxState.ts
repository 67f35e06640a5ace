// The robots.txt sandbox's one state object and every change to it, as a pure reducer
// (unit-tested in tests/unit/robots/sandbox-state.test.ts). The page fetches the live file and
// dispatches; what is shown (parse, verdicts, diff) is computed from this state with lib/robots.
import type { CrawlerVerdict, RobotsReport } from '../../lib/robots';

/** At most this many URLs are judged at once. */
export const MAX_URLS = 20;

export interface SandboxState {
  /** The live robots.txt of the page's origin, once fetched. */
  live: RobotsReport | null;
  liveError: string | null;
  /** The file being edited. */
  text: string;
  /** The URLs to judge, one per line. */
  urlsText: string;
  /** The verdict picked in the table (its deciding line is highlighted). */
  selected: { url: number; token: string } | null;
  /** The line the editor should bring into view; `n` grows so the same line can be asked again. */
  scrollTo: { line: number; n: number } | null;
  /** A line highlighted on its own (asked for in the page's address, or a diagnostic's line). */
  manualLine: number | null;
}

export type SandboxEvent =
  | { type: 'liveLoaded'; report: RobotsReport }
  | { type: 'liveFailed'; error: string }
  | { type: 'edit'; text: string }
  | { type: 'resetToLive' }
  | { type: 'urls'; text: string }
  | { type: 'pickVerdict'; url: number; token: string; line: number | null }
  | { type: 'pickLine'; line: number };

export function initialSandbox(pageUrl: string, initialLine: number | null): SandboxState {
  return { live: null, liveError: null, text: '', urlsText: pageUrl, selected: null, scrollTo: null, manualLine: initialLine };
}

const scrolled = (s: SandboxState, line: number) => ({ line, n: (s.scrollTo?.n ?? 0) + 1 });

export function sandboxReducer(s: SandboxState, e: SandboxEvent): SandboxState {
  switch (e.type) {
    case 'liveLoaded':
      // The editor starts from the live file, at the line the page was opened for.
      return { ...s, live: e.report, liveError: null, text: e.report.body ?? '', scrollTo: s.manualLine ? scrolled(s, s.manualLine) : s.scrollTo };
    case 'liveFailed':
      return { ...s, liveError: e.error };
    case 'edit':
      return { ...s, text: e.text };
    case 'resetToLive':
      return { ...s, text: s.live?.body ?? '' };
    case 'urls':
      return { ...s, urlsText: e.text };
    case 'pickVerdict':
      return { ...s, selected: { url: e.url, token: e.token }, manualLine: null, scrollTo: e.line ? scrolled(s, e.line) : s.scrollTo };
    case 'pickLine':
      return { ...s, selected: null, manualLine: e.line, scrollTo: scrolled(s, e.line) };
  }
}

/** The URLs to judge: each line of the box, resolved against the page's URL (null: not a URL), at most MAX_URLS. */
export function sandboxUrls(urlsText: string, pageUrl: string): { raw: string; url: string | null }[] {
  return urlsText
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, MAX_URLS)
    .map((raw) => {
      try {
        return { raw, url: new URL(raw, pageUrl || undefined).href };
      } catch {
        return { raw, url: null };
      }
    });
}

/** The highlighted line: the picked verdict's deciding line, else the line asked for on its own. */
export function highlightedLine(s: SandboxState, results: (CrawlerVerdict[] | null)[]): number | null {
  if (!s.selected) return s.manualLine;
  const { url, token } = s.selected;
  return results[url]?.find((v) => v.token === token)?.line ?? null;
}
