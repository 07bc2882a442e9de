/**
 * What the session plugs into the API client at start-up: refresh a due token before an
 * authenticated call, end the session on a 401. Kept apart from http.ts so that start-up can wire
 * them without loading the client (ofetch) before a page needs it: the login page stays small.
 */
export interface HttpHooks {
  /** Runs before a call that carries a token: refreshes it first when it is due. */
  beforeAuthenticatedCall: () => Promise<void>;
  /** A 401 on a call that carried a token: clear the session and go to login. */
  onUnauthorized: () => void;
}

export const httpHooks: HttpHooks = { beforeAuthenticatedCall: async () => {}, onUnauthorized: () => {} };

/** Wires the session's behaviour in, keeping the client free of routing and refresh. */
export function configureHttp(next: Partial<HttpHooks>): void {
  Object.assign(httpHooks, next);
}
