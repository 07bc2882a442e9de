/**
 * The session rules of spec section 4: what login, mobile login, sign-up and refresh store, when a
 * token is due for refresh, and the panel code (stored quoted, sent unquoted). Components follow
 * changes through `useSession` (useSyncExternalStore).
 */
import type { LoginData } from '../contract/envelope.ts';
import { ACCESS_TOKEN_TTL_MS } from '../contract/service.ts';
import { clearAllCookies, cookieNames, deleteCookie, readCookie, writeCookie } from './cookies.ts';

export interface Session {
  token: string | null;
  refreshToken: string | null;
  username: string | null;
  /** When the access token is due for refresh, in ms since the epoch. */
  tokenExpiry: number | null;
  panelCode: string | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null = null;
let snapshotKey = '';

function notify(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the cookies (another tab may have changed them) and tells subscribers if they moved. */
export function syncSessionFromCookies(): void {
  if (document.cookie !== snapshotKey) notify();
}

function unquote(value: string | null): string | null {
  if (value === null) return null;
  const bare = value.replace(/^"(.*)"$/, '$1');
  return bare === '' ? null : bare;
}

export function readSession(): Session {
  if (snapshot && snapshotKey === document.cookie) return snapshot;
  const expiry = Number(readCookie(cookieNames.tokenExpiry));
  snapshotKey = document.cookie;
  snapshot = {
    token: readCookie(cookieNames.token) || null,
    refreshToken: readCookie(cookieNames.refreshToken) || null,
    username: readCookie(cookieNames.username) || null,
    tokenExpiry: Number.isFinite(expiry) && expiry > 0 ? expiry : null,
    panelCode: unquote(readCookie(cookieNames.panelCode)),
  };
  return snapshot;
}

/**
 * The session as last read, for rendering (`useSession`): reading `document.cookie` on every render
 * of every component that shows the session was ~30 ms of a list's reload (decision 062). This
 * tab's own changes notify; another tab's are read when the page is shown again
 * (`syncSessionFromCookies`) or by the next `readSession`, which requests and refreshes use.
 */
export function currentSession(): Session {
  return snapshot ?? readSession();
}

export function isSignedIn(session: Session = readSession()): boolean {
  return Boolean(session.token && session.refreshToken);
}

export type LoginKind = 'password' | 'mobileCode' | 'signUp';

/**
 * Stores a login's tokens. A password login is fresh for ten minutes; a mobile-code login and a
 * sign-up set the expiry to now, so the next check refreshes (spec section 4).
 */
export function storeLogin(tokens: LoginData, username: string, kind: LoginKind, now = Date.now()): void {
  writeCookie(cookieNames.token, tokens.access_token);
  writeCookie(cookieNames.refreshToken, tokens.refresh_token);
  if (username) writeCookie(cookieNames.username, username);
  else deleteCookie(cookieNames.username);
  writeCookie(cookieNames.tokenExpiry, String(kind === 'password' ? now + ACCESS_TOKEN_TTL_MS : now));
  notify();
}

/** A mobile-code login knows no username until the profile arrives; the profile fills it in. */
export function storeUsername(username: string): void {
  if (!username || readSession().username === username) return;
  writeCookie(cookieNames.username, username);
  notify();
}

/** A refresh replaces both tokens and moves the expiry ten minutes ahead. */
export function storeRefreshed(tokens: LoginData, now = Date.now()): void {
  writeCookie(cookieNames.token, tokens.access_token);
  writeCookie(cookieNames.refreshToken, tokens.refresh_token);
  writeCookie(cookieNames.tokenExpiry, String(now + ACCESS_TOKEN_TTL_MS));
  notify();
}

/** True when a token and an expiry exist and the expiry has been reached. */
export function isRefreshDue(session: Session = readSession(), now = Date.now()): boolean {
  return Boolean(session.token && session.refreshToken && session.tokenExpiry !== null && now >= session.tokenExpiry);
}

/** The panel code is stored with quotes around it, as the spec's client does. */
export function storePanelCode(code: string | null): void {
  if (code) writeCookie(cookieNames.panelCode, JSON.stringify(code));
  else deleteCookie(cookieNames.panelCode);
  notify();
}

/** Ends the session on this device: every cookie goes (spec section 4). */
export function clearSession(): void {
  clearAllCookies();
  notify();
}
