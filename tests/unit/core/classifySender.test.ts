// Who sent a message, and what it may ask: every allowed sender and every refusal, with the exact
// error the sender gets back. The senders are shaped as Chromium and Firefox report them
// (measured: a content script's url is the web page's, with tab and frameId; one of our pages in a
// tab has tab set and our own address; the service worker has neither tab nor frameId).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifySender, type SenderLike } from '../../../lib/core/classifySender';
import { senderRefusal } from '../../../lib/core/senderRefusal';
import { BACKGROUND_SENDERS, CONTENT_SENDERS, type BackgroundMessageType } from '../../../utils/protocol';

const ID = 'imfflgigblnihbbbjkmdbmaeejagpcfg';
const ORIGIN = `chrome-extension://${ID}`;
const FF_ID = 'crawlscope@crawlscope.dev';
const FF_ORIGIN = 'moz-extension://0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const TAB = { id: 1444751554 };
const WEB = 'http://127.0.0.1:39539/indexability/indexable.html';

const chrome = (s: SenderLike) => classifySender(s, ID, ORIGIN);
const firefox = (s: SenderLike) => classifySender(s, FF_ID, FF_ORIGIN);

describe('classifySender: our own senders', () => {
  it('the service worker (Chromium): our address, no tab → page', () => {
    expect(chrome({ id: ID, url: `${ORIGIN}/background.js`, origin: ORIGIN })).toEqual({ ok: true, kind: 'page' });
  });
  it('the toolbar popup and the options page → page', () => {
    expect(chrome({ id: ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN })).toEqual({ ok: true, kind: 'page' });
    expect(chrome({ id: ID, url: `${ORIGIN}/options.html`, origin: ORIGIN })).toEqual({ ok: true, kind: 'page' });
  });
  it('one of our pages opened in a tab (popup.html?tab=…, sitecheck.html, compare.html): tab and frameId set, yet a page', () => {
    for (const p of ['popup.html?tab=7', 'sitecheck.html?site=http%3A%2F%2Fa.example', 'compare.html?url=x', 'verify.html', 'robots-sandbox.html?url=x']) {
      expect(chrome({ id: ID, url: `${ORIGIN}/${p}`, origin: ORIGIN, tab: TAB, frameId: 0 })).toEqual({ ok: true, kind: 'page' });
    }
  });
  it('Firefox: the event page and a page in a tab (moz-extension://, no origin field) → page', () => {
    expect(firefox({ id: FF_ID, url: `${FF_ORIGIN}/_generated_background_page.html` })).toEqual({ ok: true, kind: 'page' });
    expect(firefox({ id: FF_ID, url: `${FF_ORIGIN}/popup.html?tab=3`, tab: { id: 3 }, frameId: 0 })).toEqual({ ok: true, kind: 'page' });
  });
  it('our origin given with a trailing slash (runtime.getURL("/")) is the same origin', () => {
    expect(classifySender({ id: ID, url: `${ORIGIN}/popup.html` }, ID, `${ORIGIN}/`)).toEqual({ ok: true, kind: 'page' });
  });
  it('the content script in the top frame of a tab (Chromium and Firefox) → content', () => {
    expect(chrome({ id: ID, url: WEB, origin: 'http://127.0.0.1:39539', tab: TAB, frameId: 0 })).toEqual({ ok: true, kind: 'content' });
    expect(firefox({ id: FF_ID, url: 'https://shop.example/p', tab: { id: 9 }, frameId: 0 })).toEqual({ ok: true, kind: 'content' });
  });
  it('a sender with only an origin (no url) is placed by its origin', () => {
    expect(chrome({ id: ID, origin: ORIGIN })).toEqual({ ok: true, kind: 'page' });
  });
});

describe('classifySender: refusals', () => {
  it('another extension (its own id), even with our address', () => {
    expect(chrome({ id: 'otherextensionidotherextensionid', url: 'chrome-extension://otherextensionidotherextensionid/bg.js' })).toEqual({ ok: false, why: 'otherExtension' });
    expect(chrome({ id: 'otherextensionidotherextensionid', url: `${ORIGIN}/popup.html` })).toEqual({ ok: false, why: 'otherExtension' });
    expect(firefox({ id: 'helper@other.example', url: WEB, tab: TAB, frameId: 0 })).toEqual({ ok: false, why: 'otherExtension' });
  });
  it('no extension id (e.g. a web page through externally_connectable), or an empty one', () => {
    expect(chrome({ url: WEB, tab: TAB, frameId: 0 })).toEqual({ ok: false, why: 'noId' });
    expect(chrome({ id: '', url: `${ORIGIN}/popup.html` })).toEqual({ ok: false, why: 'noId' });
  });
  it("our id with another extension's page address", () => {
    expect(chrome({ id: ID, url: 'chrome-extension://otherextensionidotherextensionid/page.html' })).toEqual({ ok: false, why: 'foreignPage' });
    expect(firefox({ id: FF_ID, url: 'moz-extension://ffffffff-0000-4000-8000-000000000000/page.html', tab: TAB, frameId: 0 })).toEqual({ ok: false, why: 'foreignPage' });
  });
  it('an address that only starts like ours (a longer id) is not ours', () => {
    expect(chrome({ id: ID, url: `${ORIGIN}x/popup.html` })).toEqual({ ok: false, why: 'foreignPage' });
  });
  it('our address, but an origin field that disagrees', () => {
    expect(chrome({ id: ID, url: `${ORIGIN}/popup.html`, origin: 'https://evil.example' })).toEqual({ ok: false, why: 'foreignPage' });
  });
  it('our id and no address at all: a context that cannot be placed', () => {
    expect(chrome({ id: ID })).toEqual({ ok: false, why: 'noUrl' });
    expect(chrome({ id: ID, tab: TAB, frameId: 0 })).toEqual({ ok: false, why: 'noUrl' });
  });
  it('a web page address outside any tab', () => {
    expect(chrome({ id: ID, url: WEB })).toEqual({ ok: false, why: 'noTab' });
    expect(chrome({ id: ID, url: WEB, tab: {}, frameId: 0 })).toEqual({ ok: false, why: 'noTab' });
  });
  it('a content script in a frame that is not the top frame (ours runs only there), or with no frame id', () => {
    expect(chrome({ id: ID, url: 'https://ads.example/frame.html', tab: TAB, frameId: 12 })).toEqual({ ok: false, why: 'subframe' });
    expect(chrome({ id: ID, url: WEB, tab: TAB })).toEqual({ ok: false, why: 'subframe' });
  });
});

const CONTENT = { ok: true, kind: 'content' } as const;
const PAGE = { ok: true, kind: 'page' } as const;
const PAGE_ONLY = (Object.keys(BACKGROUND_SENDERS) as BackgroundMessageType[]).filter((k) => !BACKGROUND_SENDERS[k].includes('content'));

describe('senderRefusal: what each sender may ask', () => {
  it('a content script asking for any page-only message is refused, by name, for each of them', () => {
    expect(PAGE_ONLY).toEqual([
      'getTabSnapshot', 'awaitRecord', 'fetchPageResponse', 'bytesMeasureResources', 'probeCaching', 'showVerdictBadge',
      'checkCanonicalTarget', 'getRobots', 'compareAgents', 'getCompareSummary', 'renderStart', 'renderStatus', 'renderCancel', 'getRenderResult',
      'fetchAsCrawlers', 'getLlmsTxt', 'checkLlmsLinks',
    ]);
    for (const type of PAGE_ONLY) {
      expect(senderRefusal(type, BACKGROUND_SENDERS[type], CONTENT)).toBe(
        `Refused: "${type}" may only be sent from Crawlscope's own pages; this came from a content script.`,
      );
    }
  });
  it('the content script may ask for bytesFetchDocument, and so may our pages; it may push a render\'s view (renderView), which nothing else may; our pages may ask for everything else', () => {
    expect(senderRefusal('bytesFetchDocument', BACKGROUND_SENDERS.bytesFetchDocument, CONTENT)).toBeNull();
    expect(senderRefusal('renderView', BACKGROUND_SENDERS.renderView, CONTENT)).toBeNull();
    expect(senderRefusal('renderView', BACKGROUND_SENDERS.renderView, PAGE)).toBe(`Refused: "renderView" may only be sent from Crawlscope's content script; this came from one of Crawlscope's own pages.`);
    for (const type of Object.keys(BACKGROUND_SENDERS) as BackgroundMessageType[]) if (type !== 'renderView') expect(senderRefusal(type, BACKGROUND_SENDERS[type], PAGE)).toBeNull();
  });
  it('the content script answers our pages (and the background) only', () => {
    for (const [type, allowed] of Object.entries(CONTENT_SENDERS)) {
      expect(allowed).toEqual(['page']);
      expect(senderRefusal(type, allowed, PAGE)).toBeNull();
      expect(senderRefusal(type, allowed, CONTENT)).toBe(`Refused: "${type}" may only be sent from Crawlscope's own pages; this came from a content script.`);
    }
  });
  it('each refused sender gets a clear error, whatever it asks', () => {
    const allowed = BACKGROUND_SENDERS.bytesFetchDocument;
    const said = (why: Parameters<typeof senderRefusal>[2]) => senderRefusal('bytesFetchDocument', allowed, why);
    const head = `Refused: "bytesFetchDocument" may only be sent from Crawlscope's own pages or its content script; this came from`;
    expect(said({ ok: false, why: 'otherExtension' })).toBe(`${head} another extension.`);
    expect(said({ ok: false, why: 'noId' })).toBe(`${head} a sender without an extension id.`);
    expect(said({ ok: false, why: 'foreignPage' })).toBe(`${head} another extension's page.`);
    expect(said({ ok: false, why: 'noUrl' })).toBe(`${head} a context without an address.`);
    expect(said({ ok: false, why: 'noTab' })).toBe(`${head} a web page outside any tab.`);
    expect(said({ ok: false, why: 'subframe' })).toBe(`${head} a frame that is not the top frame of its tab.`);
    expect(senderRefusal('compareAgents', ['content'], PAGE)).toBe(`Refused: "compareAgents" may only be sent from Crawlscope's content script; this came from one of Crawlscope's own pages.`);
    expect(senderRefusal('x', [], PAGE)).toBe(`Refused: "x" may only be sent from nowhere; this came from one of Crawlscope's own pages.`);
  });
});

describe('BACKGROUND_SENDERS matches what each side sends (least privilege)', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');
  const walk = (d: string): string[] =>
    fs.readdirSync(path.join(repo, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(d, e.name)] : []));
  const sent = (files: string[]) =>
    new Set(files.flatMap((f) => [...fs.readFileSync(path.join(repo, f), 'utf8').matchAll(/\b(?:sendToBackground|toBackground)\(\s*'(\w+)'/g)].map((m) => m[1]!)));
  const all = walk('entrypoints');
  const contentSide = all.filter((f) => /^entrypoints[\\/](content|page-analysis)[\\/]/.test(f));

  it('content scripts may send exactly what they send; pages send only what pages may send', () => {
    const fromContent = sent(contentSide);
    expect([...fromContent].sort()).toEqual(['bytesFetchDocument', 'renderView']);
    const mayContent = (Object.keys(BACKGROUND_SENDERS) as BackgroundMessageType[]).filter((k) => BACKGROUND_SENDERS[k].includes('content'));
    expect(mayContent.sort()).toEqual([...fromContent].sort());
    const fromPages = sent(all.filter((f) => !contentSide.includes(f)));
    expect(fromPages.size).toBeGreaterThan(10);
    for (const type of fromPages) expect(BACKGROUND_SENDERS[type as BackgroundMessageType], type).toContain('page');
  });

  it('a message without an entry is a type error', () => {
    // @ts-expect-error every BackgroundProtocol message needs its senders
    const partial: typeof BACKGROUND_SENDERS = { getTabSnapshot: ['page'] };
    expect(Object.keys(partial)).toEqual(['getTabSnapshot']);
  });
});
