import { useEffect, useState } from 'react';
import { i18n } from '#i18n';
import { sendToBackground, sendToTab } from '../utils/messaging';
import { evaluateReportForGoogle, parseRobotsReport, robotsTxtUrl, type CrawlerVerdict } from '../lib/robots';

const MAX_ORIGINS = 10;

interface Checked {
  url: string;
  verdict: CrawlerVerdict | null;
}

/** The page's own CSS and JS checked for Googlebot: blocked resources stop Google rendering the page. */
export function RobotsResources({ tabId }: { tabId: number }) {
  const [state, setState] = useState<{ total: number; blocked: Checked[]; skipped: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const list = await sendToTab(tabId, 'getResourceUrls', {});
        const byOrigin = new Map<string, string[]>();
        for (const r of list) {
          const t = robotsTxtUrl(r.url);
          if (!t) continue;
          const urls = byOrigin.get(t.origin) ?? [];
          urls.push(r.url);
          byOrigin.set(t.origin, urls);
        }
        const origins = [...byOrigin.keys()];
        const skipped = origins.slice(MAX_ORIGINS).reduce((n, o) => n + byOrigin.get(o)!.length, 0);
        // Origins are checked side by side: each robots.txt may take up to the 10 s timeout.
        const perOrigin = await Promise.all(
          origins.slice(0, MAX_ORIGINS).map(async (origin): Promise<Checked[]> => {
            const urls = byOrigin.get(origin)!;
            const report = await sendToBackground('getRobots', { url: urls[0] });
            const parsed = parseRobotsReport(report) ?? undefined;
            // Googlebot is the first entry of the catalog.
            return urls.map((url) => ({ url, verdict: evaluateReportForGoogle(report, url, parsed)[0] }));
          }),
        );
        const checked = perOrigin.flat();
        if (live) setState({ total: list.length, blocked: checked.filter((c) => c.verdict && !c.verdict.allowed), skipped });
      } catch (err) {
        if (live) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [tabId]);

  return (
    <div data-testid="robots-resources">
      <h3>{i18n.t('robots.resources.heading')}</h3>
      {error ? <p className="cs-muted">{i18n.t('robots.resources.unavailable', [error])}</p> : null}
      {!state && !error ? <p className="cs-muted">{i18n.t('robots.resources.loading')}</p> : null}
      {state && state.total === 0 ? <p data-testid="robots-resources-none">{i18n.t('robots.resources.none')}</p> : null}
      {state && state.total > 0 && state.blocked.length === 0 ? (
        <p data-testid="robots-resources-ok">{i18n.t('robots.resources.allAllowed', [state.total - state.skipped])}</p>
      ) : null}
      {state && state.blocked.length > 0 ? (
        <>
          <p className="cs-error" data-testid="robots-resources-blocked" data-count={state.blocked.length}>
            {i18n.t('robots.resources.blocked', [String(state.blocked.length), String(state.total - state.skipped)])}
          </p>
          <ul>
            {state.blocked.map((b) => (
              <li key={b.url} className="cs-url" data-testid="robots-blocked-resource" data-line={b.verdict?.line ?? ''}>
                {b.verdict?.line != null
                  ? i18n.t('robots.resources.line', [b.url, String(b.verdict.line)])
                  : i18n.t('robots.resources.unreachable', [b.url])}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {state && state.skipped > 0 ? <p className="cs-muted">{i18n.t('robots.resources.skipped', [state.skipped, MAX_ORIGINS])}</p> : null}
    </div>
  );
}
