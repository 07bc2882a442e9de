import { describe, expect, it } from 'vitest';
import { switchToEnglish } from './accountSteps.ts';
import { newContext, screenshot, serverAndBrowser } from './harness.ts';
import { isRawMessageId, rawMessageIds } from './rawMessageIds.ts';

const e2e = serverAndBrowser();

describe('the home page', () => {
  it('knows a raw message id when it sees one, and an English word when it sees one', () => {
    expect(['Xcnbq7', 'IEbpvp', 'sNwaeY', 'RAKl7J'].every(isRawMessageId)).toBe(true);
    expect(['Access', 'Stock', 'Modules', 'module', 'پیشخوان'].some(isRawMessageId)).toBe(false);
  });

  it('names and describes every module in Persian and in English, with no raw message id', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, width: 390 });
    const page = await context.newPage();
    await page.goto('/');
    const cards = page.getByRole('region', { name: 'ماژول‌های پنل' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(3);
    await expect.poll(() => rawMessageIds(page)).toEqual([]);
    const persian = await cards.allTextContents();
    expect(persian.every((text) => /[\u0600-\u06ff]{3}/.test(text))).toBe(true);
    await screenshot(page, 'home-fa-390');
    await switchToEnglish(page);
    await page.getByRole('heading', { name: 'Modules of a panel' }).waitFor();
    await expect.poll(() => rawMessageIds(page)).toEqual([]);
    await expect.poll(() => cards.allTextContents()).not.toEqual(persian);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'home-en-1280');
    await context.close();
  });
});
