import { useEffect } from 'react';
import { i18n } from '#i18n';
import { IpChecker } from './IpChecker';
import { LogAnalyzer } from './LogAnalyzer';
import { RangesPanel } from './RangesPanel';
import { CrawlerListsPanel } from './CrawlerListsPanel';
import { initVerify, useVerify } from './hooks';

/** "Is it really Googlebot?": IPs and whole access logs against Google's ranges and DNS. Every part is a view of the page's one store. */
export function VerifyApp() {
  const s = useVerify();
  useEffect(() => {
    initVerify();
  }, []);
  const ready = s.ranges !== null;
  return (
    <main className="cs-popup verify-page" data-testid="verify" data-ready={s.ranges && s.resolver ? 'true' : 'false'}>
      <header className="cs-header">
        <h1>{i18n.t('verify.pageTitle')}</h1>
      </header>
      <p>{i18n.t('verify.intro')}</p>
      <IpChecker state={s.ips} ready={ready} onText={s.setIpText} onClaimed={s.setClaimed} onCheck={() => void s.checkIps()} />
      <LogAnalyzer
        log={s.log}
        ready={ready}
        onFile={s.analyzeLog}
        onCancel={s.cancelLog}
        onExportLines={s.exportLines}
        onExportFake={s.exportFake}
        onDrag={s.setDrag}
        crawlerLists={s.crawlerLists?.lists ?? {}}
      />
      <RangesPanel
        ranges={s.ranges}
        busy={s.rangesBusy}
        error={s.rangesError}
        resolver={s.resolver}
        onRefresh={s.refreshRanges}
        onResolver={s.chooseResolver}
      />
      <CrawlerListsPanel lists={s.crawlerLists} busy={s.crawlerListsBusy} error={s.crawlerListsError} onFetch={s.fetchCrawlerLists} />
    </main>
  );
}
