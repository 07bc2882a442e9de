/** The spec's fixed service identifier, sent on login and sign-up. Overridden by SERVICE_NAME. */
export const DEFAULT_SERVICE_NAME = 'pishkhan';

/** Access tokens live ten minutes (spec section 9); the client refreshes when they expire. */
export const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;

/** The client's refresh check runs every minute (spec section 9). */
export const REFRESH_CHECK_INTERVAL_MS = 60 * 1000;

/** The header that names the current panel on every call (spec section 6). */
export const PANEL_HEADER = 'X-Panel-Code';

/** SMS codes have six digits; the client's field and check and the server's generator agree. */
export const SMS_CODE_LENGTH = 6;
