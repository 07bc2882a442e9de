/**
 * Steps the account end-to-end tests share: calling the API directly to set up accounts (faster
 * than clicking through sign-up when the screen under test is another one), putting a session in
 * a browser profile the way the app stores it, and switching the language as a person would.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { LoginData } from '../../src/contract/envelope.ts';
import type { RegistrationProfilePayload } from '../../src/contract/profile.ts';
import { DEFAULT_SERVICE_NAME } from '../../src/contract/service.ts';
import { addSessionCookies, newContext, smsCode, type RunningServer } from './harness.ts';

export const demo = { username: 'demo', password: 'Pishkhan-Demo-1404', mobile: '09120000000' } as const;

let addressCounter = 0;

/**
 * A fresh browser profile that the server sees coming from an address of its own (the server
 * trusts X-Forwarded-For from loopback in these tests), so the SMS limits per address of one test
 * do not spill into the next.
 */
export async function freshContext(browser: Browser, server: RunningServer, width = 1280): Promise<BrowserContext> {
  const context = await newContext(browser, { baseURL: server.url, width });
  addressCounter++;
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}` });
  return context;
}

/** The server's settings for the account tests: dev tools on, forwarded addresses believed. */
export const accountServerEnv = { TRUST_PROXY: '127.0.0.1' };

export interface Answer<T = unknown> {
  status: number;
  body: { isSuccess: boolean; data: T; errorData: { code: number; message: string } | null; message: string };
}

export async function callApi<T = unknown>(
  server: Pick<RunningServer, 'url'>,
  endpoint: { method: string; path: string },
  body?: unknown,
  token?: string,
  address = '10.9.9.9',
): Promise<Answer<T>> {
  const response = await fetch(`${server.url}${endpoint.path}`, {
    method: endpoint.method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

export async function logInByApi(server: RunningServer, username: string, password: string): Promise<LoginData> {
  const answer = await callApi<LoginData>(server, endpoints.login, { username, password, serviceName: DEFAULT_SERVICE_NAME });
  expect(answer.body.isSuccess, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data;
}

let accountCounter = 0;

/**
 * A new account with a registration profile (unless `profile` is null), made through the API, its
 * mobile number verified with the code the dev outbox got (unless `verifyMobile` is false), as only
 * a verified number signs in or resets a password.
 */
export async function newAccount(
  server: RunningServer,
  profile: Partial<RegistrationProfilePayload> | null = {},
  { verifyMobile = true }: { verifyMobile?: boolean } = {},
): Promise<{ username: string; password: string; mobile: string }> {
  accountCounter++;
  const username = `user${Date.now().toString(36)}${accountCounter}`;
  const password = 'a quiet river at dawn';
  const mobile = `0912${String(1_000_000 + ((Date.now() + accountCounter * 7919) % 8_999_999)).slice(0, 7)}`;
  // An address of its own: sign-ups and SMS codes are limited per address.
  const address = `10.7.${Math.floor(accountCounter / 250)}.${(accountCounter % 250) + 1}`;
  const signUp = await callApi<LoginData>(
    server,
    endpoints.signUp,
    { username, password, serviceName: DEFAULT_SERVICE_NAME },
    undefined,
    address,
  );
  expect(signUp.body.isSuccess, JSON.stringify(signUp.body)).toBe(true);
  if (profile) {
    const registration = await callApi(
      server,
      endpoints.registrationProfile,
      {
        userId: 0,
        email: `${username}@example.com`,
        firstName: 'مریم',
        lastName: 'کریمی',
        publicUserName: 'null',
        birthDay: '1990-05-12',
        city: 'اصفهان',
        state: 'اصفهان',
        country: 'ایران',
        mobileNumber: mobile,
        gender: 'female',
        ...profile,
      },
      signUp.body.data.access_token,
    );
    expect(registration.body.isSuccess, JSON.stringify(registration.body)).toBe(true);
    const number = profile.mobileNumber ?? mobile;
    if (verifyMobile && number) await verifyNumber(server, signUp.body.data.access_token, number, address);
  }
  return { username, password, mobile: profile?.mobileNumber ?? mobile };
}

async function verifyNumber(server: RunningServer, token: string, mobile: string, address: string): Promise<void> {
  const sent = await callApi(server, endpoints.sendVerifiedCode, { mobile }, token, address);
  expect(sent.body.isSuccess, JSON.stringify(sent.body)).toBe(true);
  const verified = await callApi(server, endpoints.verifyPhoneNumber, { mobile, code: await smsCode(server, mobile) }, token, address);
  expect(verified.body.isSuccess, JSON.stringify(verified.body)).toBe(true);
}

/** Puts a fresh password login's cookies into the browser profile, as the app itself stores them. */
export async function signInContext(
  context: BrowserContext,
  server: RunningServer,
  username: string,
  password: string,
): Promise<LoginData> {
  const tokens = await logInByApi(server, username, password);
  await addSessionCookies(context, server.url, tokens, username);
  return tokens;
}

/** Switches to English with the header's language button, as a person would, and waits for ltr. */
export async function switchToEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'تغییر زبان' }).first().click();
  await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
}

export async function cookieMap(context: BrowserContext): Promise<Record<string, string>> {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
}
