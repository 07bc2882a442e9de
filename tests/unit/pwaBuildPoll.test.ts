import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_INTERVAL_MS, fetchLatestBuild, startBuildPoll, type LatestBuild } from '../../src/pwa/buildPoll.ts';

const HOUR = 3_600_000;
const other: LatestBuild = { id: '20261122T120000Z-bbbbbbb', time: '2026-11-22T12:00:00.000Z' };
const same: LatestBuild = { id: 'this-build', time: '2026-11-22T11:00:00.000Z' };

let stop: (() => void) | undefined;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the build poll', () => {
  it('polls every 3,600,000 ms, as the spec says', () => {
    expect(BUILD_POLL_INTERVAL_MS).toBe(HOUR);
  });

  it('asks for an update when latest.json names another build, on the hour and not before', async () => {
    const fetchLatest = vi.fn(async () => other);
    const onNewer = vi.fn();
    stop = startBuildPoll({ currentId: 'this-build', fetchLatest, onNewer });
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewer).toHaveBeenCalledWith(other);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });

  it('stays quiet while the deployed build is this one', async () => {
    const onNewer = vi.fn();
    stop = startBuildPoll({ currentId: 'this-build', fetchLatest: async () => same, onNewer });
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(onNewer).not.toHaveBeenCalled();
  });

  it('checks at once when the network comes back', async () => {
    const fetchLatest = vi.fn(async () => other);
    const onNewer = vi.fn();
    stop = startBuildPoll({ currentId: 'this-build', fetchLatest, onNewer });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(onNewer).toHaveBeenCalledTimes(1);
  });

  it('treats a failed read as nothing new and tries again at the next hour', async () => {
    const fetchLatest = vi
      .fn<() => Promise<LatestBuild | undefined>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(other);
    const onNewer = vi.fn();
    stop = startBuildPoll({ currentId: 'this-build', fetchLatest, onNewer });
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(onNewer).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(onNewer).toHaveBeenCalledWith(other);
  });

  it('stops polling and listening when stopped', async () => {
    const fetchLatest = vi.fn(async () => other);
    startBuildPoll({ currentId: 'this-build', fetchLatest, onNewer: () => {} })();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(fetchLatest).not.toHaveBeenCalled();
  });
});

describe('reading builds/latest.json', () => {
  it('asks past every cache and answers the id and time', async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify(other), { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchSpy);
    expect(await fetchLatestBuild()).toEqual(other);
    expect(fetchSpy).toHaveBeenCalledWith('/builds/latest.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('answers nothing for a missing file or one without an id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not found', { status: 404 })),
    );
    expect(await fetchLatestBuild()).toBeUndefined();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ time: 'x' }))),
    );
    expect(await fetchLatestBuild()).toBeUndefined();
  });
});
