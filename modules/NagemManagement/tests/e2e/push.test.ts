/**
 * Web push in Chromium (issue 29, decision 040): B turns notifications on in the notifications
 * screen, closes the app, A assigns B a support request; the server's encrypted push reaches the
 * local push service stand-in, which decrypts it; delivered to B's service worker it shows a
 * notification with the panel's name and the words, and tapping it opens the request.
 *
 * What is stood in, and why: headless Chromium cannot subscribe at its own push service (Google's,
 * unreachable here), so the page's `pushManager.subscribe` hands back a subscription made at the
 * stand-in (its /subscribe, for the server's VAPID key) — everything else of "turn on" is the
 * app's own (permission, key, telling the server). The stand-in checks the VAPID signature and
 * decrypts the aes128gcm message; the decrypted message is then delivered to B's service worker
 * through DevTools (`ServiceWorker.deliverPushMessage`), as the browser's push service would. The
 * tap: with the app closed, the notification's address is opened (what the worker's
 * `clients.openWindow` does; Chromium refuses that to a click the test dispatches, keeping it for a
 * real tap); with a window of the app open, a `notificationclick` dispatched in the worker on the
 * notification it showed routes that window to the request.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../../src/contract/endpoints.ts';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { modulePath, paths } from '../../../../src/contract/routes.ts';
import { accountServerEnv, callApi, freshContext, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { openScreen } from '../../../../tests/e2e/panelsSteps.ts';
import { waitForServiceWorker } from '../../../../tests/e2e/pwaSupport.ts';
import { startPushStandIn, type PushStandIn, type StandInSubscription } from '../../../../tests/pushStandIn.ts';
import { Request } from '../../entities/support.ts';
import { supportTeam, SUPPORT_PANEL } from './supportTeam.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let standIn: PushStandIn;
let subscription: StandInSubscription;
let context: BrowserContext;
let page: Page;
let request: Row;
let assign: () => Promise<void>;
const subject = 'چاپگر فاکتور کار نمی‌کند';

/** In B's pages: the browser's push service is the stand-in (headless Chromium has none of its own). */
function standInPushManager(made: StandInSubscription): void {
  const key = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
  let current: PushSubscription | null = null;
  const fake = (applicationServerKey: ArrayBuffer) =>
    ({
      endpoint: made.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      getKey: (name: 'p256dh' | 'auth') => key(made.keys[name]),
      toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    }) as unknown as PushSubscription;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const given = options?.applicationServerKey;
    current = fake(given instanceof ArrayBuffer ? given : ((given as Uint8Array).slice().buffer as ArrayBuffer));
    return current;
  };
  PushManager.prototype.getSubscription = async () => current;
}

beforeAll(async () => {
  standIn = await startPushStandIn();
  const team = await supportTeam(e2e.server, subject);
  const { inA, b } = team;
  const url = e2e.server.url;
  request = team.request;
  assign = async () => {
    await inA({ method: 'PUT', path: `${entityPath(Request)}/${request.id}` }, { version: request.version, supporterId: team.supporterId });
  };

  const publicKey = (await callApi<{ publicKey: string }>(e2e.server, endpoints.pushPublicKey)).body.data.publicKey;
  subscription = await standIn.subscribe(publicKey);
  context = await freshContext(e2e.browser, e2e.server, 360);
  await context.grantPermissions(['notifications'], { origin: url });
  await context.addInitScript(standInPushManager, subscription);
  await signInContext(context, e2e.server, b.username, b.password);
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: SUPPORT_PANEL }).click();
  await page.waitForURL((u) => u.pathname === paths.user.panelDashboard);
});
afterAll(async () => {
  await context?.close();
  await standIn?.close();
});

/** DevTools' view of the service worker: its registration id, to deliver a push to. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

describe('a support request assigned to B while B’s app is closed', () => {
  it('reaches B’s phone as a push, and tapping it opens the request', async () => {
    await openScreen(page, paths.notifications);
    await page.getByRole('button', { name: 'روشن کردن اعلان‌ها روی این گوشی' }).click();
    await page.getByText('اعلان‌ها برای این گوشی روشن است؛ حتی وقتی پیشخوان بسته است.').waitFor();
    await screenshot(page, 'push-on-fa-360');

    // B closes the app; a blank tab stays only to speak to DevTools.
    const blank = await context.newPage();
    await page.close();
    const cdp = await context.newCDPSession(blank);
    const registration = await registrationId(cdp, `${e2e.server.url}/`);

    await assign();
    await expect.poll(() => standIn.messages(subscription.clientHash), { timeout: 20_000 }).toHaveLength(1);
    const [message] = await standIn.messages(subscription.clientHash);
    const push = JSON.parse(message!) as { title: string; body: string; url: string };
    expect(push.title).toBe('پشتیبانی');
    expect(push.body).toBe(`درخواست پشتیبانی «${subject}» به شما سپرده شد`);

    await cdp.send('ServiceWorker.deliverPushMessage', { origin: e2e.server.url, registrationId: registration, data: message! });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          icon: n.icon,
          url: (n.data as { url: string }).url,
        })),
      );
    await expect.poll(shown, { timeout: 20_000 }).toHaveLength(1);
    const [notification] = await shown();
    expect(notification).toMatchObject({ title: 'پشتیبانی', body: push.body, icon: `${e2e.server.url}/pwa-192x192.png` });
    expect(notification!.url).toBe(`${e2e.server.url}${push.url}`);

    const onRequestPage = (u: URL) =>
      u.pathname === modulePath('NagemManagement', 'Support/RequestDetails') && u.searchParams.get('id') === request.id;

    // With the app closed, a tap opens a window on the notification's address (clients.openWindow,
    // which Chromium allows only for a real tap): that address opens the request, in its panel.
    const fresh = await context.newPage();
    await fresh.goto(notification!.url);
    await fresh.waitForURL(onRequestPage, { timeout: 30_000 });
    await fresh.getByRole('heading', { name: subject }).first().waitFor();

    // With a window of the app open elsewhere, the worker's notificationclick routes that window there.
    await openScreen(fresh, paths.user.panelDashboard);
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: object) => Event;
      };
      const [n] = await scope.registration.getNotifications();
      self.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n }));
    });
    await fresh.waitForURL(onRequestPage, { timeout: 30_000 });
    await fresh.getByRole('heading', { name: subject }).first().waitFor();
    // The tap closed the notification.
    await expect.poll(shown).toEqual([]);
  });
});
