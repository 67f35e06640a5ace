import { useEffect, useMemo, useState } from 'react';
import { i18n } from '#i18n';
import { verifyResolver } from '../../utils/settings';
import { IpChecker } from './IpChecker';
import { LogAnalyzer } from './LogAnalyzer';
import { loadRanges, type RangesState } from './ranges';
import { RangesPanel } from './RangesPanel';
import { resolverChoice, resolverFor, type ResolverChoice } from './resolver';

/** "Is it really Googlebot?": IPs and whole access logs against Google's ranges and DNS. */
export function VerifyApp() {
  const [ranges, setRanges] = useState<RangesState | null>(null);
  const [rangesBusy, setRangesBusy] = useState(true);
  const [rangesError, setRangesError] = useState<string | null>(null);
  const [choice, setChoice] = useState<ResolverChoice | null>(null);

  const refresh = (mode: 'auto' | 'force') => {
    setRangesBusy(true);
    loadRanges({ refresh: mode })
      .then((r) => {
        setRanges(r);
        setRangesError(null);
      })
      .catch((err: unknown) => setRangesError(err instanceof Error ? err.message : String(err)))
      .finally(() => setRangesBusy(false));
  };

  useEffect(() => {
    refresh('auto');
    void resolverChoice().then(setChoice);
  }, []);

  const resolver = useMemo(() => (choice ? resolverFor(choice.endpoint) : null), [choice]);
  const files = ranges?.files ?? null;

  return (
    <main className="cs-popup verify-page" data-testid="verify" data-ready={ranges && choice ? 'true' : 'false'}>
      <header className="cs-header">
        <h1>{i18n.t('verify.pageTitle')}</h1>
      </header>
      <p>{i18n.t('verify.intro')}</p>
      <IpChecker files={files} resolver={resolver} />
      <LogAnalyzer files={files} resolver={resolver} />
      <RangesPanel
        ranges={ranges}
        busy={rangesBusy}
        error={rangesError}
        resolver={choice}
        onRefresh={() => refresh('force')}
        onResolver={(p) => {
          void verifyResolver.setValue(p).then(resolverChoice).then(setChoice);
        }}
      />
    </main>
  );
}
