const MONTHS: Record<string, number> = { jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11 };
const CLF_TIME = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2})(?: ([+-])(\d{2})(\d{2}))?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * A log time as epoch ms (UTC), or null. Accepts the Apache/nginx `10/Oct/2000:13:55:36 -0700`
 * form, ISO 8601 (a time without zone is taken as UTC) and epoch seconds or milliseconds.
 */
export function parseLogTime(text: string): number | null {
  const t = text.trim();
  const m = CLF_TIME.exec(t);
  if (m) {
    const month = MONTHS[m[2].toLowerCase()];
    if (month === undefined) return null;
    const utc = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
    const offset = m[7] ? (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9])) * 60_000 : 0;
    const ms = utc - offset;
    return Number.isFinite(ms) ? ms : null;
  }
  if (ISO_TIME.test(t)) {
    const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(t);
    const ms = Date.parse(hasZone ? t.replace(' ', 'T') : `${t.replace(' ', 'T')}Z`);
    return Number.isFinite(ms) ? ms : null;
  }
  if (/^\d{10}(?:\.\d+)?$/.test(t)) return Math.round(Number(t) * 1000);
  if (/^\d{13}$/.test(t)) return Number(t);
  return null;
}
