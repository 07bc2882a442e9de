/**
 * Kiosk mode (issues 10 and 23, decision 021), in Chromium against the real server: a manager
 * sets a person's kiosk PIN and enrols a tablet as a kiosk, which ends their session there; the
 * person clocks in by personnel code and PIN, the server checks the PIN as the punch arrives;
 * offline, a right and a wrong PIN both wait on the tablet and are checked when it is online
 * again, the wrong one kept but flagged for review, which the manager sees after signing in on
 * the tablet to leave kiosk mode. Screenshots in fa and en, at 390 and 1280 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import {
  freshContext,
  logInByApi,
  newAccount,
  signInContext,
  accountServerEnv,
  switchToEnglish,
} from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, screenshotDir, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Device, Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import { parseBadge } from '../../rules/kioskSecret.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('HumanResource', screen);
let context: BrowserContext;
let page: Page;
let owner = { username: '', password: '' };
let ownerToken = '';
let panelCode = '';
let office: Row;
let kiosk: Row;
let maryam: Row;

async function list(entity: Parameters<typeof entityPath>[0]): Promise<Row[]> {
  return (await callInPanel<EntityListResponse>(e2e.server.url, { method: 'GET', path: entityPath(entity) }, ownerToken, panelCode)).items;
}

async function waitForPunches(count: number): Promise<Row[]> {
  for (let i = 0; i < 120; i++) {
    const rows = await list(Punch);
    if (rows.length >= count) return rows.sort((a, b) => String(a.at).localeCompare(String(b.at)));
    await new Promise((r) => setTimeout(r, 250));
  }
  return list(Punch);
}

/** Types on the kiosk's keypad, as a person does with a finger. */
async function keypad(digits: string, ok: string) {
  for (const d of digits) await page.getByRole('button', { name: '۰۱۲۳۴۵۶۷۸۹'[Number(d)], exact: true }).click();
  await page.getByRole('button', { name: ok, exact: true }).click();
}

async function enterCodeAndPin(code: string, pin: string) {
  const field = page.getByLabel(fa('Personnel code, or scan your badge'));
  await field.fill(code);
  await field.press('Enter');
  await page.getByLabel(fa('{person}, type your PIN', { person: 'مریم کریمی' })).waitFor();
  await keypad(pin, fa('Confirm'));
}

beforeAll(async () => {
  owner = await newAccount(e2e.server);
  ownerToken = (await logInByApi(e2e.server, owner.username, owner.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, ownerToken, null, {
    name: 'فروشگاه کیوسک',
    icon: 'clock',
    modules: ['PanelManagement', 'HumanResource'],
  });
  panelCode = panel.code;
  const post = <T>(entity: Parameters<typeof entityPath>[0], body: unknown) =>
    callInPanel<T>(e2e.server.url, { method: 'POST', path: entityPath(entity) }, ownerToken, panelCode, body);
  office = await post<Row>(Place, { name: 'شعبهٔ مرکزی', latitude: '35.7', longitude: '51.4', radius: 150 });
  const rule = await post<Row>(Rule, {
    name: 'فروشگاه',
    workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'],
    shiftStart: '09:00',
    shiftEnd: '17:00',
    maxOfflineHours: 72,
  });
  maryam = await post<Row>(Personnel, {
    firstName: 'مریم',
    lastName: 'کریمی',
    code: 'P-001',
    jobTitle: 'صندوقدار',
    nationalId: '0012345679',
    mobile: '09121234567',
    placeIds: [office.id],
    ruleId: rule.id,
    methods: ['kiosk'],
    offlineAccepted: true,
    active: true,
  });
  kiosk = await post<Row>(Device, { name: 'تبلت ورودی', kind: 'kiosk', placeId: office.id, serial: 'TAB-1', active: true });

  context = await freshContext(e2e.browser, e2e.server, 1280);
  await signInContext(context, e2e.server, owner.username, owner.password);
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه کیوسک');
});

afterAll(() => context?.close());

screenshotFailures('kiosk', () => page);

describe('kiosk mode', () => {
  it('a manager sets a person’s kiosk PIN: it reaches the server, and never comes back from it', async () => {
    await openScreen(page, at('Management/Personnel/list/PersonnelList'));
    await page.getByRole('table').getByRole('button', { name: 'مریم کریمی' }).click();
    await page.getByRole('button', { name: fa('Set kiosk PIN') }).click();
    const dialog = page.getByRole('dialog', { name: fa('Kiosk PIN for {name}', { name: 'مریم کریمی' }) });
    await dialog.getByLabel(fa('New PIN')).fill('4821');
    await dialog.getByLabel(fa('The PIN again')).fill('4812');
    await dialog.getByRole('button', { name: fa('Set kiosk PIN') }).click();
    await dialog.getByText(fa('The two PINs are not the same.')).waitFor();
    await dialog.getByLabel(fa('The PIN again')).fill('4821');
    await dialog.getByRole('button', { name: fa('Set kiosk PIN') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await list(Personnel)).find((p) => p.id === maryam.id)?.version, { timeout: 30_000 })
      .toBeGreaterThan(maryam.version as number);
    expect((await list(Personnel)).find((p) => p.id === maryam.id)).not.toHaveProperty('pinHash');
  });

  it('shows a credit-card badge to print, with the QR code', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('button', { name: fa('Print badge') }).click();
      const badge = page.getByRole('dialog', { name: fa('Badge for {name}', { name: 'مریم کریمی' }) });
      await badge
        .getByRole('img', { name: fa('Badge preview') })
        .getByText('صندوقدار')
        .waitFor();
      expect(await badge.locator('.hr-badge svg').count()).toBe(1);
      await screenshot(page, `kiosk-badge-fa-${width}`);
      if (width === 1280) {
        // The printed QR code is read back by the camera scanner's reader: the ZXing polyfill with
        // its WASM from our origin, under the app's Content-Security-Policy.
        const reader = readdirSync(join(inject('distDir'), 'assets')).find((f) => /^zxingDetector-.*\.js$/.test(f));
        // A string: Vitest would rewrite an import() written in a function.
        const read = await page.evaluate<string>(`(async () => {
          const { zxingDetector } = await import('/assets/${reader}');
          const svg = new XMLSerializer().serializeToString(document.querySelector('.hr-badge svg'));
          const image = new Image();
          image.src = 'data:image/svg+xml;base64,' + btoa(svg);
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = canvas.height = 400;
          const pen = canvas.getContext('2d');
          pen.fillStyle = '#fff';
          pen.fillRect(0, 0, 400, 400);
          pen.drawImage(image, 40, 40, 320, 320);
          return (await zxingDetector(['qr_code']).detect(canvas))[0]?.rawValue ?? '';
        })()`);
        expect(parseBadge(read)?.code).toBe('P-001');
        await page.emulateMedia({ media: 'print' });
        // Printed alone, at the top of a page of its own size (the rest of the page is hidden).
        const printed = (await page.locator('.hr-badge').boundingBox())!;
        expect(printed.y).toBe(0);
        expect(await page.locator('main').evaluate((main) => getComputedStyle(main).visibility)).toBe('hidden');
        await page.screenshot({
          path: `${screenshotDir}/kiosk-badge-print.png`,
          clip: { x: printed.x, y: 0, width: printed.width, height: printed.height },
        });
        await page.emulateMedia({ media: 'screen' });
      }
      await badge.getByRole('button', { name: fa('Cancel') }).click();
      await badge.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('a manager enrols the tablet as a kiosk: their session ends there, and the kiosk shows the place and the clock', async () => {
    await openScreen(page, at('Management/Workplace/Device/DeviceManagement'));
    await page.getByRole('table').getByRole('button', { name: 'تبلت ورودی' }).click();
    await page.getByRole('button', { name: fa('Start kiosk mode on this device') }).click();
    await page.waitForURL((url) => url.pathname === at('Management/Workplace/Device/Kiosk'));
    await page.getByRole('heading', { level: 1, name: 'شعبهٔ مرکزی' }).waitFor();
    await page.getByLabel(fa('Personnel code, or scan your badge')).waitFor();
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.token ?? '').toBe('');
    expect(cookies.refresh_token ?? '').toBe('');
    // What the tablet keeps: the credential, names and codes; never a PIN hash, national id or mobile.
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(kept).toContain('pkd1.');
    expect(kept).toContain('P-001');
    expect(kept).not.toMatch(/pbkdf2|0012345679|09121234567/);
    await screenshot(page, 'kiosk-idle-fa-1280');
  });

  it('online: a right PIN clocks in at once; a wrong one is kept, and the person is told it was not accepted', async () => {
    await enterCodeAndPin('P-001', '4821');
    await page.getByRole('button', { name: fa('In'), exact: true }).click();
    await page.getByText(new RegExp(`^${fa('Clocked in at {time}', { time: '.+' })}$`)).waitFor();
    await screenshot(page, 'kiosk-clocked-in-fa-1280');
    const [punch] = await waitForPunches(1);
    expect(punch).toMatchObject({
      personnelId: maryam.id,
      direction: 'in',
      source: 'kiosk',
      deviceId: kiosk.id,
      placeId: office.id,
      status: 'accepted',
      flags: [],
    });
    await page.getByLabel(fa('Personnel code, or scan your badge')).waitFor({ timeout: 10_000 });
    await enterCodeAndPin('P-001', '1111');
    await page.getByRole('button', { name: fa('Out'), exact: true }).click();
    await page.getByText(fa('The PIN or badge was not accepted')).waitFor();
    await screenshot(page, 'kiosk-wrong-pin-fa-1280');
    const rows = await waitForPunches(2);
    expect(rows[1]).toMatchObject({ direction: 'out', status: 'flagged', flags: ['unverified'] });
  });

  it('offline: a right and a wrong PIN wait on the tablet and are checked when it is online again', async () => {
    await page.getByLabel(fa('Personnel code, or scan your badge')).waitFor({ timeout: 10_000 });
    await context.setOffline(true);
    await page.getByText(fa('Offline: punches wait on this tablet')).waitFor();
    // The keypad has digits only: "001" finds P-001.
    await page.getByLabel(fa('Personnel code, or scan your badge')).focus();
    await keypad('001', fa('Next'));
    await page.getByLabel(fa('{person}, type your PIN', { person: 'مریم کریمی' })).waitFor();
    await keypad('4821', fa('Confirm'));
    await page.getByRole('button', { name: fa('In'), exact: true }).click();
    await page.getByText(fa('Saved on this tablet; it will be sent, and the PIN checked, when the tablet is online.')).waitFor();
    await screenshot(page, 'kiosk-offline-fa-1280');
    await page.getByLabel(fa('Personnel code, or scan your badge')).waitFor({ timeout: 10_000 });
    await enterCodeAndPin('P-001', '9999');
    await page.getByRole('button', { name: fa('Out'), exact: true }).click();
    await page.getByText(fa('Saved on this tablet; it will be sent, and the PIN checked, when the tablet is online.')).waitFor();
    await page.getByText(fa('Punches waiting on this tablet: {waitingCount}', { waitingCount: '۲' })).waitFor();
    expect(await list(Punch)).toHaveLength(2);
    await context.setOffline(false);
    const rows = await waitForPunches(4);
    expect(rows.slice(2).map((r) => [r.direction, r.status, r.flags])).toEqual([
      ['in', 'accepted', []],
      ['out', 'flagged', ['unverified']],
    ]);
    await page.getByText(fa('Punches waiting on this tablet: {waitingCount}', { waitingCount: '۲' })).waitFor({ state: 'detached' });
  });

  it('leaving kiosk mode needs a manager; the manager then sees the wrong-PIN punches flagged for review', async () => {
    await page.getByRole('button', { name: fa('Leave kiosk mode') }).click();
    const dialog = page.getByRole('dialog', { name: fa('Leave kiosk mode?') });
    await dialog.getByLabel(fa('Manager’s username')).fill(owner.username);
    await dialog.getByLabel(fa('Password')).fill('not-the-password');
    await dialog.getByRole('button', { name: fa('Leave kiosk mode') }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel(fa('Password')).fill(owner.password);
    await dialog.getByRole('button', { name: fa('Leave kiosk mode') }).click();
    await page.waitForURL((url) => url.pathname === at('Management/Workplace/Device/DeviceManagement'));
    expect(await page.evaluate(() => localStorage.getItem('pishkhan.HumanResource.kiosk'))).toBeNull();
    await openScreen(page, at('dashboard'));
    const unverified = fa('flag.unverified');
    await expect.poll(() => page.getByText(unverified).count(), { timeout: 30_000 }).toBe(2);
    await screenshot(page, 'kiosk-review-fa-1280');
    await switchToEnglish(page);
    await expect.poll(() => page.getByText('Not proven: wrong PIN or badge').count(), { timeout: 30_000 }).toBe(2);
    await screenshot(page, 'kiosk-review-en-1280');
  });

  it('looks right in en at 390 and 1280 px', async () => {
    await openScreen(page, at('Management/Workplace/Device/DeviceManagement'));
    await page.getByRole('table').getByRole('button', { name: 'تبلت ورودی' }).click();
    await page.getByRole('button', { name: 'Start kiosk mode on this device' }).click();
    await page.waitForURL((url) => url.pathname === at('Management/Workplace/Device/Kiosk'));
    await page.getByLabel('Personnel code, or scan your badge').waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await screenshot(page, `kiosk-idle-en-${width}`);
    }
    await enterCodeAndPinEn('P-001', '1234');
    await page.getByRole('button', { name: 'In', exact: true }).click();
    await page.getByText('The PIN or badge was not accepted').waitFor();
    await screenshot(page, 'kiosk-wrong-pin-en-1280');
  });
});

async function enterCodeAndPinEn(code: string, pin: string) {
  const field = page.getByLabel('Personnel code, or scan your badge');
  await field.fill(code);
  await field.press('Enter');
  const pinField = page.getByLabel('مریم کریمی, type your PIN');
  await pinField.fill(pin);
  await pinField.press('Enter');
}
