/**
 * Every account screen in Persian and English, at a phone's width (390 px) and a desktop's
 * (1280 px): axe-core finds no serious or critical violation, and a screenshot is written to
 * tests/e2e/screenshots for people to look at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../src/contract/routes.ts';
import { accountServerEnv, demo, freshContext, newAccount, signInContext, switchToEnglish } from './accountSteps.ts';
import { screenshot, seriousA11yViolations, serverAndBrowser } from './harness.ts';
import { networkQuiet } from './networkQuiet.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });

type Locale = 'fa' | 'en';

async function open(context: BrowserContext, path: string, locale: Locale): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  if (locale === 'en' && (await page.evaluate(() => document.documentElement.lang)) !== 'en') await switchToEnglish(page);
  await networkQuiet(page);
  return page;
}

/** Violations found so far in the running test, by screen; each test asserts there are none at its end. */
let found: Record<string, unknown[]> = {};

async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  const violations = await seriousA11yViolations(page);
  if (violations.length) found[name] = violations;
}

beforeEach(() => {
  found = {};
});

afterEach(() => {
  // Every screen is looked at (and photographed) before the test reports what axe found on any.
  expect(found).toEqual({});
});

const publicScreens = [
  ['login', paths.auth.login],
  ['mobile-login', paths.auth.mobileLogin],
  ['password-forgot', paths.auth.passwordForgot],
  ['signup', paths.auth.signUp],
] as const;

const signedInScreens = [
  ['dashboard', paths.user.dashboard],
  ['profile', paths.user.profile],
  ['profile-information', paths.user.profileInformation],
  ['profile-security', paths.user.profileSecurity],
] as const;

describe.each([
  ['fa', 390],
  ['fa', 1280],
  ['en', 390],
  ['en', 1280],
] as const)('the account screens in %s at %i px', (locale, width) => {
  it('the public screens, their error states and the code step pass axe', async () => {
    const context = await freshContext(e2e.browser, e2e.server, width);
    for (const [name, path] of publicScreens) {
      const page = await open(context, path, locale);
      await check(page, `${name}-${locale}-${width}`);
      await page.close();
    }
    const page = await open(context, paths.auth.login, locale);
    await page.locator('button[type="submit"]').click();
    await page.getByRole('alert').first().waitFor();
    await check(page, `login-invalid-${locale}-${width}`);
    await page.locator('input[name="username"]').fill('nobody-here');
    await page.locator('input[name="password"]').fill('not the password');
    await page.locator('button[type="submit"]').click();
    await page.locator('[role="alert"]').filter({ hasNotText: /^$/ }).first().waitFor();
    await check(page, `login-failed-${locale}-${width}`);
    const account = await newAccount(e2e.server);
    const mobile = await open(context, paths.auth.mobileLogin, locale);
    await mobile.locator('input[name="mobile"]').fill(account.mobile);
    await mobile.locator('button[type="submit"]').click();
    await mobile.locator('input[name="code"]').waitFor();
    await check(mobile, `mobile-login-code-${locale}-${width}`);
    await context.close();
  });

  it('the registration profile and its verification step pass axe', async () => {
    const unregistered = await newAccount(e2e.server, null);
    const context = await freshContext(e2e.browser, e2e.server, width);
    await signInContext(context, e2e.server, unregistered.username, unregistered.password);
    const page = await open(context, paths.auth.profile, locale);
    await page.locator('input[name="firstName"]').waitFor();
    await check(page, `registration-profile-${locale}-${width}`);
    await page.locator('button[type="submit"]').click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await check(page, `registration-profile-invalid-${locale}-${width}`);
    await page.locator('input[name="firstName"]').fill('نگار');
    await page.locator('input[name="lastName"]').fill('موسوی');
    await page.locator('input[name="mobileNumber"]').fill(`0937${String(Date.now()).slice(-7)}`);
    await page.locator('button[type="submit"]').click();
    await page
      .locator('h1')
      .filter({ hasText: locale === 'fa' ? 'تأیید' : 'Verify' })
      .waitFor();
    await check(page, `registration-verify-${locale}-${width}`);
    await context.close();
  });

  it('the signed-in account screens pass axe', async () => {
    const context = await freshContext(e2e.browser, e2e.server, width);
    await signInContext(context, e2e.server, demo.username, demo.password);
    for (const [name, path] of signedInScreens) {
      const page = await open(context, path, locale);
      await check(page, `${name}-${locale}-${width}`);
      await page.close();
    }
    const page = await open(context, paths.user.profileInformation, locale);
    await page.getByRole('button', { name: /calendar|تقویم/i }).click();
    await page.getByRole('grid').waitFor();
    await check(page, `date-picker-${locale}-${width}`);
    await context.close();
  });
});
