import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { switchToEnglish } from './accountSteps.ts';
import { newContext, screenshot, serverAndBrowser } from './harness.ts';

const e2e = serverAndBrowser();

/** Vazirmatn's faces once the page's text is laid out: which cut (by its unicode-range) has loaded. */
async function vazirmatnCuts(page: Page): Promise<{ arabic: string; latin: string }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const faces: FontFace[] = [];
    document.fonts.forEach((f) => f.family.replace(/"/g, '') === 'Vazirmatn' && faces.push(f));
    const status = (range: RegExp) => faces.find((f) => range.test(f.unicodeRange))?.status ?? 'missing';
    return { arabic: status(/U\+600-6FF/i), latin: status(/^U\+0-FF/i) };
  });
}

describe('the shell', () => {
  it('opens in Persian, right to left, with no CSP violation', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, width: 390 });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
    await page.goto('/auth/Login');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fa', 'rtl']);
    await page.getByRole('heading', { name: 'ورود به پیشخوان' }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('paints from the stylesheet inlined in index.html, with Vazirmatn’s Arabic-script cut in Persian and its Latin cut in English', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, width: 390 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const stylesheets: string[] = [];
    page.on('request', (r) => r.resourceType() === 'stylesheet' && stylesheets.push(r.url()));
    await page.goto('/auth/Login');
    await page.getByRole('heading', { name: 'ورود به پیشخوان' }).waitFor();
    expect(
      await page.evaluate(() => [document.querySelectorAll('head > style').length, getComputedStyle(document.body).fontFamily]),
    ).toEqual([1, expect.stringMatching(/^Vazirmatn,/)]);
    expect(await vazirmatnCuts(page)).toEqual({ arabic: 'loaded', latin: 'unloaded' });
    await screenshot(page, 'fonts-login-fa-390');
    await switchToEnglish(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await vazirmatnCuts(page)).latin).toBe('loaded');
    await screenshot(page, 'fonts-login-en-390');
    expect(stylesheets).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page with the path for an unknown route', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByText('/no/such/page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await context.close();
  });
});
