import { browser, type Browser } from 'wxt/browser';
import { BACKGROUND_SENDERS, CONTENT_SENDERS, isEnvelope, PAGE_ANALYSIS_MISSING, type BackgroundProtocol, type ContentProtocol, type Envelope, type Reply } from './protocol';
import { classifySender, senderRefusal, type SenderKind } from '../lib/core';

type Handlers<P> = {
  [K in keyof P]: (
    data: P[K] extends { req: infer Q } ? Q : never,
    sender: Browser.runtime.MessageSender,
  ) => Promise<P[K] extends { res: infer R } ? R : never> | (P[K] extends { res: infer R } ? R : never);
};

/** The built file of entrypoints/page-analysis/ (the heavy analyses, injected only when asked). */
export const PAGE_ANALYSIS_FILE = '/page-analysis.js';
/** Does this content message need the page-analysis script in the tab first? */
export function needsPageAnalysis<K extends keyof ContentProtocol>(type: K, data: ContentProtocol[K]['req']): boolean {
  if (type === 'bytesAnalyze' || type === 'bytesOverlay' || type === 'bytesResources' || type === 'getComposedHtml' || type === 'structuredServed') return true;
  return type === 'getIndexSignals' && (data as { where?: string }).where === 'served';
}

function unwrap<R>(reply: Reply<R> | undefined, type: string): R {
  if (!reply) throw new Error(`No answer to "${type}"`);
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

/** Ask the background worker. */
export async function sendToBackground<K extends keyof BackgroundProtocol>(
  type: K,
  data: BackgroundProtocol[K]['req'],
): Promise<BackgroundProtocol[K]['res']> {
  const msg: Envelope<K, BackgroundProtocol[K]['req']> = { crawlscope: 1, type, data };
  const reply = (await browser.runtime.sendMessage(msg)) as Reply<BackgroundProtocol[K]['res']>;
  return unwrap(reply, type);
}

/** Injections of the page-analysis script under way, by tab: concurrent askers share one. */
const injecting = new Map<number, Promise<unknown>>();

/**
 * The page-analysis script into the tab. injectImmediately: a document that never finishes
 * loading (a body that streams for ever) never reaches document_idle, and the analysis must not
 * wait for it.
 */
function injectPageAnalysis(tabId: number): Promise<unknown> {
  let got = injecting.get(tabId);
  if (!got) {
    got = browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [PAGE_ANALYSIS_FILE], injectImmediately: true }).finally(() => injecting.delete(tabId));
    injecting.set(tabId, got);
  }
  return got;
}

/**
 * Ask the content script of one tab (top frame only). A message for the page-analysis script is
 * sent first as it is: the script stays in the tab once injected, and only a tab that answers
 * PAGE_ANALYSIS_MISSING (never analysed, or reloaded since) gets it injected, then is asked again.
 * Injecting it before every message made the tab compile and run its 165 kB again each time —
 * three times per popup (served signals, structured data, byte budget).
 */
export async function sendToTab<K extends keyof ContentProtocol>(
  tabId: number,
  type: K,
  data: ContentProtocol[K]['req'],
): Promise<ContentProtocol[K]['res']> {
  const msg: Envelope<K, ContentProtocol[K]['req']> = { crawlscope: 1, type, data };
  const ask = async () => (await browser.tabs.sendMessage(tabId, msg, { frameId: 0 })) as Reply<ContentProtocol[K]['res']> | undefined;
  if (!needsPageAnalysis(type, data)) return unwrap(await ask(), type);
  await injecting.get(tabId)?.catch(() => undefined);
  let reply = await ask();
  if (reply && !reply.ok && reply.error === PAGE_ANALYSIS_MISSING) {
    await injectPageAnalysis(tabId);
    reply = await ask();
  }
  return unwrap(reply, type);
}

const ANY_OF_OURS: readonly SenderKind[] = ['page', 'content'];

/** Our documents' origin, "chrome-extension://<id>" / "moz-extension://<uuid>". */
const ourOrigin = () => browser.runtime.getURL('/').replace(/\/+$/, '');

/**
 * One listener for a handler map. Every message in Crawlscope's envelope gets an answer: the
 * handler's value or error; "Refused: …" when its sender may not send it (`senders`, checked with
 * classifySender before any handler runs); "Unknown message" for a type this side does not answer.
 * Anything that is not our envelope is left to other listeners.
 */
function listen<P>(
  handlers: Handlers<P>,
  senders: { readonly [K in keyof P]: readonly SenderKind[] },
): (msg: unknown, sender: Browser.runtime.MessageSender) => Promise<Reply<unknown>> | undefined {
  return (msg, sender) => {
    if (!isEnvelope(msg)) return undefined;
    const refuse = (error: string) => Promise.resolve({ ok: false as const, error });
    const type = msg.type.slice(0, 100);
    const from = classifySender(sender, browser.runtime.id, ourOrigin());
    const handler = Object.hasOwn(handlers, msg.type)
      ? (handlers as Record<string, (d: unknown, s: Browser.runtime.MessageSender) => unknown>)[msg.type]
      : undefined;
    // A sender that is none of ours is refused whatever it asks (it learns nothing of which types exist).
    const allowed: readonly SenderKind[] = handler ? (senders as Record<string, readonly SenderKind[]>)[msg.type]! : ANY_OF_OURS;
    const refusal = senderRefusal(type, allowed, from);
    if (refusal !== null) return refuse(refusal);
    if (!handler) return refuse(`Unknown message "${type}"`);
    return Promise.resolve()
      .then(() => handler(msg.data, sender))
      .then(
        (value) => ({ ok: true as const, value }),
        (err: unknown) => ({ ok: false as const, error: err instanceof Error ? err.message : String(err) }),
      );
  };
}

/** Register every background handler; call once, synchronously, at the worker's top level. */
export function registerBackgroundHandlers(handlers: Handlers<BackgroundProtocol>): void {
  browser.runtime.onMessage.addListener(listen(handlers, BACKGROUND_SENDERS) as never);
}

/** Register the content script's handlers; returns the remover (tie it to the script's context). */
export function registerContentHandlers(handlers: Handlers<ContentProtocol>): () => void {
  const fn = listen(handlers, CONTENT_SENDERS) as never;
  browser.runtime.onMessage.addListener(fn);
  return () => browser.runtime.onMessage.removeListener(fn);
}
