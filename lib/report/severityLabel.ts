import type { Translate } from './types';

/** The word for a difference's severity (a comparison's or a render's): the popup, the pages, the Markdown export and the command line all say it through this. */
export const severityLabel = (severity: 'critical' | 'warning' | 'info', t: Translate): string =>
  t(severity === 'critical' ? 'compare.severityCritical' : severity === 'warning' ? 'compare.severityWarning' : 'compare.severityInfo');
