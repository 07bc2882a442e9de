/**
 * Notifications in Chromium (issue 29, decision 038): person B is assigned a support request by
 * A; on B's phone the bell in the header counts it, the notifications screen (360 px, Persian,
 * axe-clean) shows it in words under its day, and tapping it opens the request and marks it read.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { modulePath, paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, seriousA11yViolations, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { callInPanel, openScreen } from '../../../../tests/e2e/panelsSteps.ts';
import { Request } from '../../entities/support.ts';
import { supportTeam, SUPPORT_PANEL } from './supportTeam.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let context: BrowserContext;
let page: Page;
let request: Row;
const subject = 'چاپگر فاکتور کار نمی‌کند';

beforeAll(async () => {
  const team = await supportTeam(e2e.server, subject);
  const { inA, b, tokenB, panel } = team;
  request = team.request;
  // A assigns it to B.
  await inA({ method: 'PUT', path: `${entityPath(Request)}/${request.id}` }, { version: request.version, supporterId: team.supporterId });
  const listed = await callInPanel<EntityListResponse>(
    e2e.server.url,
    { method: 'GET', path: `${entityPath(Request)}?pageSize=5` },
    tokenB,
    panel.code,
  );
  expect(listed.items.map((r) => r.id)).toEqual([request.id]);

  context = await freshContext(e2e.browser, e2e.server, 360);
  await signInContext(context, e2e.server, b.username, b.password);
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: SUPPORT_PANEL }).click();
  await page.waitForURL((u) => u.pathname === paths.user.panelDashboard);
});
afterAll(async () => {
  await context?.close();
});

describe('a support request assigned to B', () => {
  it('shows in the bell, in the list under its day, and opens the request when tapped', async () => {
    const bell = page.getByTestId('notification-bell');
    // The bell says how many are unread once the device has pulled it.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 }).toBe('اعلان‌ها: ۱ خوانده‌نشده');
    await bell.click();
    await page.waitForURL((u) => u.pathname === paths.notifications);
    const item = page.getByRole('link', { name: new RegExp(`درخواست پشتیبانی «${subject}» به شما سپرده شد`) });
    await item.waitFor();
    // Under its day, in the Jalali calendar.
    expect(await page.locator('section h2').first().innerText()).toMatch(/۱۴۰[۰-۹]/);
    await expectFitsThePhone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-fa-360');
    await item.click();
    await page.waitForURL(
      (u) => u.pathname === modulePath('NagemManagement', 'Support/RequestDetails') && u.searchParams.get('id') === request.id,
    );
    await page.getByRole('heading', { name: subject }).first().waitFor();
    // Opened means read: the bell has nothing unread left.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('اعلان‌ها');
  });
});
