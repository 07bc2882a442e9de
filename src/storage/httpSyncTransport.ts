/** The sync transport of the app: the API client, with its failures sorted by whether waiting helps. */
import { pullChanges, pushMutations } from '../api/panels.ts';
import { isApiError } from '../api/ApiError.ts';
import { readSession } from '../session/session.ts';
import { SyncTransportError, type SyncTransport } from './syncTransport.ts';
import { headersFor, httpSettings } from '../api/http.ts';
import { httpHooks } from '../api/httpHooks.ts';
import { syncEndpoints } from '../contract/sync.ts';
import { sseEvents, type LiveOpen } from './liveSync.ts';

function sorted(error: unknown): SyncTransportError {
  if (!isApiError(error)) return new SyncTransportError('offline', error instanceof Error ? error.message : String(error));
  if (error.kind !== 'http') return new SyncTransportError('offline', error.message);
  const status = error.status ?? 0;
  const kind = status >= 500 || status === 429 || status === 408 ? 'server' : 'refused';
  return new SyncTransportError(kind, error.message, error.code, status);
}

/**
 * The API client sends the panel of the panelCode cookie; a database must never sync into another
 * panel, so each call first checks that the cookie still names this database's panel.
 */
export function httpSyncTransport(panelCode: string): SyncTransport {
  const samePanel = () => {
    if (readSession().panelCode !== panelCode) throw new SyncTransportError('refused', 'The current panel changed.');
  };
  return {
    push: async (request) => {
      samePanel();
      return pushMutations(request).catch((error: unknown) => Promise.reject(sorted(error)));
    },
    pull: async (cursor, limit, snapshot) => {
      samePanel();
      return pullChanges(cursor, limit, snapshot).catch((error: unknown) => Promise.reject(sorted(error)));
    },
  };
}

/**
 * Opens the panel's live stream (decision 039) with the same bearer and panel header as every
 * call. A 4xx other than 408/429 is a refusal (signed out, not in the panel, an older server):
 * the stream is not tried again and the interval carries on.
 */
export function httpLiveOpen(panelCode: string): LiveOpen {
  return async (signal) => {
    if (readSession().panelCode !== panelCode) return { refused: 0 };
    if (readSession().token) await httpHooks.beforeAuthenticatedCall();
    const response = await fetch(`${httpSettings.baseUrl}${syncEndpoints.live.path}`, {
      headers: { ...headersFor(true), Accept: 'text/event-stream' },
      cache: 'no-store',
      signal,
    });
    if (response.status === 401) {
      httpHooks.onUnauthorized();
      return { refused: 401 };
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429)
      return { refused: response.status };
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    return sseEvents(response.body);
  };
}
