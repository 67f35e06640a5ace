import { i18n, formatInt } from '#i18n';

const W = 600;
const H = 100;

const hourText = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 13) + ':00 UTC';

/** Hits per hour as SVG bars (React elements, no HTML strings). */
export function HourChart({ hours }: { hours: [number, number][] }) {
  if (hours.length === 0) return <p className="cs-muted">{i18n.t('verify.log.noHours')}</p>;
  const first = hours[0][0];
  const span = Math.min(hours[hours.length - 1][0] - first, 24 * 400 * 3_600_000) / 3_600_000 + 1;
  const max = Math.max(...hours.map((h) => h[1]));
  const bw = W / span;
  return (
    <figure className="verify-chart" data-testid="hour-chart" data-bars={hours.length}>
      <svg viewBox={`0 0 ${W} ${H + 16}`} width="100%" role="img" aria-label={i18n.t('verify.log.hoursChart')}>
        {hours.map(([ms, n]) => {
          const h = Math.max(1, (n / max) * H);
          return (
            <rect key={ms} x={((ms - first) / 3_600_000) * bw} y={H - h} width={Math.max(1, bw - 1)} height={h} className="verify-bar">
              <title>{`${hourText(ms)}: ${formatInt(n)}`}</title>
            </rect>
          );
        })}
        <text x="0" y={H + 13} className="verify-axis">{hourText(first)}</text>
        <text x={W} y={H + 13} textAnchor="end" className="verify-axis">{hourText(hours[hours.length - 1][0])}</text>
      </svg>
      <figcaption className="cs-muted">{i18n.t('verify.log.hoursCaption', [max])}</figcaption>
    </figure>
  );
}
