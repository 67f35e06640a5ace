// The page-analysis script is injected into a tab only when the tab says it lacks it: once per
// document, shared by concurrent askers, never before each message (utils/messaging.ts sendToTab).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  loaded: new Set<number>(),
  injections: [] as number[],
  messages: [] as string[],
  injectFails: false,
}));

vi.mock('wxt/browser', async () => {
  const { PAGE_ANALYSIS_MISSING } = await import('../../../utils/protocol');
  const tick = () => new Promise((r) => setTimeout(r, 1));
  return {
    browser: {
      runtime: { id: 'ext', getURL: (p: string) => `chrome-extension://ext${p}` },
      scripting: {
        executeScript: async ({ target }: { target: { tabId: number } }) => {
          fake.injections.push(target.tabId);
          await tick();
          if (fake.injectFails) throw new Error('Cannot access contents of the page.');
          fake.loaded.add(target.tabId);
          return [{ result: undefined }];
        },
      },
      tabs: {
        sendMessage: async (tabId: number, msg: { type: string; data?: { where?: string } }) => {
          fake.messages.push(`${tabId}:${msg.type}`);
          await tick();
          if (msg.type === 'getPageFacts' || (msg.type === 'getIndexSignals' && msg.data?.where === 'live')) return { ok: true, value: 'content' };
          return fake.loaded.has(tabId) ? { ok: true, value: `analysis:${msg.type}` } : { ok: false, error: PAGE_ANALYSIS_MISSING };
        },
      },
    },
  };
});

const { sendToTab } = await import('../../../utils/messaging');

beforeEach(() => {
  fake.loaded.clear();
  fake.injections.length = 0;
  fake.messages.length = 0;
  fake.injectFails = false;
});

describe('sendToTab and the page-analysis script', () => {
  it('injects into a tab that lacks it, then asks again', async () => {
    expect(await sendToTab(1, 'structuredServed', { headerBytes: 0, limit: 2_097_152 })).toBe('analysis:structuredServed');
    expect(fake.injections).toEqual([1]);
    expect(fake.messages).toEqual(['1:structuredServed', '1:structuredServed']);
  });

  it('does not inject again into a tab that has it', async () => {
    fake.loaded.add(1);
    await sendToTab(1, 'bytesAnalyze', { headerBytes: 0, limit: 2_097_152 } as never);
    await sendToTab(1, 'getIndexSignals', { where: 'served', headerBytes: 0, limit: 2_097_152 });
    expect(fake.injections).toEqual([]);
    expect(fake.messages).toEqual(['1:bytesAnalyze', '1:getIndexSignals']);
  });

  it('injects once for three concurrent askers (the popup asks three things at once)', async () => {
    const got = await Promise.all([
      sendToTab(2, 'structuredServed', { headerBytes: 10, limit: 2_097_152 }),
      sendToTab(2, 'getIndexSignals', { where: 'served', headerBytes: 10, limit: 2_097_152 }),
      sendToTab(2, 'bytesResources', {} as never),
    ]);
    expect(got).toEqual(['analysis:structuredServed', 'analysis:getIndexSignals', 'analysis:bytesResources']);
    expect(fake.injections).toEqual([2]);
  });

  it('injects again after the tab lost the script (reloaded)', async () => {
    await sendToTab(3, 'getComposedHtml', {});
    fake.loaded.delete(3);
    await sendToTab(3, 'getComposedHtml', {});
    expect(fake.injections).toEqual([3, 3]);
  });

  it('never injects for a message the content script answers itself', async () => {
    expect(await sendToTab(4, 'getIndexSignals', { where: 'live' })).toBe('content');
    expect(await sendToTab(4, 'getPageFacts', {})).toBe('content');
    expect(fake.injections).toEqual([]);
  });

  it('says why when the script cannot be injected', async () => {
    fake.injectFails = true;
    await expect(sendToTab(5, 'structuredServed', { headerBytes: 0, limit: 2_097_152 })).rejects.toThrow('Cannot access contents of the page.');
    fake.injectFails = false;
    // The failed injection is forgotten: the next ask tries again.
    expect(await sendToTab(5, 'structuredServed', { headerBytes: 0, limit: 2_097_152 })).toBe('analysis:structuredServed');
    expect(fake.injections).toEqual([5, 5]);
  });
});
