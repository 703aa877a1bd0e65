import { afterEach, describe, expect, it, vi } from 'vitest';
import { setContainerSource } from '../src/container';
import { memoised } from '../src/memoised';

afterEach(() => {
  vi.useRealTimers();
  setContainerSource(() => undefined);
});

describe('memoised', () => {
  it('loads once for every caller, including those that arrive while it is loading', async () => {
    const load = vi.fn(async () => 'value');
    const value = memoised(load);
    expect(await Promise.all([value(), value()])).toEqual(['value', 'value']);
    expect(await value()).toBe('value');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so that the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValueOnce('value');
    const value = memoised(load);
    await expect(value()).rejects.toThrow('throttled');
    expect(await value()).toBe('value');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads again once the value is older than its maximum age', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let version = 0;
    const value = memoised(async () => ++version, { maxAgeMs: 1000 });
    expect(await value()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(await value()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await value()).toBe(2);
  });

  it('keeps a value per container: one loaded for another function is not handed out', async () => {
    const first = {};
    const second = {};
    let container = first;
    setContainerSource(() => container);
    let loads = 0;
    const value = memoised(async () => ++loads);
    expect(await value()).toBe(1);
    container = second;
    expect(await value()).toBe(2);
    container = first;
    expect(await value()).toBe(1);
  });
});
