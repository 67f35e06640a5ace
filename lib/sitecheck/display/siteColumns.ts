/** The columns of the site check's table, in order (the page shows them all; the command line puts `lost` and `structured` on lines of their own). */
export const SITE_COLUMNS = ['verdict', 'status', 'bytes', 'cut', 'lost', 'robots', 'canonical', 'noindex', 'structured', 'url'] as const;

export type SiteColumn = (typeof SITE_COLUMNS)[number];
