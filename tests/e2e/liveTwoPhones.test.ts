/**
 * Live sync seen on phones (issue 26, decision 039): two phones of one person on one server, an
 * agent's phone and a third phone whose stream a proxy blocks. A sale moved on one board shows
 * moved on the other within 2 s without a reload; a count entry scanned on one phone reaches the
 * other's totals; a punch reaches the manager's dashboard; the owner (in a customer's form) and an
 * agent (on its page) see each other there; an agent whose customer was moved away loses it live;
 * a member removed from the panel is shut out; with the stream blocked the interval still brings
 * changes.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { entityPath, permission, type Entity, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { modulePath } from '../../src/contract/routes.ts';
import { Personnel, Place, Rule } from '../../modules/HumanResource/entities/masterData.ts';
import { Punch } from '../../modules/HumanResource/entities/punch.ts';
import { Module } from '../../modules/NagemManagement/entities/catalogue.ts';
import { Customer } from '../../modules/NagemManagement/entities/customers.ts';
import { Sale } from '../../modules/NagemManagement/entities/sale.ts';
import { addDays, tehranToday } from '../../modules/NagemManagement/rules/jalaliMonth.ts';
import { StockCount } from '../../modules/WarehousingMVM/entities/counts.ts';
import { Location, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from './accountSteps.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { enterPanel } from './moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from './panelsSteps.ts';
import { fa } from './pwaSupport.ts';

interface Phone {
  context: BrowserContext;
  page: Page;
  token: string;
}

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('NagemManagement', screen);
const EAN = '6260000000019';
const panelName = 'زنده';
let ownerToken = '';
let panelCode = '';
const phones: Phone[] = [];
const ids: Record<string, string> = {};

const api = <T = Row>(method: string, path: string, body?: unknown, token = ownerToken) =>
  callInPanel<T>(e2e.server.url, { method, path }, token, panelCode, body);
const create = (entity: Entity, body: Record<string, unknown>) => api('POST', entityPath(entity), { id: crypto.randomUUID(), ...body });
const read = (entity: Entity, id: string) => api('GET', `${entityPath(entity)}/${id}`);

/** A delete carries no body (so no JSON content type), only the version it saw. */
async function remove(entity: Entity, row: Row): Promise<void> {
  const response = await fetch(`${e2e.server.url}${entityPath(entity)}/${row.id}?version=${row.version}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${ownerToken}`, 'X-Panel-Code': panelCode, 'X-Forwarded-For': '10.8.8.8' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function openPhone(username: string, password: string, before?: (context: BrowserContext) => Promise<void>): Promise<Phone> {
  const context = await freshContext(e2e.browser, e2e.server, 390);
  const tokens = await signInContext(context, e2e.server, username, password);
  await before?.(context);
  const phone = { context, page: await context.newPage(), token: tokens.access_token };
  phones.push(phone);
  return phone;
}

const card = (page: Page, stage: string, customer: string) =>
  page.locator(`section[data-stage="${stage}"]`).locator('[data-sale-card]').filter({ hasText: customer });

let owner: { username: string; password: string };

beforeAll(async () => {
  owner = await newAccount(e2e.server);
  const agentAccount = await newAccount(e2e.server);
  const a = await openPhone(owner.username, owner.password);
  ownerToken = a.token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, ownerToken, null, {
    name: panelName,
    icon: 'cart',
    modules: ['PanelManagement', 'NagemManagement', 'WarehousingMVM', 'HumanResource'],
  });
  panelCode = panel.code;
  const role = await create(Role, { name: 'نماینده', permissions: [permission(Customer, 'read')] });
  const member = await create(Member, { login: agentAccount.username, roleId: role.id });
  const agentPhone = await openPhone(agentAccount.username, agentAccount.password);
  await callInPanel(e2e.server.url, panelEndpoints.acceptInvitation, agentPhone.token, null, { code: panelCode });
  ids.member = member.id;
  const crm = await create(Module, { name: 'سامانه CRM', code: 'CRM', price: 120_000_000, billing: 'yearly', active: true });
  const alborz = await create(Customer, { kind: 'company', name: 'شرکت البرز', province: 'تهران', city: 'تهران', source: 'web' });
  const kavir = await create(Customer, {
    kind: 'company',
    name: 'بازرگانی کویر',
    province: 'یزد',
    city: 'یزد',
    source: 'agent',
    agentMemberId: member.id,
  });
  ids.kavir = kavir.id;
  const sale = await create(Sale, {
    customerId: alborz.id,
    date: addDays(tehranToday(), -1),
    stage: 'lead',
    lines: [{ id: crypto.randomUUID(), moduleId: crm.id, quantity: 1, unitPrice: 120_000_000, discount: 0 }],
  });
  ids.sale = sale.id;
  const central = await create(Warehouse, { name: 'انبار مرکزی', code: 'W1', active: true });
  await create(Location, { warehouseId: central.id, code: 'A-01', kind: 'bin', active: true });
  await create(Product, {
    name: 'چای سبز',
    code: 'TEA-1',
    unit: 'pack',
    barcodes: [EAN],
    salePrice: 450_000,
    purchasePrice: 300_000,
    active: true,
  });
  ids.count = (await create(StockCount, { date: tehranToday(), warehouseId: central.id, lines: [{ id: crypto.randomUUID() }] })).id;
  const place = await create(Place, { name: 'فروشگاه مرکزی', latitude: '35.7', longitude: '51.4', radius: 150 });
  const rule = await create(Rule, {
    name: 'اداری',
    workDays: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'],
    shiftStart: '00:00',
    shiftEnd: '23:59',
    graceMinutes: 10,
    worstAccuracy: 100,
    maxOfflineHours: 72,
  });
  ids.personnel = (
    await create(Personnel, {
      name: 'مریم کریمی',
      firstName: 'مریم',
      lastName: 'کریمی',
      code: 'P-100',
      jobTitle: 'فروشنده',
      placeIds: [place.id],
      ruleId: rule.id,
      methods: ['phoneFence'],
      offlineAccepted: true,
      active: true,
    })
  ).id;
  await openPhone(owner.username, owner.password);
  for (const phone of phones) await enterPanel(phone.page, panelName);
});

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  for (const [i, phone] of phones.entries()) await screenshot(phone.page, `live-failed-${i}-${task.name.slice(0, 30)}`).catch(() => {});
});

afterAll(async () => {
  for (const phone of phones) await phone.context.close();
});

describe('two phones on one sales board', () => {
  it('a sale moved on one board shows moved on the other within 2 s, without a reload', async () => {
    const [a, , b] = phones as [Phone, Phone, Phone];
    for (const phone of [a, b]) {
      await openScreen(phone.page, at('Sale/SaleStatus'));
      await card(phone.page, 'lead', 'شرکت البرز').waitFor({ timeout: 30_000 });
    }
    const loads: string[] = [];
    b.page.on('load', () => loads.push(b.page.url()));
    await card(a.page, 'lead', 'شرکت البرز').focus();
    await a.page.keyboard.press('Space');
    // In Persian the stages run right to left: the left arrow goes forward.
    await a.page.keyboard.press('ArrowLeft');
    await a.page.keyboard.press('Space');
    await card(a.page, 'quoted', 'شرکت البرز').waitFor();
    await expect.poll(async () => (await read(Sale, ids.sale!)).stage, { timeout: 30_000 }).toBe('quoted');
    // The requirement: on the other phone within 2 s of the server having it.
    await expect.poll(() => card(b.page, 'quoted', 'شرکت البرز').count(), { timeout: 2_000 }).toBe(1);
    expect(await card(b.page, 'lead', 'شرکت البرز').count()).toBe(0);
    expect(loads).toEqual([]);
    await screenshot(b.page, 'live-board-other-phone-fa-390');
  });
});

describe('two phones counting one warehouse', () => {
  it('a count entry scanned on one phone shows in the other’s totals', async () => {
    const [a, , b] = phones as [Phone, Phone, Phone];
    const countUrl = `${modulePath('WarehousingMVM', 'Inventory/inventory')}?id=${ids.count}`;
    for (const phone of [a, b]) await openScreen(phone.page, countUrl);
    const scan = async (code: string) => {
      const field = a.page.getByRole('textbox', { name: fa('Scan a product or a location') }).first();
      await field.fill(code);
      await field.press('Enter');
    };
    await scan('A-01');
    await scan(EAN);
    await scan(EAN);
    const counted = b.page
      .getByRole('list', { name: fa('Counted so far') })
      .getByRole('listitem')
      .filter({ hasText: 'چای سبز' });
    await expect.poll(() => counted.locator('[data-key-figure]').first().innerText(), { timeout: 15_000 }).toBe('۲');
  });
});

describe('the manager’s attendance dashboard', () => {
  it('shows a punch made on another device as it comes', async () => {
    const manager = phones[2]!;
    await openScreen(manager.page, modulePath('HumanResource', 'dashboard'));
    const nobody = manager.page.getByText(fa('Nobody is clocked in.'));
    await nobody.waitFor({ timeout: 30_000 });
    await create(Punch, { personnelId: ids.personnel, at: new Date().toISOString(), direction: 'in', source: 'manual', note: 'ثبت دستی' });
    await manager.page.getByRole('listitem').filter({ hasText: 'مریم کریمی' }).first().waitFor({ timeout: 15_000 });
    expect(await nobody.count()).toBe(0);
  });
});

describe('an agent’s phone', () => {
  it('and the owner’s see each other on the customer they both have open (the owner in its form)', async () => {
    const [owner, agentPhone] = phones as [Phone, Phone];
    const present = (page: Page) => page.getByText(new RegExp(fa('{name} also has this record open', { name: '.+' })));
    await openScreen(owner.page, `${at('Customers/AddNewCustomer')}?id=${ids.kavir}`);
    await owner.page.getByRole('button', { name: fa('Save changes') }).waitFor({ timeout: 30_000 });
    await openScreen(agentPhone.page, `${at('Customers/CustomersDetails')}?id=${ids.kavir}`);
    await present(agentPhone.page).waitFor({ timeout: 15_000 });
    await present(owner.page).waitFor({ timeout: 15_000 });
    await screenshot(owner.page, 'live-presence-entity-form-fa-390');
  });

  it('loses a customer moved to no one, live', async () => {
    const phone = phones[1]!;
    await openScreen(phone.page, at('Customers/CustomersList'));
    const name = phone.page.getByText('بازرگانی کویر').first();
    await name.waitFor({ timeout: 30_000 });
    const kavir = await read(Customer, ids.kavir!);
    await api('PUT', `${entityPath(Customer)}/${kavir.id}`, { version: kavir.version, agentMemberId: null });
    await expect.poll(() => phone.page.getByText('بازرگانی کویر').count(), { timeout: 10_000 }).toBe(0);
  });

  it('is shut out of the panel once its member is removed', async () => {
    const phone = phones[1]!;
    const member = await read(Member, ids.member!);
    await remove(Member, member);
    await phone.page.getByText(fa('This panel could not be opened')).waitFor({ timeout: 10_000 });
    expect(await phone.page.getByText('شرکت البرز').count()).toBe(0);
    await screenshot(phone.page, 'live-member-removed-fa-390');
  });
});

describe('a phone whose live stream a proxy blocks', () => {
  it('still brings another device’s change, by the interval', async () => {
    let blocked = 0;
    const phone = await openPhone(owner.username, owner.password, async (context) => {
      await context.route('**/api/Sync/Live', (route) => {
        blocked++;
        return route.abort();
      });
      await context.addInitScript(() => localStorage.setItem('pishkhan:syncIntervalMs', '1000'));
    });
    await enterPanel(phone.page, panelName);
    await openScreen(phone.page, at('Sale/SaleStatus'));
    await card(phone.page, 'quoted', 'شرکت البرز').waitFor({ timeout: 30_000 });
    await waitUntilSynced(phone.page);
    const sale = await read(Sale, ids.sale!);
    await api('PUT', `${entityPath(Sale)}/${sale.id}`, { version: sale.version, stage: 'negotiating' });
    await card(phone.page, 'negotiating', 'شرکت البرز').waitFor({ timeout: 15_000 });
    expect(blocked).toBeGreaterThan(0);
  });
});
