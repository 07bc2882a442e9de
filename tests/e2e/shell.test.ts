import { describe, expect, it } from 'vitest';
import { newContext, serverAndBrowser } from './harness.ts';

const e2e = serverAndBrowser();

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

  it('shows the 404 page with the path for an unknown route', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByText('/no/such/page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();
    await context.close();
  });
});
