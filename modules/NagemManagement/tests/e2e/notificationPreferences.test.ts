/**
 * Notification preferences in Chromium (issue 29, decision 047): B opens the Settings tab of the
 * notifications screen, sets "support request assigned to me" to inbox only and saves; A assigns
 * B a request: B's inbox gets it, B's device (subscribed at the push service stand-in) gets no
 * push. B then sets it back to push; the next assignment is pushed, and only that one.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../../src/contract/endpoints.ts';
import { Notification } from '../../../../src/contract/entities/panelManagement.ts';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, callApi, freshContext, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, seriousA11yViolations, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { callInPanel, openScreen } from '../../../../tests/e2e/panelsSteps.ts';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../../../../tests/pushStandIn.ts';
import { Request } from '../../entities/support.ts';
import { supportTeam, SUPPORT_PANEL } from './supportTeam.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let standIn: PushStandIn;
let subscription: StandInSubscription;
let context: BrowserContext;
let page: Page;
let assign: (supporterId: string | null) => Promise<void>;
let inboxOfB: () => Promise<Row[]>;
let supporterId: string;
const subject = 'صندوق فروشگاه قفل شده است';

beforeAll(async () => {
  standIn = await startPushStandIn();
  const { inA, b, tokenB, panel, request, ...team } = await supportTeam(e2e.server, subject);
  const url = e2e.server.url;
  supporterId = team.supporterId;
  assign = async (to) => {
    const current = await inA<Row>({ method: 'GET', path: `${entityPath(Request)}/${request.id}` });
    await inA({ method: 'PUT', path: `${entityPath(Request)}/${request.id}` }, { version: current.version, supporterId: to });
  };
  inboxOfB = async () =>
    (await callInPanel<EntityListResponse>(url, { method: 'GET', path: entityPath(Notification) }, tokenB, panel.code)).items;

  // B's phone is subscribed at the stand-in (the browser part of "turn on" is the web-push e2e's).
  const publicKey = (await callApi<{ publicKey: string }>(e2e.server, endpoints.pushPublicKey)).body.data.publicKey;
  subscription = await standIn.subscribe(publicKey);
  await callInPanel(url, endpoints.pushSubscribe, tokenB, null, { endpoint: subscription.endpoint, keys: subscription.keys, lang: 'fa' });

  context = await freshContext(e2e.browser, e2e.server, 360);
  await signInContext(context, e2e.server, b.username, b.password);
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: SUPPORT_PANEL }).click();
  await page.waitForURL((u) => u.pathname === paths.user.panelDashboard);
});
afterAll(async () => {
  await context?.close();
  await standIn?.close();
});

async function choose(option: string): Promise<void> {
  await openScreen(page, paths.notifications);
  await page.getByRole('tab', { name: 'تنظیمات' }).click();
  const kind = page.getByRole('group', { name: 'درخواست پشتیبانی به من سپرده می‌شود' });
  await kind.getByRole('radio', { name: option }).check();
  await page.getByRole('button', { name: 'ذخیره تنظیمات اعلان‌ها' }).click();
  await page.getByText('تنظیمات اعلان‌ها ذخیره شد').waitFor();
}

describe('a kind set to "inbox only"', () => {
  it('reaches B’s inbox and not B’s phone; set back to push, the next one is pushed', async () => {
    await choose('فقط صندوق');
    await expectFitsThePhone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'notification-settings-fa-360');
    await assign(supporterId);
    await expect.poll(async () => (await inboxOfB()).length, { timeout: 20_000 }).toBe(1);

    await choose('صندوق و اعلان روی گوشی');
    await assign(null);
    await assign(supporterId);
    await expect.poll(async () => (await inboxOfB()).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => standIn.messages(subscription.clientHash), { timeout: 20_000 }).toHaveLength(1);
    // The first assignment's push never comes: the one received is the second's, and stays alone.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await standIn.messages(subscription.clientHash)).toHaveLength(1);
  });
});
