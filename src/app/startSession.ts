/**
 * Wires the session into the API client: a due token is refreshed before an authenticated call,
 * a 401 clears every cookie and goes to the login page, and the periodic refresh check runs.
 */
import { navigate } from 'wouter/use-browser-location';
import { configureHttp } from '../api/httpHooks.ts';
import { paths } from '../contract/routes.ts';
import { refreshIfDue, startRefreshCheck } from '../api/refresh.ts';
import { clearSession, syncSessionFromCookies } from '../session/session.ts';

export function endSessionAndGoToLogin(): void {
  clearSession();
  if (location.pathname.toLowerCase() !== paths.auth.login.toLowerCase()) navigate(paths.auth.login, { replace: true });
}

export function startSession(): () => void {
  const deps = { now: () => Date.now(), onSessionEnded: endSessionAndGoToLogin };
  configureHttp({
    beforeAuthenticatedCall: async () => {
      await refreshIfDue(deps);
    },
    onUnauthorized: endSessionAndGoToLogin,
  });
  // Another tab may log in or out; look again when this one comes back to the front.
  const onVisible = () => document.visibilityState === 'visible' && syncSessionFromCookies();
  document.addEventListener('visibilitychange', onVisible);
  const stop = startRefreshCheck(deps);
  return () => {
    stop();
    document.removeEventListener('visibilitychange', onVisible);
  };
}
