/** The columns of the site check's table, in order (the page shows them all; the command line puts `lost` on a line of its own). */
export const SITE_COLUMNS = ['verdict', 'status', 'bytes', 'cut', 'lost', 'robots', 'canonical', 'noindex', 'url'] as const;

export type SiteColumn = (typeof SITE_COLUMNS)[number];
