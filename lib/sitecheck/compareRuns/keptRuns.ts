/**
 * Earlier runs kept per site for "Compare with an earlier run" (the site check page keeps each
 * run's RunSnapshot in IndexedDB, newest first, and drops a site's runs past this many).
 */
export const KEPT_RUNS = 5;
