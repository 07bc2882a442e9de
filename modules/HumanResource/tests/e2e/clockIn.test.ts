/**
 * Clocking in from a staff member's own phone (issue 10), in Chromium against the real server,
 * with the position faked: inside the office's fence the punch is accepted; 1.1 km away the phone
 * refuses and names the distance; with no signal the punch is kept on the phone and reaches the
 * server once the signal is back. Screenshots of every HR screen in fa and en, at 390 and 1280 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../../../src/contract/access.ts';
import { entityPath, permission, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath, paths } from '../../../../src/contract/routes.ts';
import {
  accountServerEnv,
  freshContext,
  logInByApi,
  newAccount,
  signInContext,
  switchToEnglish,
} from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Personnel, Place, Rule } from '../../entities/masterData.ts';
import { Punch } from '../../entities/punch.ts';
import { jalaliDate } from '../../../../src/contract/jalali.ts';
import { addDays, tehranDay } from '../../rules/attendanceDay.ts';
import { networkQuiet } from '../../../../tests/e2e/networkQuiet.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('HumanResource', screen);
const office = { latitude: 35.7, longitude: 51.4 };
let context: BrowserContext;
let page: Page;
let ownerToken = '';
let ownerAccount = { username: '', password: '' };
let panelCode = '';
let staffAccount = { username: '', password: '' };

async function punches(): Promise<Row[]> {
  const list = await callInPanel<EntityListResponse>(e2e.server.url, { method: 'GET', path: entityPath(Punch) }, ownerToken, panelCode);
  return [...list.items].sort((a, b) => String(a.at).localeCompare(String(b.at)));
}

async function waitForPunches(count: number): Promise<Row[]> {
  for (let i = 0; i < 60; i++) {
    const rows = await punches();
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
  return punches();
}

beforeAll(async () => {
  const owner = await newAccount(e2e.server);
  ownerAccount = owner;
  ownerToken = (await logInByApi(e2e.server, owner.username, owner.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, ownerToken, null, {
    name: 'شرکت ساعت',
    icon: 'clock',
    modules: ['PanelManagement', 'HumanResource'],
  });
  panelCode = panel.code;
  const post = <T>(entity: Parameters<typeof entityPath>[0], body: unknown) =>
    callInPanel<T>(e2e.server.url, { method: 'POST', path: entityPath(entity) }, ownerToken, panelCode, body);
  const staffPermissions = [Personnel, Place, Rule, Punch].map((e) => permission(e, 'read')).concat(permission(Punch, 'create'));
  const role = await post<Row>(Role, { name: 'کارمند', permissions: staffPermissions });
  const staff = await newAccount(e2e.server);
  staffAccount = staff;
  const member = await post<Row>(Member, { login: staff.username, roleId: role.id });
  const staffToken = (await logInByApi(e2e.server, staff.username, staff.password)).access_token;
  await callInPanel(e2e.server.url, panelEndpoints.acceptInvitation, staffToken, null, { code: panelCode });
  const place = await post<Row>(Place, {
    name: 'دفتر مرکزی',
    latitude: String(office.latitude),
    longitude: String(office.longitude),
    radius: 150,
  });
  const rule = await post<Row>(Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'],
    shiftStart: '08:00',
    shiftEnd: '16:00',
    graceMinutes: 10,
    worstAccuracy: 100,
    maxOfflineHours: 72,
  });
  await post(Personnel, {
    firstName: 'مریم',
    lastName: 'کریمی',
    code: 'P-001',
    memberId: member.id,
    placeIds: [place.id],
    ruleId: rule.id,
    methods: ['phoneFence'],
    offlineAccepted: true,
    active: true,
  });

  context = await freshContext(e2e.browser, e2e.server, 390);
  await context.grantPermissions(['geolocation'], { origin: e2e.server.url });
  await context.setGeolocation({ ...office, latitude: office.latitude + 0.0004, accuracy: 12 });
  await signInContext(context, e2e.server, staff.username, staff.password);
  page = await context.newPage();
  await enterPanel(page, 'شرکت ساعت');
  await openScreen(page, at('dashboard'));
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

screenshotFailures('hr', () => page);

describe('clocking in from the phone', () => {
  it('inside the fence: accepted, at the office', async () => {
    await page.getByRole('button', { name: fa('Clock in') }).click();
    await page.getByText(fa('At {place}.', { place: 'دفتر مرکزی' })).waitFor();
    await screenshot(page, 'hr-clock-in-fa-390');
    const [punch] = await waitForPunches(1);
    expect(punch).toMatchObject({ direction: 'in', source: 'phone', status: 'accepted', flags: [] });
    await page.getByRole('button', { name: fa('Clock out') }).waitFor();
  });

  it('1.1 km away: refused on the phone, with the distance named', async () => {
    await context.setGeolocation({ latitude: office.latitude + 0.01, longitude: office.longitude, accuracy: 12 });
    await page.getByRole('button', { name: fa('Clock out') }).click();
    const refusal = page.getByRole('alert').filter({ hasText: fa('Not clocked: you are outside your workplaces') });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/[۰-۹٬]{5} متر با دفتر مرکزی/);
    await screenshot(page, 'hr-clock-outside-fa-390');
    expect(await punches()).toHaveLength(1);
  });

  it('offline: kept on the phone, then sent once online', async () => {
    await context.setGeolocation({ ...office, accuracy: 8 });
    await context.setOffline(true);
    await page.getByRole('button', { name: fa('Clock out') }).click();
    await page.getByText(fa('Saved on this phone; it will be sent when the phone is online.')).waitFor();
    await page.getByText(fa('Waiting to send')).waitFor();
    expect(await punches()).toHaveLength(1);
    await context.setOffline(false);
    await waitUntilSynced(page);
    const rows = await waitForPunches(2);
    expect(rows[1]).toMatchObject({ direction: 'out', status: 'accepted', flags: [] });
  });
});

describe('what the phone cannot vouch for', () => {
  it('poor accuracy: kept, flagged for the manager, and said so', async () => {
    await context.setGeolocation({ ...office, accuracy: 450 });
    await page.getByRole('button', { name: fa('Clock in') }).click();
    await page
      .getByText(fa('Your position is rough (±{accuracy} m): the punch is kept and flagged for your manager.', { accuracy: '۴۵۰' }))
      .waitFor();
    const rows = await waitForPunches(3);
    expect(rows[2]).toMatchObject({ direction: 'in', status: 'flagged', flags: ['poorAccuracy'], accuracy: 450 });
  });

  it('a phone whose clock is 2 hours fast: its punches carry the server’s time, online and offline', async () => {
    const skew = 2 * 3_600_000;
    const skewed = await freshContext(e2e.browser, e2e.server, 390);
    try {
      // The phone's clock runs 2 hours ahead from before the app starts: every page's Date says so,
      // while its timers run as they do (Playwright's fake clock would take the timers over too).
      await skewed.addInitScript(`(() => {
        const Real = Date;
        const skew = ${skew};
        class Skewed extends Real {
          constructor(...args) { if (args.length === 0) super(Real.now() + skew); else super(...args); }
          static now() { return Real.now() + skew; }
        }
        globalThis.Date = Skewed;
      })()`);
      await skewed.grantPermissions(['geolocation'], { origin: e2e.server.url });
      await skewed.setGeolocation({ ...office, accuracy: 10 });
      await signInContext(skewed, e2e.server, staffAccount.username, staffAccount.password);
      const phone = await skewed.newPage();
      await openScreen(phone, paths.user.panelList);
      await phone.getByRole('button', { name: 'شرکت ساعت' }).click();
      await phone.waitForURL((url) => url.pathname === paths.user.panelDashboard);
      await openScreen(phone, at('dashboard'));
      await waitUntilSynced(phone);

      await phone.getByRole('button', { name: fa('Clock out') }).click();
      await phone.getByText(fa('At {place}.', { place: 'دفتر مرکزی' })).waitFor();
      const online = (await waitForPunches(4))[3]!;
      const late = (row: Row) => new Date(String(row.receivedAt)).getTime() - new Date(String(row.at)).getTime();
      expect(online).toMatchObject({ direction: 'out', status: 'accepted', flags: [] });
      expect(Math.abs(late(online))).toBeLessThan(60_000);
      expect(new Date(String(online.deviceAt)).getTime() - new Date(String(online.at)).getTime()).toBeGreaterThan(skew - 60_000);

      // Offline, the offset learned at the last contact still corrects the clock: the phone goes
      // offline once its round has settled and the card offers the next punch.
      await waitUntilSynced(phone);
      await phone.getByRole('button', { name: fa('Clock in') }).waitFor();
      await skewed.setOffline(true);
      await phone.getByRole('button', { name: fa('Clock in') }).click();
      await phone.getByText(fa('Saved on this phone; it will be sent when the phone is online.')).waitFor();
      await skewed.setOffline(false);
      await waitUntilSynced(phone);
      const offline = (await waitForPunches(5))[4]!;
      expect(offline).toMatchObject({ direction: 'in', status: 'accepted', flags: [] });
      expect(Math.abs(late(offline))).toBeLessThan(60_000);
      await screenshot(phone, 'hr-clock-skewed-fa-390');
    } finally {
      await skewed.close();
    }
  });
});

describe('a manager’s corrections', () => {
  it('imports a reader log through a preview, then adds a correction and voids a punch from the report', async () => {
    const owner = await freshContext(e2e.browser, e2e.server, 1280);
    const manager = await owner.newPage();
    try {
      await signInContext(owner, e2e.server, ownerAccount.username, ownerAccount.password);
      await openScreen(manager, paths.user.panelList);
      await manager.getByRole('button', { name: 'شرکت ساعت' }).click();
      await manager.waitForURL((url) => url.pathname === paths.user.panelDashboard);
      await openScreen(manager, at('Management/Workplace/Device/DeviceManagement'));
      await waitUntilSynced(manager);
      const before = (await punches()).length;

      // The reader's file of yesterday: Maryam twice at 07:58 (one kept), her out (a Jalali date), and a code nobody carries.
      const today = tehranDay(Date.now());
      const yesterday = addDays(today, -1);
      const j = jalaliDate(new Date(`${yesterday}T12:00:00Z`));
      const log = `کد پرسنلی,تاریخ,ساعت,نوع\nP-001,${yesterday},07:58,0\nP-001,${yesterday},07:58,0\n P-001 ,${j.year}/${j.month}/${j.day},16:05,خروج\nX-9,${yesterday},08:00,0\n`;
      await manager.locator('input[type="file"]').setInputFiles({ name: 'reader.csv', mimeType: 'text/csv', buffer: Buffer.from(log) });
      await manager.getByRole('button', { name: fa('Add {0} punches', { 0: '۲' }) }).waitFor();
      expect(
        await manager
          .getByRole('status')
          .filter({ hasText: fa('No personnel carries these codes; their lines are left out') })
          .innerText(),
      ).toContain('X-9');
      await screenshot(manager, 'hr-reader-import-preview-fa-1280');
      await manager.getByRole('button', { name: fa('Add {0} punches', { 0: '۲' }) }).click();
      await manager.getByText(fa('{0} punches added', { 0: '۲' })).waitFor();
      await waitUntilSynced(manager);
      const imported = (await waitForPunches(before + 2)).filter((r) => r.source === 'reader');
      expect(imported.map((r) => [r.direction, r.status, r.flags])).toEqual([
        ['in', 'flagged', ['method']],
        ['out', 'flagged', ['method']],
      ]);

      // From the report: Maryam's yesterday (the reader's 07:58 in and 16:05 out, whatever the hour
      // the test runs at), a correction added and the earliest punch, the reader's in, voided.
      await openScreen(manager, at('Management/Attendance/Report/ReportIO'));
      const todayInJalali = jalaliDate(new Date(`${today}T12:00:00Z`));
      if (j.month !== todayInJalali.month) {
        // Today is the first of a Jalali month: yesterday is in the month before.
        await manager.getByLabel(fa('Year')).selectOption(String(j.year));
        await manager.getByLabel(fa('Month')).selectOption(String(j.month));
      }
      await manager.getByRole('table').getByRole('button', { name: 'مریم کریمی' }).click();
      // The day's button reads as the app writes a date in fa (src/i18n/format.ts): Jalali, Persian digits, Tehran.
      const dayName = new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', { timeZone: 'Asia/Tehran', dateStyle: 'medium' }).format(
        new Date(`${yesterday}T12:00:00Z`),
      );
      await manager.getByRole('button', { name: dayName, exact: true }).click();
      const dialog = manager.getByRole('dialog');
      await dialog.getByLabel(fa('Time')).fill('12:30');
      await dialog.getByLabel(fa('Note')).fill('ناهار را فراموش کرد بزند');
      await dialog.getByRole('button', { name: fa('Add punch') }).click();
      await manager.getByText(fa('Correction added.')).waitFor();
      await dialog
        .getByRole('button', { name: fa('Void…') })
        .first()
        .click();
      await dialog.getByLabel(fa('Why it is void')).fill('تکراری');
      await dialog.getByRole('button', { name: fa('Void'), exact: true }).click();
      await manager.getByText(fa('Punch void.')).waitFor();
      await screenshot(manager, 'hr-day-punches-fa-1280');
      await waitUntilSynced(manager);
      await expect
        .poll(
          async () =>
            (await punches()).filter((r) => r.source === 'manual' && r.note === 'ناهار را فراموش کرد بزند' && r.status === 'accepted')
              .length,
        )
        .toBe(1);
      await expect
        .poll(async () => (await punches()).filter((r) => r.status === 'void' && r.note === 'تکراری').map((r) => r.source))
        .toEqual(['reader']);
    } finally {
      await owner.close();
    }
  });
});

describe('every attendance screen', () => {
  const screens = [
    'dashboard',
    'Management/Attendance/Report/ReportIO',
    'Management/Personnel/list/PersonnelList',
    'Management/Personnel/AddNewPersonnel',
    'Management/Workplace/Place/PlaceManagement',
    'Management/Workplace/Rules/RulesManagement',
    'Management/Workplace/Device/DeviceManagement',
  ];
  const shortName = (screen: string) => screen.split('/').at(-1)!;

  for (const width of [1280, 390]) {
    it(`opens for the owner with real content in fa and en at ${width} px`, async () => {
      const owner = await freshContext(e2e.browser, e2e.server, width);
      await signInContext(owner, e2e.server, ownerAccount.username, ownerAccount.password);
      const ownerPage = await owner.newPage();
      try {
        await openScreen(ownerPage, paths.user.panelList);
        await ownerPage.getByRole('button', { name: 'شرکت ساعت' }).click();
        await ownerPage.waitForURL((url) => url.pathname === paths.user.panelDashboard);
        for (const language of ['fa', 'en'] as const) {
          if (language === 'en') await switchToEnglish(ownerPage);
          for (const screen of screens) {
            await openScreen(ownerPage, at(screen));
            expect(await ownerPage.locator('h1').first().innerText()).not.toBe('');
            await networkQuiet(ownerPage).catch(() => {});
            await screenshot(ownerPage, `hr-${shortName(screen)}-${language}-${width}`);
          }
        }
        await openScreen(ownerPage, at('Management/Attendance/Report/ReportIO'));
        await ownerPage.getByRole('table').getByRole('button', { name: 'مریم کریمی' }).click();
        await ownerPage.getByRole('table', { name: /مریم کریمی|Days of/ }).waitFor();
      } finally {
        await owner.close();
      }
    });
  }
});
