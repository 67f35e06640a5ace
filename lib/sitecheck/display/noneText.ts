import type { Translate } from '../../report';

/** What an empty cell says ("—"). */
export const noneText = (t: Translate): string => t('sitecheck.none');
