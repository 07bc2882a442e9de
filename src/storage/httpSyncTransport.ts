/** The sync transport of the app: the API client, with its failures sorted by whether waiting helps. */
import { pullChanges, pushMutations } from '../api/panels.ts';
import { isApiError } from '../api/ApiError.ts';
import { readSession } from '../session/session.ts';
import { SyncTransportError, type SyncTransport } from './syncTransport.ts';

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
    pull: async (cursor, limit) => {
      samePanel();
      return pullChanges(cursor, limit).catch((error: unknown) => Promise.reject(sorted(error)));
    },
  };
}
