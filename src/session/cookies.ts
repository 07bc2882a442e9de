/**
 * The session cookies of spec section 3, all with path `/`. They are readable by script because the
 * spec's contract says so (docs/decisions/003-session-cookies.md records what compensates).
 */
export const cookieNames = {
  token: 'token',
  refreshToken: 'refresh_token',
  username: 'username',
  tokenExpiry: 'tokenExpiry',
  panelCode: 'panelCode',
} as const;
export type CookieName = (typeof cookieNames)[keyof typeof cookieNames];

/** Kept a month, like the refresh token's absolute lifetime on the server. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function readCookie(name: CookieName): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** What every session cookie carries: path `/`, SameSite=Strict, and Secure when served over https. */
export function cookieAttributes(maxAgeSeconds: number, protocol: string = location.protocol): string {
  return `; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${protocol === 'https:' ? '; Secure' : ''}`;
}

export function writeCookie(name: CookieName, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes(MAX_AGE_SECONDS)}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=${cookieAttributes(0)}`;
}

/** Clears every cookie this page can see (spec: a 401 clears all cookies). */
export function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}
