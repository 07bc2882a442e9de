import type { Envelope } from '../contract/envelope.ts';

/** The spec's fetch-timeout message (spec section 8), kept word for word. */
export const TIMEOUT_MESSAGE = 'The operation was aborted due to timeout';

/**
 * A failed call. `kind` says how far it got: the server answered with an error (`http`, with its
 * status and, when it sent the envelope, a catalogue code), nothing answered (`network`), or the
 * call ran out of time (`timeout`).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly kind: 'http' | 'network' | 'timeout',
    message: string,
    readonly status?: number,
    readonly code?: number,
    readonly envelope?: Envelope,
    readonly retryAfterSeconds?: number,
    /** The language the call asked the server to answer in (its Accept-Language). */
    readonly lang?: string,
  ) {
    super(message);
  }

  /** True when the device is offline or the server could not be reached. */
  get isOffline(): boolean {
    return this.kind === 'network';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
