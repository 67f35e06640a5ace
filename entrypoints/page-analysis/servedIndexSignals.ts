// The indexability check on the HTML as served (before any script ran). Part of the page-analysis
// script, injected only when the popup asks.
import type { PageSignals } from '../../lib/indexability';
import { readPage } from './pageRead';

/**
 * The robots meta tags and canonical as served, before any script ran, in the part of the page
 * Googlebot keeps: the page's HTML read again (from the HTTP cache when the browser kept it) and
 * cut where Googlebot cuts it — the response's header bytes counted, the user's limit — by the
 * same read that finds the cut (pageRead.ts).
 */
export async function servedIndexSignals({ headerBytes, limit }: { headerBytes: number; limit: number }): Promise<PageSignals> {
  const got = await readPage(location.href.split('#')[0]!, headerBytes, limit);
  if (!got.served) throw new Error('bytes.error.notHtml');
  return { ...got.served, url: location.href };
}
