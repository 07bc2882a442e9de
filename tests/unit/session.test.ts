import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_MS } from '../../src/contract/service.ts';
import { cookieAttributes } from '../../src/session/cookies.ts';
import {
  clearSession,
  isRefreshDue,
  isSignedIn,
  readSession,
  storeLogin,
  storePanelCode,
  storeRefreshed,
  storeUsername,
} from '../../src/session/session.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const tokens = { access_token: 'access-1', refresh_token: 'refresh-1' };

/** Every string written to document.cookie, attributes included (the getter never shows them). */
let written: string[] = [];
const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

beforeEach(() => {
  written = [];
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => native.get!.call(document),
    set: (value: string) => {
      written.push(value);
      native.set!.call(document, value);
    },
  });
});

afterEach(() => {
  delete (document as { cookie?: string }).cookie;
});

describe('the session cookies', () => {
  it('are set with path /, SameSite=Strict, and Secure only over https', () => {
    storeLogin(tokens, 'sara', 'password', NOW);
    expect(written.map((w) => w.split('=')[0])).toEqual(['token', 'refresh_token', 'username', 'tokenExpiry']);
    for (const cookie of written) {
      expect(cookie).toContain('; Path=/;');
      expect(cookie).toContain('; SameSite=Strict');
      expect(cookie).not.toContain('Secure');
    }
    expect(cookieAttributes(60, 'https:')).toBe('; Path=/; Max-Age=60; SameSite=Strict; Secure');
    expect(cookieAttributes(60, 'http:')).toBe('; Path=/; Max-Age=60; SameSite=Strict');
  });

  it('keep the panel code in quotes and give it back without them', () => {
    storePanelCode('ACME01');
    expect(written.at(-1)).toMatch(/^panelCode=%22ACME01%22;/);
    expect(document.cookie).toContain('panelCode=%22ACME01%22');
    expect(readSession().panelCode).toBe('ACME01');
    storePanelCode(null);
    expect(readSession().panelCode).toBeNull();
  });
});

describe('the session rules of spec section 4', () => {
  it('gives a password login ten minutes before its token is due for refresh', () => {
    storeLogin(tokens, 'sara', 'password', NOW);
    expect(readSession()).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
      username: 'sara',
      tokenExpiry: NOW + ACCESS_TOKEN_TTL_MS,
    });
    expect(ACCESS_TOKEN_TTL_MS).toBe(10 * 60 * 1000);
    expect(isSignedIn()).toBe(true);
  });

  it('makes a mobile-code login and a sign-up due at once, so the next check refreshes', () => {
    storeLogin(tokens, '', 'mobileCode', NOW);
    expect(readSession().tokenExpiry).toBe(NOW);
    expect(readSession().username).toBeNull();
    expect(isRefreshDue(readSession(), NOW)).toBe(true);
    storeLogin(tokens, 'new-user', 'signUp', NOW);
    expect(readSession().tokenExpiry).toBe(NOW);
    expect(isRefreshDue(readSession(), NOW)).toBe(true);
  });

  it('lets the profile fill in the username a mobile login did not know', () => {
    storeLogin(tokens, '', 'mobileCode', NOW);
    storeUsername('sara');
    expect(readSession().username).toBe('sara');
  });

  it('replaces both tokens on refresh and moves the expiry ten minutes ahead', () => {
    storeLogin(tokens, 'sara', 'mobileCode', NOW);
    storeRefreshed({ access_token: 'access-2', refresh_token: 'refresh-2' }, NOW + 5000);
    expect(readSession()).toMatchObject({
      token: 'access-2',
      refreshToken: 'refresh-2',
      username: 'sara',
      tokenExpiry: NOW + 5000 + ACCESS_TOKEN_TTL_MS,
    });
  });

  it('is due for refresh only with a token, a refresh token and an expiry that has been reached', () => {
    expect(isRefreshDue(readSession(), NOW)).toBe(false);
    storeLogin(tokens, 'sara', 'password', NOW);
    expect(isRefreshDue(readSession(), NOW + ACCESS_TOKEN_TTL_MS - 1)).toBe(false);
    expect(isRefreshDue(readSession(), NOW + ACCESS_TOKEN_TTL_MS)).toBe(true);
    expect(isRefreshDue({ ...readSession(), tokenExpiry: null }, NOW + ACCESS_TOKEN_TTL_MS)).toBe(false);
    expect(isRefreshDue({ ...readSession(), refreshToken: null }, NOW + ACCESS_TOKEN_TTL_MS)).toBe(false);
  });

  it('clears every cookie when the session ends, not only its own', () => {
    storeLogin(tokens, 'sara', 'password', NOW);
    storePanelCode('ACME01');
    document.cookie = 'somethingElse=1; Path=/';
    clearSession();
    expect(document.cookie).toBe('');
    expect(isSignedIn()).toBe(false);
  });
});
