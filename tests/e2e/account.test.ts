/**
 * The account side of the PWA in Chromium against the real server on a fresh embedded database:
 * sign-up to dashboard, the login paths, a forgotten password, the session's refresh and end, and
 * the language switch.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { CurrentUser } from '../../src/contract/profile.ts';
import { paths } from '../../src/contract/routes.ts';
import { accountServerEnv, callApi, cookieMap, demo, freshContext, newAccount, signInContext, switchToEnglish } from './accountSteps.ts';
import { serverAndBrowser, smsCode } from './harness.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });

const fa = {
  wrongCredentials: 'نام کاربری یا رمز عبور اشتباه است.',
  codeInvalid: 'کد نامعتبر است.',
};

async function expectPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname.toLowerCase(), { timeout: 15_000 }).toBe(path.toLowerCase());
}

function submit(page: Page) {
  return page.locator('form button[type="submit"]').click();
}

describe('signing up and in', () => {
  it('signs up, completes the registration profile, verifies the mobile and lands on the dashboard', async () => {
    const context = await freshContext(e2e.browser, e2e.server, 390);
    const page = await context.newPage();
    const username = `sara${Date.now().toString(36)}`;
    const mobile = '09351234567';
    await page.goto(paths.auth.signUp);
    await page.getByLabel('نام کاربری').fill(username);
    await page.getByLabel('رمز عبور', { exact: true }).fill('a quiet river at dawn');
    await page.getByLabel('تکرار رمز عبور').fill('a quiet river at dawn');
    await submit(page);

    await expectPath(page, paths.auth.profile);
    await page.getByLabel('نام', { exact: true }).fill('سارا');
    await page.getByLabel('نام خانوادگی').fill('رضایی');
    await page.getByLabel('تاریخ تولد').fill('۱۳۷۰/۰۶/۳۱');
    await page.getByLabel('شمارهٔ همراه').fill('۰۹۳۵ ۱۲۳ ۴۵۶۷');
    await page.getByLabel('جنسیت').selectOption('female');
    await submit(page);

    await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
    await page.getByLabel('کد پیامک‌شده').waitFor();
    await page.getByLabel('کد پیامک‌شده').fill(await smsCode(e2e.server, mobile));
    await page.getByRole('button', { name: 'تأیید شماره' }).click();

    await expectPath(page, paths.user.dashboard);
    await page.getByRole('heading', { name: 'سارا، خوش آمدید' }).waitFor();
    const token = (await cookieMap(context)).token!;
    const user = (await callApi<CurrentUser>(e2e.server, endpoints.getCurrentUser, undefined, token)).body.data;
    expect(user).toMatchObject({
      userName: username,
      firstName: 'سارا',
      birthDay: '1991-09-22',
      mobileNumber: mobile,
      mobileVerified: true,
      gender: 'female',
    });
    await context.close();
  });

  it('logs in with username and password; the session lasts ten minutes', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(paths.auth.login);
    await page.getByLabel('نام کاربری').fill(demo.username);
    await page.getByLabel('رمز عبور', { exact: true }).fill(demo.password);
    const before = Date.now();
    await submit(page);
    await expectPath(page, paths.user.dashboard);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'خوش آمدید' }).waitFor();
    const cookies = await cookieMap(context);
    expect(cookies.username).toBe(demo.username);
    expect(cookies.token?.split('.')).toHaveLength(3);
    expect(cookies.refresh_token).toBeTruthy();
    expect(Number(cookies.tokenExpiry)).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(Number(cookies.tokenExpiry)).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    await context.close();
  });

  it('shows the Persian message of code 100 for a wrong password', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(paths.auth.login);
    await page.getByLabel('نام کاربری').fill(demo.username);
    await page.getByLabel('رمز عبور', { exact: true }).fill('not the password');
    await submit(page);
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContain(fa.wrongCredentials);
    await expectPath(page, paths.auth.login);
    await context.close();
  });

  it('sends a signed-out visitor of a /User page to login, and back there after logging in', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(paths.user.profileSecurity);
    await expectPath(page, paths.auth.login);
    await page.getByLabel('نام کاربری').fill(demo.username);
    await page.getByLabel('رمز عبور', { exact: true }).fill(demo.password);
    await submit(page);
    await expectPath(page, paths.user.profileSecurity);
    await context.close();
  });

  it('sends a user without a registration profile (code 101) to complete it', async () => {
    const account = await newAccount(e2e.server, null);
    const context = await freshContext(e2e.browser, e2e.server);
    await signInContext(context, e2e.server, account.username, account.password);
    const page = await context.newPage();
    await page.goto(paths.user.dashboard);
    await expectPath(page, paths.auth.profile);
    await page.getByLabel('نام', { exact: true }).waitFor();
    await context.close();
  });
});

describe('the mobile paths', () => {
  it('logs in with the code from the dev outbox; the next call refreshes the token first', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    const refreshes: Request[] = [];
    page.on('request', (r) => r.url().toLowerCase().includes('/api/account/refreshtoken') && refreshes.push(r));
    await page.goto(paths.auth.mobileLogin);
    await page.getByLabel('شمارهٔ همراه').fill(demo.mobile);
    await submit(page);
    await page.getByLabel('کد پیامک‌شده').fill(await smsCode(e2e.server, demo.mobile));
    await page.getByText(/تا .* دیگر می‌توانید کد تازه بخواهید/).waitFor();
    await submit(page);
    await expectPath(page, paths.user.dashboard);
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'خوش آمدید' }).waitFor();
    await expect.poll(async () => (await cookieMap(context)).username).toBe(demo.username);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(Number((await cookieMap(context)).tokenExpiry)).toBeGreaterThan(Date.now() + 9 * 60_000);
    await context.close();
  });

  it('treats a number no account has as any other, and refuses the code typed (no "user not found" to tell)', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(paths.auth.mobileLogin);
    await page.getByLabel('شمارهٔ همراه').fill('09390000001');
    await submit(page);
    await page.getByLabel('کد پیامک‌شده').fill('123456');
    await submit(page);
    await expect.poll(() => page.getByRole('alert').allTextContents()).toContainEqual(expect.stringContaining(fa.codeInvalid));
    await context.close();
  });

  it('resets a forgotten password with a code, then logs in with the new one', async () => {
    const account = await newAccount(e2e.server);
    const context = await freshContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(paths.auth.passwordForgot);
    await page.getByLabel('نام کاربری').fill(account.username);
    await page.getByLabel('شمارهٔ همراه').fill(account.mobile);
    await submit(page);
    await page.getByLabel('کد پیامک‌شده').fill(await smsCode(e2e.server, account.mobile));
    await page.getByLabel('رمز عبور تازه', { exact: true }).fill('seven green lanterns');
    await page.getByLabel('تکرار رمز عبور تازه').fill('seven green lanterns');
    await submit(page);
    await page.getByRole('heading', { name: 'رمز عبور شما تغییر کرد' }).waitFor();
    await page.getByRole('link', { name: 'رفتن به صفحهٔ ورود' }).click();
    await expectPath(page, paths.auth.login);
    await page.getByLabel('نام کاربری').fill(account.username);
    await page.getByLabel('رمز عبور', { exact: true }).fill('seven green lanterns');
    await submit(page);
    await expectPath(page, paths.user.dashboard);
    await context.close();
  });
});

describe('security', () => {
  it('changes the password and verifies the mobile number from /User/Profile/Security', async () => {
    const account = await newAccount(e2e.server, {}, { verifyMobile: false });
    const context = await freshContext(e2e.browser, e2e.server);
    await signInContext(context, e2e.server, account.username, account.password);
    const page = await context.newPage();
    await page.goto(paths.user.profileSecurity);
    await page.getByLabel('رمز عبور فعلی', { exact: true }).fill('not my password');
    await page.getByLabel('رمز عبور تازه', { exact: true }).fill('nine bright stars');
    await page.getByLabel('تکرار رمز عبور تازه', { exact: true }).fill('nine bright stars');
    await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
    await page.getByText('این رمز عبور فعلی شما نیست.').waitFor();
    await page.getByLabel('رمز عبور فعلی', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
    await page.getByText(/رمز عبور شما تغییر کرد/).waitFor();
    expect(
      (await callApi(e2e.server, endpoints.login, { username: account.username, password: 'nine bright stars', serviceName: 'pishkhan' }))
        .body.isSuccess,
    ).toBe(true);

    await page.getByRole('button', { name: 'ارسال کد تأیید' }).click();
    await page.getByLabel('کد پیامک‌شده').fill(await smsCode(e2e.server, account.mobile));
    await page.getByRole('button', { name: 'تأیید شماره' }).click();
    await page.getByText('تأییدشده', { exact: true }).waitFor();
    await context.close();
  });
});

describe('the session', () => {
  it('refreshes an expired token silently, without leaving the page', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const first = await signInContext(context, e2e.server, demo.username, demo.password);
    const page = await context.newPage();
    await page.goto(paths.user.profile);
    await page.getByRole('heading', { level: 1 }).waitFor();
    let documentLoads = 0;
    page.on('request', (r) => r.resourceType() === 'document' && documentLoads++);
    await context.addCookies([{ name: 'tokenExpiry', value: String(Date.now() - 1000), url: e2e.server.url }]);
    await page.getByRole('link', { name: 'داشبورد' }).first().click();
    await expectPath(page, paths.user.dashboard);
    await expect.poll(async () => (await cookieMap(context)).token).not.toBe(first.access_token);
    const cookies = await cookieMap(context);
    expect(cookies.refresh_token).not.toBe(first.refresh_token);
    expect(Number(cookies.tokenExpiry)).toBeGreaterThan(Date.now() + 9 * 60_000);
    await page.getByRole('heading', { level: 2, name: 'پنل‌های شما' }).waitFor();
    expect(documentLoads).toBe(0);
    expect(new URL(page.url()).pathname).toBe(paths.user.dashboard);
    await context.close();
  });

  it('clears every cookie and lands on /auth/login after a 401', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const tokens = await signInContext(context, e2e.server, demo.username, demo.password);
    await context.addCookies([{ name: 'unrelated', value: 'x', url: e2e.server.url }]);
    const page = await context.newPage();
    await page.goto(paths.user.profile);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The session ends elsewhere (another device logs it out): its access token is refused from now on.
    expect((await callApi(e2e.server, endpoints.logout, { refreshToken: tokens.refresh_token }, tokens.access_token)).status).toBeLessThan(
      300,
    );
    await page.getByRole('link', { name: 'داشبورد' }).first().click();
    await expectPath(page, paths.auth.login);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('logs out: the refresh token is revoked and the cookies are gone', async () => {
    const context = await freshContext(e2e.browser, e2e.server);
    const tokens = await signInContext(context, e2e.server, demo.username, demo.password);
    const page = await context.newPage();
    await page.goto(paths.user.dashboard);
    await page.getByRole('button', { name: /منوی حساب/ }).click();
    await page.getByRole('menuitem', { name: 'خروج' }).click();
    // Erasing this person's data from the device is offered, and chosen already: nothing is unsent.
    const dialog = page.getByRole('dialog', { name: 'خروج' });
    expect(await dialog.getByRole('checkbox', { name: /داده‌هایم از این دستگاه پاک شود/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'خروج' }).click();
    await expectPath(page, paths.auth.login);
    expect(await context.cookies()).toEqual([]);
    expect((await callApi(e2e.server, endpoints.refreshToken, { refreshToken: tokens.refresh_token })).status).toBe(401);
    await context.close();
  });
});

describe('the language', () => {
  it('switches to English, left to right, and remembers it after a reload', async () => {
    const context = await freshContext(e2e.browser, e2e.server, 390);
    const page = await context.newPage();
    await page.goto(paths.auth.login);
    await page.getByRole('heading', { name: 'ورود به پیشخوان' }).waitFor();
    await switchToEnglish(page);
    await page.getByRole('heading', { name: 'Log in to Pishkhan' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Log in to Pishkhan' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    await context.close();
  });
});
