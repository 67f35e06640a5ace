import type { RenderOutput } from '../../lib/render';
import type { RenderJob } from './renderJob';

/** The render in Firefox (a container of its own and blocking webRequest) — being built. */
export async function renderInFirefox(job: RenderJob): Promise<RenderOutput> {
  void job;
  throw new Error('Rendering as Googlebot is not available in Firefox yet.');
}
