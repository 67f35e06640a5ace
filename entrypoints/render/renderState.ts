// The render page's one state object and what may happen to it (a reducer: pure, unit-tested).
import type { RenderJobState } from '../../utils/protocol';
import type { RenderAgent, RenderSnapshot } from '../../lib/render';

export interface RenderPageState {
  /** The tab the page was opened for (render.html?tab=…), or null for a typed URL. */
  tabId: number | null;
  url: string;
  agent: RenderAgent;
  /** Seconds the render may take (render.html?limit=…, 5–60), or null for the default. */
  timeLimitSec: number | null;
  /** The tab as the user's browser shows it, once read. */
  browser: RenderSnapshot | null;
  /** Why the tab could not be read (the render then compares only served and rendered). */
  browserError: string | null;
  phase: 'idle' | 'reading-tab' | 'starting' | 'running' | 'done';
  jobId: string | null;
  job: RenderJobState | null;
  error: string | null;
  inputError: string | null;
}

export type RenderAction =
  | { type: 'set'; url?: string; agent?: RenderAgent }
  | { type: 'badUrl'; url: string }
  | { type: 'readingTab' }
  | { type: 'tabRead'; url: string; browser: RenderSnapshot | null; error: string | null }
  | { type: 'starting' }
  | { type: 'started'; id: string }
  | { type: 'progress'; job: RenderJobState }
  | { type: 'failed'; error: string };

export const initialRenderState = (p: { tabId: number | null; url: string; agent: RenderAgent; timeLimitSec: number | null }): RenderPageState => ({
  ...p,
  browser: null,
  browserError: null,
  phase: 'idle',
  jobId: null,
  job: null,
  error: null,
  inputError: null,
});

export function renderReducer(s: RenderPageState, a: RenderAction): RenderPageState {
  switch (a.type) {
    case 'set':
      return { ...s, ...(a.url !== undefined ? { url: a.url } : {}), ...(a.agent ? { agent: a.agent } : {}), inputError: null };
    case 'badUrl':
      return { ...s, inputError: a.url };
    case 'readingTab':
      return { ...s, phase: 'reading-tab', error: null };
    case 'tabRead':
      return { ...s, url: a.url, browser: a.browser, browserError: a.error };
    case 'starting':
      return { ...s, phase: 'starting', job: null, jobId: null, error: null, inputError: null };
    case 'started':
      return { ...s, phase: 'running', jobId: a.id };
    case 'progress':
      // A stale answer for an older job changes nothing.
      if (a.job.id !== s.jobId) return s;
      return { ...s, job: a.job, phase: a.job.state === 'done' ? 'done' : 'running' };
    case 'failed':
      return { ...s, phase: 'done', error: a.error };
  }
}

/** An http(s) URL, without its fragment, or null. */
export function parseRenderUrl(text: string): string | null {
  try {
    const u = new URL(text.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}
