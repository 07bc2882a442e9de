import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { untilDone } from '../../src/pwa/startPwa.ts';

function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  if (online) window.dispatchEvent(new Event('online'));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  setOnline(true);
});

describe('registering the service worker on a weak link', () => {
  it('tries again after 5 s, then after waits that double, until it works, and then stops', async () => {
    let failures = 3;
    const attempt = vi.fn(() => (failures-- > 0 ? Promise.reject(new Error('no link')) : Promise.resolve()));
    untilDone(attempt);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempt).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  it('waits no longer than 5 minutes between tries', async () => {
    const attempt = vi.fn(() => Promise.reject(new Error('no link')));
    untilDone(attempt, 4 * 60_000);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('offline, waits for the network and tries once it is back, without waiting out its timer', async () => {
    setOnline(false);
    let failures = 1;
    const attempt = vi.fn(() => (failures-- > 0 ? Promise.reject(new Error('offline')) : Promise.resolve()));
    untilDone(attempt);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(1);
    setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(attempt).toHaveBeenCalledTimes(2);
  });
});
