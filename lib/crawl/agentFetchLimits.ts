/** At most this much of a body is kept for analysis, whatever the limit setting (memory bound). */
export const MAX_KEEP_BYTES = 16 * 1024 * 1024;
/** How far Crawlscope keeps counting a body before it stops reading (a lower bound is reported past it). */
export const COUNT_CAP = 64 * 1024 * 1024;
/** Time allowed for each agent's fetch (all hops and the body). */
export const TIMEOUT_MS = 10_000;
