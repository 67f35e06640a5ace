import type { Verdict } from '../indexability';
import type { Translate } from './types';
import { verdictKey } from './verdictKey';

/**
 * The verdict in one or two words ("Indexable", "At risk", "Not indexable"): the popup, the
 * Markdown export, the site check page and the command line's table all say it with this.
 */
export const verdictText = (v: Verdict, t: Translate): string => t(`indexability.verdict.${verdictKey(v)}`);
