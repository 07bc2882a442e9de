/**
 * The refresh check of spec section 4: every 60 s (and when the tab becomes visible or the network
 * returns) it refreshes a token whose expiry has been reached. Only one tab refreshes at a time
 * (Web Locks), and each re-reads the cookies inside the lock, so rotation's reuse detection never
 * sees two tabs present the same refresh token. A refresh that fails for lack of network keeps the
 * session; only a 401 ends it.
 */
import { isApiError } from './ApiError.ts';
import { REFRESH_CHECK_INTERVAL_MS } from '../contract/service.ts';
import { isRefreshDue, readSession, storeRefreshed } from '../session/session.ts';

export const REFRESH_LOCK = 'pishkhan-token-refresh';

export type RefreshOutcome = 'fresh' | 'refreshed' | 'offline' | 'ended';

interface RefreshDeps {
  now: () => number;
  /** Called when the server refuses the refresh token (401): the session is over. */
  onSessionEnded: () => void;
}

function withLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, work) as Promise<T>) : work();
}

let inFlight: Promise<RefreshOutcome> | null = null;

/** Refreshes the token if it is due; concurrent callers in this tab share one attempt. */
export function refreshIfDue(deps: RefreshDeps): Promise<RefreshOutcome> {
  if (!isRefreshDue(readSession(), deps.now())) return Promise.resolve('fresh');
  inFlight ??= withLock(async (): Promise<RefreshOutcome> => {
    const session = readSession();
    // Another tab may have refreshed while this one waited for the lock.
    if (!isRefreshDue(session, deps.now()) || !session.refreshToken) return 'fresh';
    try {
      // Loaded here, not at start-up: a visitor with no session never needs the API client.
      const { refreshToken } = await import('./account.ts');
      storeRefreshed(await refreshToken(session.refreshToken), deps.now());
      return 'refreshed';
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        deps.onSessionEnded();
        return 'ended';
      }
      return 'offline';
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Starts the periodic check; answers a function that stops it. */
export function startRefreshCheck(deps: RefreshDeps, intervalMs = REFRESH_CHECK_INTERVAL_MS): () => void {
  const check = () => void refreshIfDue(deps);
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const timer = setInterval(check, intervalMs);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', check);
  check();
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', check);
  };
}
