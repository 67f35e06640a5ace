import { compareRender, findMisses, needsRule, resolvedBy, ruleCandidates, type CompareRenderInput, type RenderSide } from './compareRender';
import { RENDER_TIME_LIMIT_MS } from './renderPolicy';
import { googlebotRules, liftRule, visitorRules } from './renderRules';
import type { RenderOptions, RenderOutput } from './renderRun';
import type { RenderExperiment, RenderResult, RenderSnapshot, RenderVisitor } from './types';

/** Which render of the comparison a pass is. */
export type RenderRole = 'googlebot' | 'visitor' | 'experiment';

/**
 * One render in the browser at hand, with the rules its options carry (a window of its own in the
 * extension, a page of its own on the command line): the adapters' one job.
 */
export type RenderPass = (opts: RenderOptions, role: RenderRole) => Promise<RenderOutput>;

export interface RenderComparedOptions extends Omit<RenderOptions, 'rules' | 'onProgress'> {
  /** The visitor's User-Agent: the same browser's, without "Googlebot" (visitorUserAgent). */
  visitorUserAgent: string;
  /** The user's tab as it shows the page (null for a typed URL). */
  browser: RenderSnapshot | null;
  runPass: RenderPass;
  /** Experiments run at most (one per rule lifted). */
  maxExperiments?: number;
  /** Experiments run at once (each is a window or a page). */
  experimentsAtOnce?: number;
  /** false: Googlebot's render alone, as before there was a visitor's beside it (the bench's single-render row). */
  withVisitor?: boolean;
  onProgress?: (p: { requests: number; inFlight: number; elapsedMs: number; phase: 'document' | 'rendering' | 'snapshot' | 'experiments' }) => void;
}

/** An experiment is started only with at least this much of the time limit left. */
export const MIN_EXPERIMENT_MS = 3_000;
export const MAX_EXPERIMENTS = 4;

/**
 * Googlebot's render beside a visitor's, at once, and what Googlebot misses with its cause: the
 * two renders differ only by Googlebot's rules (lib/render/renderRules); where a difference has
 * more than one possible cause, Googlebot's render is run again with one rule lifted at a time,
 * within the same time limit (counted from the start), and the render that has what Googlebot's
 * lacked names the cause. The result is Googlebot's render with `visitor`, `differences` and
 * `experiments`.
 */
export async function renderCompared(o: RenderComparedOptions): Promise<RenderOutput> {
  const now = o.now ?? Date.now;
  const started = now();
  const timeLimitMs = o.timeLimitMs ?? RENDER_TIME_LIMIT_MS;
  const id = o.renderId ?? String(started);
  const gRules = googlebotRules(o.userAgent);
  const progress = { g: { requests: 0, inFlight: 0 }, v: { requests: 0, inFlight: 0 }, phase: 'document' as 'document' | 'rendering' | 'snapshot' | 'experiments' };
  const report = () =>
    o.onProgress?.({ requests: progress.g.requests + progress.v.requests, inFlight: progress.g.inFlight + progress.v.inFlight, elapsedMs: now() - started, phase: progress.phase });
  const pass = (role: RenderRole, extra: Partial<RenderOptions>): RenderOptions => {
    const { runPass: _p, visitorUserAgent: _v, browser: _b, maxExperiments: _m, experimentsAtOnce: _a, onProgress: _o, withVisitor: _w, ...base } = o;
    return { ...base, ...extra };
  };

  const visitorStop = new AbortController();
  const gp = o.runPass(
    pass('googlebot', {
      rules: gRules,
      renderId: `${id}-g`,
      onProgress: (p) => {
        progress.g = p;
        if (progress.phase !== 'experiments') progress.phase = p.phase;
        report();
      },
    }),
    'googlebot',
  );
  const runVisitor = () =>
    o
      .runPass(
        pass('visitor', {
          rules: visitorRules(o.visitorUserAgent),
          renderId: `${id}-v`,
          screenshot: false,
          force: true,
          signal: o.signal ? AbortSignal.any([o.signal, visitorStop.signal]) : visitorStop.signal,
          onProgress: (p) => {
            progress.v = p;
            report();
          },
        }),
        'visitor',
      )
      .catch((err: unknown): RenderOutput | Error => (err instanceof Error ? err : new Error(String(err))));
  const vp: Promise<RenderOutput | Error | null> = o.withVisitor === false ? Promise.resolve(null) : runVisitor();
  const g = await gp;
  const gr = g.result;
  // Nothing of Googlebot's to compare (robots.txt, a served noindex, an error): the visitor's render stops.
  if (!gr.rendered) {
    visitorStop.abort();
    await vp;
    return { ...g, result: { ...gr, browser: o.browser, durationMs: now() - started } };
  }
  const vOut = await vp;
  const v = vOut instanceof Error || vOut === null ? null : vOut;
  const gSide = side(g);
  // The same bytes for both (the usual case): the visitor's whole document is Googlebot's, read once.
  const vSide = v?.result.rendered ? side(v, sameBytes(g.evidence?.wholeBytes, v.evidence?.wholeBytes) ? gSide.servedWhole : undefined) : null;
  const input: CompareRenderInput = {
    googlebot: { ...gSide, cutAt: gr.document?.cutAt ?? null, pastCut: g.evidence?.pastCut ?? [], timeLimitMs },
    visitor: vSide,
    browser: o.browser,
  };

  // Experiments: one rule lifted at a time, while a difference a script made has more than one possible cause.
  const candidates = ruleCandidates(input);
  const pending = findMisses(input).filter(needsRule);
  const liftable = candidates.map((c, i) => ({ c, i })).filter((x) => x.c.lift !== null);
  const views = new Map<number, RenderSnapshot | null>();
  const experiments: RenderExperiment[] = [];
  if (pending.length && candidates.length > 1 && liftable.length) {
    progress.phase = 'experiments';
    report();
    const queue = liftable.slice(0, o.maxExperiments ?? MAX_EXPERIMENTS);
    const atOnce = Math.max(1, o.experimentsAtOnce ?? 2);
    let open = pending;
    while (queue.length && open.length && !o.signal?.aborted) {
      const left = timeLimitMs - (now() - started);
      if (left < MIN_EXPERIMENT_MS) break;
      const batch = queue.splice(0, atOnce);
      const outs = await Promise.all(
        batch.map(({ c, i }) =>
          o
            .runPass(pass('experiment', { rules: liftRule(gRules, c.lift!, o.visitorUserAgent), renderId: `${id}-x${i}`, screenshot: false, force: true, timeLimitMs: left }), 'experiment')
            .then((out) => ({ c, i, out }), () => ({ c, i, out: null })),
        ),
      );
      for (const { c, i, out } of outs) {
        const view = out?.result.rendered ?? null;
        views.set(i, view);
        const explained = open.filter((m) => resolvedBy(m, view));
        open = open.filter((m) => !explained.includes(m));
        experiments.push({ lift: c.lift!, stoppedBecause: out?.result.stoppedBecause ?? 'error', durationMs: out?.result.durationMs ?? 0, explained: explained.length });
      }
    }
  }

  const differences = compareRender(input, views, candidates);
  const result: RenderResult = { ...gr, browser: o.browser, visitor: v ? visitorView(v) : visitorFailed(vOut, o.visitorUserAgent), differences, experiments, durationMs: now() - started };
  return { ...g, result };
}

/** Two bodies with the same bytes (both read whole, up to the same cap). */
function sameBytes(a: Uint8Array | null | undefined, b: Uint8Array | null | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A part of the result's document facts, or null. */
const doc = <T>(r: RenderResult, pick: (d: NonNullable<RenderResult['document']>) => T): T | null => {
  const d = r['document'];
  return d ? pick(d) : null;
};

function side(out: RenderOutput, whole?: () => RenderSnapshot | null): RenderSide {
  const r = out.result;
  return {
    served: r.served,
    servedWhole: whole ?? (() => out.evidence?.servedWhole() ?? r.served),
    rendered: r.rendered,
    resources: r.resources,
    stoppedBecause: r.stoppedBecause,
    page: r.page,
    document: doc(r, (d) => ({ status: d.status, bodyBytes: d.bodyBytes })),
  };
}

function visitorView(out: RenderOutput): RenderVisitor {
  const r = out.result;
  return {
    userAgent: r.userAgent,
    stoppedBecause: r.stoppedBecause,
    durationMs: r.durationMs,
    document: doc(r, (d) => ({ status: d.status, headerBytes: d.headerBytes, bodyBytes: d.bodyBytes })),
    rendered: r.rendered,
    resources: r.resources,
    page: r.page,
    error: r.error,
  };
}

function visitorFailed(out: RenderOutput | Error | null, userAgent: string): RenderVisitor | null {
  if (!(out instanceof Error)) return null;
  return {
    userAgent,
    stoppedBecause: 'error',
    durationMs: 0,
    document: null,
    rendered: null,
    resources: [],
    page: { dialogs: [], opened: [], windowsClosed: 0, beforeunload: 0, userAgentReads: 0, scriptStopped: false, navigations: [], snapshotAtMs: null },
    error: out.message,
  };
}
