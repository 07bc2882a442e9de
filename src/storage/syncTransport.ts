/**
 * How the sync engine reaches the server: push and pull, nothing else. The app passes the HTTP
 * transport; tests pass the server in-process behind a fault-injecting network.
 */
import type { PullResponse, PushRequest, PushResponse } from '../contract/sync.ts';

export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  /**
   * A page of changes after `cursor`; with `snapshot` (cursor 0, '' to start, then the token the
   * last page gave), a page of the first sync's snapshot (decision 051).
   */
  pull(cursor: number, limit: number, snapshot?: string): Promise<PullResponse>;
}

/**
 * Why a sync call failed. `offline` (no answer, a timeout) and `server` (5xx, 429) are worth
 * retrying soon; `refused` (any other 4xx: no access to the panel, a malformed request) is not
 * going to change by itself, so it is retried only at the longest backoff.
 */
export type SyncFailureKind = 'offline' | 'server' | 'refused';

export class SyncTransportError extends Error {
  override name = 'SyncTransportError';
  constructor(
    readonly kind: SyncFailureKind,
    message: string,
    readonly code?: number,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function failureKindOf(error: unknown): SyncFailureKind {
  return error instanceof SyncTransportError ? error.kind : 'offline';
}
