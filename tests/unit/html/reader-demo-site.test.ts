// The demo site's pages through every reader of lib/html, against parse5: each HTML page as the
// demo server sends it (its charset, its size), cut at 2 MB and at half its length, read in 64 KiB
// writes and — pages under 64 KiB — one byte at a time; the two big pages of the byte budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite, type DemoSite } from '../../fixtures/demo-site/server.mjs';
import { modules } from '../../fixtures/demo-site/routes/index.mjs';
import { bigPage, generatedPage } from '../../fixtures/demo-site/routes/bytes.mjs';
import { sniffCharset } from '../../../lib/html/sniffCharset';
import { isHtml } from '../../../lib/html/isHtml';
import { mediaType } from '../../../lib/core/headers';
import type { actual } from '../../support/readerOracle';
import { utf8 } from '../../support/readerCorpus';
import { check } from './reader-check';

let demo: DemoSite;
beforeAll(async () => {
  demo = await startDemoSite({ port: 0, host: '127.0.0.1' });
});
afterAll(() => demo.close());

it('every HTML page of the demo site: every reader equals parse5', async () => {
  const paths = modules.flatMap((m) => m.routes.map((r) => r.path));
  const bodies: { path: string; body: Uint8Array; charset: string }[] = [];
  const one = async (path: string) => {
    let res: Response;
    try {
      res = await fetch(demo.origin + path, { signal: AbortSignal.timeout(2000) });
    } catch {
      return;
    }
    const ct = res.headers.get('content-type');
    if (!ct || !isHtml(mediaType(ct))) {
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    try {
      const body = new Uint8Array(await res.arrayBuffer());
      bodies.push({ path, body, charset: sniffCharset(ct, body) });
    } catch {
      /* a page that never ends (the demo's slow pages) */
    }
  };
  // Eight at once: the slow pages (dripping bodies) wait side by side.
  for (let i = 0; i < paths.length; i += 8) await Promise.all(paths.slice(i, i + 8).map(one));
  expect(bodies.length).toBeGreaterThan(50);
  for (const { path, body, charset } of bodies) {
    // The 3 MB pages are checked below.
    if (body.length > 2_500_000) continue;
    const chunkings = body.length < 65_536 ? [[body.length + 1, 32_768], [1, 8]] as const : [[65_536, 32_768]] as const;
    for (const bodyLimit of [2_097_152, Math.floor(body.length / 2)]) expect(check({ body, charset, bodyLimit }, chunkings), `${path}, limit ${bodyLimit}`).toBeNull();
  }
}, 180_000);

describe('the demo site’s big pages', () => {
  it('the 3 MB page, cut at 2,097,152', () => {
    const body = bigPage().bytes as Uint8Array;
    let got!: ReturnType<typeof actual>;
    expect(check({ body, charset: 'utf-8', bodyLimit: 2_097_152 }, [[10_007, 65_536]], (a) => (got = a))).toBeNull();
    expect(got.bytes.links.total).toBe(2640);
    expect(got.bytes.firstPastCut).toMatchObject({ tag: 'section', id: 'past-cut', start: 2_119_320 });
  }, 60_000);

  it('a generated 2 MB page, cut at 1,000,000', () => {
    const html = [...generatedPage(2_097_152)].join('');
    const body = utf8(html);
    let got!: ReturnType<typeof actual>;
    expect(check({ body, charset: 'utf-8', bodyLimit: 1_000_000 }, [[65_536, 32_768]], (a) => (got = a))).toBeNull();
    // A link is lost when its start tag is not whole before the cut.
    const tags = [...html.matchAll(/<a href=[^>]*>/g)];
    expect(got.bytes.links).toMatchObject({ total: 1993, lost: tags.filter((m) => m.index + m[0].length > 1_000_000).length });
  }, 60_000);
});
