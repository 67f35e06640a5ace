import { describe, expect, it } from 'vitest';
import { initialRenderState, parseRenderUrl, renderReducer } from '../../../entrypoints/render/renderState';
import type { RenderJobState } from '../../../utils/protocol';

const job = (id: string, state: 'running' | 'done'): RenderJobState => ({ id, state, phase: 'rendering', requests: 3, inFlight: 1, elapsedMs: 900, timeLimitMs: 20_000, result: null, screenshot: null });

describe('the render page’s state', () => {
  it('a typed URL: only http(s), fragment dropped', () => {
    expect(parseRenderUrl(' https://a.example/p?q=1#x ')).toBe('https://a.example/p?q=1');
    expect(parseRenderUrl('ftp://a.example/')).toBeNull();
    expect(parseRenderUrl('not a url')).toBeNull();
  });

  it('starting, started, progress, done — and a stale answer of an older render changes nothing', () => {
    let s = initialRenderState({ tabId: null, url: 'https://a.example/', agent: 'smartphone', timeLimitSec: null });
    s = renderReducer(s, { type: 'starting' });
    expect(s.phase).toBe('starting');
    s = renderReducer(s, { type: 'started', id: 'b' });
    expect(s).toMatchObject({ phase: 'running', jobId: 'b' });
    expect(renderReducer(s, { type: 'progress', job: job('a', 'done') })).toBe(s);
    s = renderReducer(s, { type: 'progress', job: job('b', 'running') });
    expect(s.phase).toBe('running');
    s = renderReducer(s, { type: 'progress', job: job('b', 'done') });
    expect(s.phase).toBe('done');
  });

  it('a bad URL is said, and cleared by the next edit; a failure ends the render with its error', () => {
    let s = initialRenderState({ tabId: null, url: 'x', agent: 'desktop', timeLimitSec: 5 });
    s = renderReducer(s, { type: 'badUrl', url: 'x' });
    expect(s.inputError).toBe('x');
    s = renderReducer(s, { type: 'set', url: 'https://a.example/' });
    expect(s.inputError).toBeNull();
    s = renderReducer(s, { type: 'failed', error: 'boom' });
    expect(s).toMatchObject({ phase: 'done', error: 'boom' });
  });
});
