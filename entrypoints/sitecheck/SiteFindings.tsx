// The "Site findings" tab: what a crawl found across the site, each finding with its severity, its
// count and every case kept with its evidence — the texts of lib/sitecheck/display, every URL in
// them a link (as text, never the page's HTML).
import { i18n, tDynamic } from '#i18n';
import { severityLabel } from '../../lib/report';
import { crawlText, findingText, type CrawlResult, type SiteFinding } from '../../lib/sitecheck';
import { evidenceUrls, linkParts } from './linkParts';

/** A text with the URLs of its evidence as links. */
export function Linked({ text, urls }: { text: string; urls: readonly string[] }) {
  return (
    <>
      {linkParts(text, urls).map((p, i) =>
        'url' in p ? (
          <a key={i} href={p.url} target="_blank" rel="noreferrer noopener" className="cs-url">
            {p.url}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

function Finding({ f, maxDepth }: { f: SiteFinding; maxDepth: number }) {
  const x = findingText(f, tDynamic, maxDepth);
  return (
    <li data-testid="finding" data-code={f.code} data-severity={f.severity} data-count={f.count} className={`cs-verdict-reason ${f.severity === 'critical' ? 'cs-sev-block' : f.severity === 'warning' ? 'cs-sev-risk' : ''}`}>
      <span className="cs-verdict-sev" data-testid="finding-severity">{severityLabel(f.severity, tDynamic)}</span>{' '}
      <strong data-testid="finding-title">{x.title}</strong>
      <ul className="cs-verdict-evidence">
        {x.items.map((line, i) => (
          <li key={i} data-testid="finding-item">
            <Linked text={line} urls={evidenceUrls(f.items[i]!)} />
          </li>
        ))}
      </ul>
      {x.more ? <p className="cs-muted" data-testid="finding-more">{x.more}</p> : null}
    </li>
  );
}

export function SiteFindings({ result, busy, onExportLinks }: { result: CrawlResult | null; busy: boolean; onExportLinks: () => void }) {
  if (!result) return <p className="cs-muted" data-testid="findings-none">{busy ? i18n.t('sitecheck.crawl.findingsWhenDone') : i18n.t('sitecheck.crawl.findingsNoCrawl')}</p>;
  const w = crawlText(result, tDynamic);
  return (
    <section data-testid="findings" data-partial={String(result.partial)}>
      {w.partial ? <p className="cs-note" role="status" data-testid="findings-partial">{w.partial}</p> : null}
      <p data-testid="crawl-summary">{w.summary}</p>
      <p className="cs-muted" data-testid="crawl-not-followed">{w.notFollowed}</p>
      {/* The command line's words name its flags; the page names its own box. */}
      {w.noSitemap ? <p className="cs-muted" data-testid="crawl-no-sitemap">{i18n.t('sitecheck.crawl.noSitemap')}</p> : null}
      <p>
        <button type="button" data-testid="export-links" disabled={!result.links.links} onClick={onExportLinks}>
          {i18n.t('sitecheck.crawl.exportLinks')}
        </button>
      </p>
      {w.none ? (
        <p data-testid="findings-empty">{w.none}</p>
      ) : (
        <ul className="cs-verdict-reasons" data-testid="findings-list">
          {result.findings.map((f) => (
            <Finding key={f.code} f={f} maxDepth={result.maxDepth} />
          ))}
        </ul>
      )}
    </section>
  );
}
