// The render on the command line: the system Chromium (as the tests find it: $CHROMIUM_PATH or
// Debian's /usr/bin/chromium) driven through puppeteer-core, with the same lib/render driver the
// extension uses over chrome.debugger — a fresh, empty profile per run, so nothing of anyone's
// browser is read or written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { createRobotsReader, googlebotUserAgent, type RobotsReader } from '../lib/crawl';
import { engineFromUserAgent, renderCompared, renderWithCdp, visitorUserAgent, type CdpSession, type RenderAgent, type RenderOutput, type RenderPass } from '../lib/render';
import { nodeFetchHop } from './nodeFetchHop';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The Chromium to drive, or an error that says how to get one. */
export function findChromium(): string {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!fs.existsSync(given)) throw new Error(`CHROMIUM_PATH points to ${given}, which does not exist.`);
    return given;
  }
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (!found) throw new Error('No Chromium found. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.');
  return found;
}

export interface CliRenderOptions {
  url: string;
  agent: RenderAgent;
  chromeVersion?: string;
  force?: boolean;
  timeLimitMs?: number;
  screenshot?: boolean;
  signal?: AbortSignal;
  /** robots.txt as Googlebot, shared by many renders (a site check's); else one reader per render. */
  robots?: RobotsReader;
}

/** A headless Chromium with a fresh, empty profile, for one render or many (a site check's --render). */
export interface RenderBrowser {
  /** Googlebot's render beside a visitor's (and experiments), each in a browser context of its own: no cookie or storage of one render reaches another. */
  render(opts: CliRenderOptions): Promise<RenderOutput>;
  close(): Promise<void>;
}

export async function launchRenderBrowser(): Promise<RenderBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlscope-render-'));
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: findChromium(),
      headless: true,
      userDataDir: profile,
      defaultViewport: null,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-gpu', '--disable-quic'],
    });
  } catch (err) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw err;
  }
  const b = browser;
  const fetchHop = nodeFetchHop();
  const engine = engineFromUserAgent(await b.version());
  /** One render (Googlebot's, a visitor's or an experiment's), in a browser context of its own. */
  const runPass: RenderPass = async (passOpts) => {
    const context = await b.createBrowserContext();
    try {
      const page = await context.newPage();
      // A window the page opens all the same (the shim answers window.open with null; a link
      // with a target does not go through it) is closed at once, and counted.
      let windowsClosed = 0;
      context.on('targetcreated', (t) => {
        if (t.opener() !== page.target()) return;
        windowsClosed++;
        void t.page().then((p) => p?.close()).catch(() => undefined);
      });
      const session = await page.createCDPSession();
      const cdp: CdpSession = {
        send: (method, params) => session.send(method as never, params as never) as never,
        on: (event, handler) => {
          session.on(event as never, handler as never);
          return () => void session.off(event as never, handler as never);
        },
      };
      const out = await renderWithCdp(cdp, passOpts);
      out.result.page.windowsClosed += windowsClosed;
      return out;
    } finally {
      await context.close().catch(() => undefined);
    }
  };
  return {
    async render(opts) {
      const userAgent = googlebotUserAgent(opts.agent === 'smartphone' ? 'mobile' : 'desktop', opts.chromeVersion);
      return renderCompared({
        url: opts.url,
        agent: opts.agent,
        userAgent,
        visitorUserAgent: visitorUserAgent(opts.agent, engine),
        fetchHop,
        robots: opts.robots ?? createRobotsReader({ fetchHop, userAgent: () => userAgent }),
        browser: null,
        force: opts.force,
        timeLimitMs: opts.timeLimitMs,
        screenshot: opts.screenshot,
        signal: opts.signal,
        runPass,
      });
    },
    async close() {
      await b.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One render of `url` as Googlebot in a headless Chromium of its own. */
export async function renderInChromium(opts: CliRenderOptions): Promise<RenderOutput> {
  const browser = await launchRenderBrowser();
  try {
    return await browser.render(opts);
  } finally {
    await browser.close();
  }
}
