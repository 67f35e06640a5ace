// Every HTML page of the demo site (127.0.0.1): the streaming signals equal those of the parse5
// tree they replace, on the part of the page Googlebot keeps (2 MB).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { modules } from '../../fixtures/demo-site/routes/index.mjs';
import { HtmlScanner, sniffCharset } from '../../../lib/bytes';
import { collectSignals } from '../../../lib/indexability/collectSignals';
import { parse5Document } from '../../../lib/sitecheck/parse5Document';
import { SignalCollector } from '../../../lib/sitecheck/SignalCollector';
import { servedSignals } from '../../../lib/sitecheck/servedSignals';

let demo: DemoSite;
beforeAll(async () => {
  demo = await startDemoSite({ port: 0, host: '127.0.0.1' });
});
afterAll(() => demo.close());

it('every HTML page of the demo site: the same signals as the parse5 tree', async () => {
  const paths = modules.flatMap((m) => m.routes.map((r) => r.path));
  let pages = 0;
  let inModel = 0;
  const one = async (path: string) => {
    let res: Response;
    try {
      res = await fetch(demo.origin + path, { signal: AbortSignal.timeout(2000) });
    } catch {
      return;
    }
    const ct = res.headers.get('content-type') ?? '';
    if (!/html/i.test(ct)) {
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await res.arrayBuffer()).subarray(0, 2_097_152);
    } catch {
      return;
    }
    const html = new TextDecoder(sniffCharset(ct, bytes)).decode(bytes);
    const read = { bytesRead: bytes.length, truncated: false };
    const c = new SignalCollector(html);
    new HtmlScanner(html, html.length, c).run(Infinity);
    if (!c.outOfModel) inModel++;
    expect(servedSignals(html, path, read), path).toEqual(collectSignals(parse5Document(html), 'served', path, read));
    pages++;
  };
  // Eight at once: the slow pages (dripping bodies) wait side by side.
  for (let i = 0; i < paths.length; i += 8) await Promise.all(paths.slice(i, i + 8).map(one));
  expect(pages).toBeGreaterThan(50);
  expect(inModel).toBe(pages);
}, 120_000);
