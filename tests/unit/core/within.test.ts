import { describe, expect, it } from 'vitest';
import { TimeoutError, within } from '../../../lib/core/within';

describe('within: a promise with a time limit', () => {
  it('settles as the promise does when it is in time', async () => {
    await expect(within(Promise.resolve(7), 50)).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('no')), 50)).rejects.toThrow('no');
  });
  it('rejects with a TimeoutError when the promise does not settle in time', async () => {
    const never = new Promise<never>(() => undefined);
    const err = await within(never, 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as Error).message).toBe('timeout after 10 ms');
  });
  it('a negative limit is no time at all', async () => {
    await expect(within(new Promise(() => undefined), -5)).rejects.toBeInstanceOf(TimeoutError);
  });
});
