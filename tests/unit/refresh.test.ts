import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpSettings } from '../../src/api/http.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { ACCESS_TOKEN_TTL_MS, REFRESH_CHECK_INTERVAL_MS } from '../../src/contract/service.ts';
import { REFRESH_LOCK, refreshIfDue, startRefreshCheck } from '../../src/api/refresh.ts';
import { readSession, storeLogin, storeRefreshed } from '../../src/session/session.ts';
import { envelope, failure, fakeApi, type FakeApi } from './fakeApi.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const refreshed = { access_token: 'access-2', refresh_token: 'refresh-2' };

/**
 * Web Locks as two tabs see them: one holder at a time per name, the rest wait in order. jsdom has
 * no navigator.locks; Chromium's behaves like this.
 */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const requested: string[] = [];
  const locks = {
    request: (name: string, work: () => Promise<unknown>) => {
      requested.push(name);
      const run = tail.then(() => work());
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return { locks, requested };
}

let api: FakeApi;
let ended: ReturnType<typeof vi.fn>;
const deps = () => ({ now: () => Date.now(), onSessionEnded: ended as unknown as () => void });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  api = fakeApi();
  ended = vi.fn();
  httpSettings.retryBaseDelayMs = 1;
});

afterEach(() => {
  vi.useRealTimers();
  delete (navigator as { locks?: unknown }).locks;
});

describe('the refresh check', () => {
  it('runs every 60 seconds and refreshes once the expiry is reached, replacing both tokens', async () => {
    installLocks();
    api.on('PUT', endpoints.refreshToken.path, envelope(refreshed));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'password', NOW);
    const stop = startRefreshCheck(deps());
    expect(REFRESH_CHECK_INTERVAL_MS).toBe(60_000);
    for (let minute = 1; minute < 10; minute++) await vi.advanceTimersByTimeAsync(60_000);
    expect(api.callsTo('PUT', endpoints.refreshToken.path)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    // The refresh loads the API client on demand; wait for that import, not for another minute.
    await vi.waitFor(() => expect(readSession().token).toBe('access-2'));
    const calls = api.callsTo('PUT', endpoints.refreshToken.path);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(readSession()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    // Ten minutes after the refresh, which happened at the tenth check (give or take the wait above).
    expect(readSession().tokenExpiry! - (NOW + 10 * 60_000 + ACCESS_TOKEN_TTL_MS)).toBeGreaterThanOrEqual(0);
    expect(readSession().tokenExpiry! - (NOW + 10 * 60_000 + ACCESS_TOKEN_TTL_MS)).toBeLessThan(1000);
    stop();
  });

  it('checks again when the tab becomes visible and when the network returns', async () => {
    installLocks();
    api.on('PUT', endpoints.refreshToken.path, envelope(refreshed), envelope({ access_token: 'access-3', refresh_token: 'refresh-3' }));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'password', NOW);
    const stop = startRefreshCheck(deps());
    vi.setSystemTime(NOW + ACCESS_TOKEN_TTL_MS + 1);
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(readSession().token).toBe('access-2'));
    vi.setSystemTime(NOW + 3 * ACCESS_TOKEN_TTL_MS);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(readSession().token).toBe('access-3'));
    expect(api.callsTo('PUT', endpoints.refreshToken.path)).toHaveLength(2);
    stop();
  });

  it('refreshes in one tab at a time: a tab that waited for the lock finds fresh tokens and sends nothing', async () => {
    const { locks, requested } = installLocks();
    api.on('PUT', endpoints.refreshToken.path, envelope(refreshed));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'mobileCode', NOW);
    // Another tab holds the lock and refreshes first (it shares the cookies).
    let release!: () => void;
    const otherTab = locks.request(REFRESH_LOCK, () => new Promise<void>((resolve) => (release = resolve)));
    const ours = refreshIfDue(deps());
    await vi.advanceTimersByTimeAsync(0);
    storeRefreshed({ access_token: 'from-other-tab', refresh_token: 'other-refresh' }, Date.now());
    release();
    await otherTab;
    expect(await ours).toBe('fresh');
    expect(requested).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
    expect(api.callsTo('PUT', endpoints.refreshToken.path)).toHaveLength(0);
    expect(readSession().token).toBe('from-other-tab');
  });

  it('sends one refresh for calls that find the token due at the same moment', async () => {
    installLocks();
    api.on('PUT', endpoints.refreshToken.path, envelope(refreshed));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'signUp', NOW);
    const outcomes = await Promise.all([refreshIfDue(deps()), refreshIfDue(deps()), refreshIfDue(deps())]);
    expect(outcomes).toEqual(['refreshed', 'refreshed', 'refreshed']);
    expect(api.callsTo('PUT', endpoints.refreshToken.path)).toHaveLength(1);
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    installLocks();
    api.on('PUT', endpoints.refreshToken.path, new TypeError('Failed to fetch'));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'mobileCode', NOW);
    expect(await refreshIfDue(deps())).toBe('offline');
    expect(readSession()).toMatchObject({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(ended).not.toHaveBeenCalled();
  });

  it('keeps the session when the server answers 503, and ends it on 401', async () => {
    installLocks();
    api.on('PUT', endpoints.refreshToken.path, failure(503, 9402), failure(401, 9401));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'mobileCode', NOW);
    expect(await refreshIfDue(deps())).toBe('offline');
    expect(ended).not.toHaveBeenCalled();
    expect(await refreshIfDue(deps())).toBe('ended');
    expect(ended).toHaveBeenCalledOnce();
  });

  it('works without Web Locks (older browsers) by refreshing in this tab', async () => {
    api.on('PUT', endpoints.refreshToken.path, envelope(refreshed));
    storeLogin({ access_token: 'access-1', refresh_token: 'refresh-1' }, 'sara', 'mobileCode', NOW);
    expect(await refreshIfDue(deps())).toBe('refreshed');
  });
});
