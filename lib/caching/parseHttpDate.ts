const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const IMF = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 = /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\d{2})-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

function build(y: number, mon: string, d: number, h: number, mi: number, s: number): number | null {
  const m = MONTHS.indexOf(mon.toLowerCase());
  if (m < 0 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const t = Date.UTC(y, m, d, h, mi, Math.min(s, 59));
  // Reject 31 Feb and the like: the date must round-trip.
  return new Date(t).getUTCDate() === d ? t : null;
}

/**
 * An HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, or the obsolete RFC 850 and asctime forms that
 * recipients must still accept. Anything else is not a date.
 */
export function parseHttpDate(value: string): { at: number; format: 'imf' | 'obsolete' } | null {
  const v = value.trim();
  if (v.length > 40) return null;
  let m = IMF.exec(v);
  if (m) {
    const at = build(+m[4]!, m[3]!, +m[2]!, +m[5]!, +m[6]!, +m[7]!);
    return at === null ? null : { at, format: 'imf' };
  }
  m = RFC850.exec(v);
  if (m) {
    // Two-digit years (RFC 9110: more than 50 years ahead means the past century), fixed at 1970–2069.
    const yy = +m[4]!;
    const y = yy >= 70 ? 1900 + yy : 2000 + yy;
    const at = build(y, m[3]!, +m[2]!, +m[5]!, +m[6]!, +m[7]!);
    return at === null ? null : { at, format: 'obsolete' };
  }
  m = ASCTIME.exec(v);
  if (m) {
    const at = build(+m[7]!, m[2]!, +m[3]!.trim(), +m[4]!, +m[5]!, +m[6]!);
    return at === null ? null : { at, format: 'obsolete' };
  }
  return null;
}
