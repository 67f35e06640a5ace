import type { MessageParam } from '../i18n';
import type { RenderCause, RenderDifference, RenderLift } from '../render';
import type { Translate } from './types';

// The words of a render's differences, written once for every view: the render page, the popup,
// the command line, the site check and the Markdown and JSON exports.

/** A cause in words (render.cause.<code>), with how it was found, and the candidates of an undecided one. */
export function renderCauseText(c: Pick<RenderCause, 'code' | 'params'> & Partial<Pick<RenderCause, 'evidence' | 'candidates'>>, t: Translate): string {
  let text = t(`render.cause.${c.code}`, causeParams(c, t));
  const more = Number(c.params[4] ?? 0);
  if ((c.code === 'scriptBlocked' || c.code === 'requestBlocked') && more > 0) text += ` ${t('render.cause.moreBlocked', [more])}`;
  if (c.code === 'undecided' && c.candidates?.length) text += ` ${c.candidates.map((x) => t(`render.cause.${x.code}`, causeParams(x, t))).join(' · ')}`;
  if (c.evidence === 'experiment') text += ` ${t('render.evidence.experiment')}`;
  else if (c.evidence === 'only-rule') text += ` ${t('render.evidence.onlyRule')}`;
  return text;
}

/** A cause's parameters in words where one is a code (a failed request's outcome). */
function causeParams(c: Pick<RenderCause, 'code' | 'params'>, t: Translate): MessageParam[] {
  if (c.code !== 'requestFailed') return c.params;
  const [url = '', outcome = ''] = c.params;
  return [url, outcome === 'failed' || outcome === 'timeout' ? t(`render.requestOutcome.${outcome}`) : outcome];
}

/** The samples of a difference ("For example: …, and 5 more"), or ''. */
export function renderSamplesText(samples: readonly string[], more: number, t: Translate): string {
  if (!samples.length) return '';
  const list = samples.join(t('render.samplesSeparator'));
  return more > 0 ? t('render.samplesMore', [list, more]) : t('render.samples', [list]);
}

/** A difference in words, its samples after it. */
export function renderDifferenceText(d: Pick<RenderDifference, 'code' | 'params' | 'samples' | 'more'>, t: Translate): string {
  const main = t(`render.difference.${d.code}`, d.params as MessageParam[]);
  const samples = renderSamplesText(d.samples, d.more, t);
  return samples ? t('render.differenceWithSamples', [main, samples]) : main;
}

/** An experiment's rule in words: what was lifted. */
export function renderLiftText(l: RenderLift, t: Translate): string {
  switch (l.rule) {
    case 'robots':
      return l.line === null ? t('render.lift.robotsUnreachable', [l.robotsUrl]) : t('render.lift.robots', [l.robotsUrl, l.line, l.ruleText ?? '', l.urls.length]);
    case 'cut':
      return t('render.lift.cut');
    case 'resourceCut':
      return t('render.lift.resourceCut', [l.urls.length]);
    case 'notFetched':
      return t('render.lift.notFetched');
    case 'userAgent':
      return t('render.lift.userAgent');
  }
}
