import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce.ts';

/** Time passes on the fake clock: `ms` of it, every timer due within them run in order. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce', () => {
  it('runs once after a burst, with the last arguments', async () => {
    const calls: number[] = [];
    const debounced = debounce((n: number) => calls.push(n), 50);
    debounced(1);
    debounced(2);
    await sleep(20);
    debounced(3);
    expect(calls).toEqual([]);
    await sleep(80);
    expect(calls).toEqual([3]);
  });

  it('waits the default second when given no delay', async () => {
    const calls: number[] = [];
    const debounced = debounce((n: number) => calls.push(n));
    debounced(1);
    await sleep(900);
    expect(calls).toEqual([]);
    await sleep(250);
    expect(calls).toEqual([1]);
  });

  it('runs again for a later burst', async () => {
    const calls: string[] = [];
    const debounced = debounce((s: string) => calls.push(s), 20);
    debounced('a');
    await sleep(50);
    debounced('b');
    await sleep(50);
    expect(calls).toEqual(['a', 'b']);
  });

  it('never runs a cancelled call', async () => {
    const calls: number[] = [];
    const debounced = debounce(() => calls.push(1), 20);
    debounced();
    debounced.cancel();
    await sleep(50);
    expect(calls).toEqual([]);
  });
});
