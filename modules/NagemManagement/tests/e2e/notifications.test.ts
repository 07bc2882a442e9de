/**
 * Notifications in Chromium (issue 29, decision 038): person B is assigned a support request by
 * A; on B's phone the bell in the header counts it, the notifications screen (360 px, Persian,
 * axe-clean) shows it in words under its day, and tapping it opens the request and marks it read.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, READ_ALL_GRANT, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath, paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, logInByApi, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, seriousA11yViolations, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { callInPanel, openScreen } from '../../../../tests/e2e/panelsSteps.ts';
import { Customer } from '../../entities/customers.ts';
import { Request, RequestMessage, SUPPORT_GRANT } from '../../entities/support.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let context: BrowserContext;
let page: Page;
let request: Row;
const subject = 'چاپگر فاکتور کار نمی‌کند';

beforeAll(async () => {
  const a = await newAccount(e2e.server);
  const b = await newAccount(e2e.server);
  const tokenA = (await logInByApi(e2e.server, a.username, a.password)).access_token;
  const url = e2e.server.url;
  const panel = await callInPanel<CurrentPanel>(url, panelEndpoints.register, tokenA, null, {
    name: 'پشتیبانی',
    icon: 'cart',
    modules: ['PanelManagement', 'NagemManagement'],
  });
  const inA = <T>(endpoint: { method: string; path: string }, body?: unknown) => callInPanel<T>(url, endpoint, tokenA, panel.code, body);
  const crud = (e: Parameters<typeof permission>[0], extra: string[] = []) =>
    ['read', 'create', 'update', ...extra].map((x) => permission(e, x));
  const role = await inA<Row>(
    { method: 'POST', path: entityPath(Role) },
    {
      id: crypto.randomUUID(),
      name: 'پشتیبان',
      permissions: [
        permission(Customer, 'read'),
        permission(Customer, READ_ALL_GRANT),
        ...crud(Request, [SUPPORT_GRANT]),
        ...crud(RequestMessage),
      ],
    },
  );
  const invited = await inA<Row>(
    { method: 'POST', path: entityPath(Member) },
    { id: crypto.randomUUID(), login: b.username, roleId: role.id },
  );
  const tokenB = (await logInByApi(e2e.server, b.username, b.password)).access_token;
  await callInPanel(url, panelEndpoints.acceptInvitation, tokenB, null, { code: panel.code });
  const customer = await inA<Row>(
    { method: 'POST', path: entityPath(Customer) },
    { id: crypto.randomUUID(), kind: 'company', name: 'فروشگاه ستاره', province: 'تهران' },
  );
  request = await inA<Row>(
    { method: 'POST', path: entityPath(Request) },
    { id: crypto.randomUUID(), customerId: customer.id, subject, priority: 'high', status: 'open' },
  );
  // A assigns it to B.
  await inA({ method: 'PUT', path: `${entityPath(Request)}/${request.id}` }, { version: request.version, supporterId: invited.id });
  const listed = await callInPanel<EntityListResponse>(
    url,
    { method: 'GET', path: `${entityPath(Request)}?pageSize=5` },
    tokenB,
    panel.code,
  );
  expect(listed.items.map((r) => r.id)).toEqual([request.id]);

  context = await freshContext(e2e.browser, e2e.server, 360);
  await signInContext(context, e2e.server, b.username, b.password);
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: 'پشتیبانی' }).click();
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
