/**
 * Sales in Chromium against the real server: the board moves a sale by keyboard (Space, arrows,
 * Space, with what a screen reader hears; offline, sent once back online) and by pointer drag; a new sale shows its net, VAT and
 * total while its lines are typed; and every route of the module opens, in Persian on a phone
 * and in English on a wide screen, with screenshots to look at.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Agent, Module } from '../../entities/catalogue.ts';
import { Customer, Payment } from '../../entities/customers.ts';
import { Sale } from '../../entities/sale.ts';
import { Request, RequestMessage } from '../../entities/support.ts';
import module from '../../module.ts';
import { addDays, tehranToday } from '../../rules/jalaliMonth.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('NagemManagement', screen);
let context: BrowserContext;
let page: Page;
let token = '';
let panelCode = '';
const ids: Record<string, string> = {};

const create = (entity: Parameters<typeof entityPath>[0], body: Record<string, unknown>) =>
  callInPanel<Row>(e2e.server.url, { method: 'POST', path: entityPath(entity) }, token, panelCode, { id: crypto.randomUUID(), ...body });
const line = (moduleId: string, quantity: number, unitPrice: number, discount = 0) => ({
  id: crypto.randomUUID(),
  moduleId,
  quantity,
  unitPrice,
  discount,
});

/** What the page reported as errors (a screen that threw, a failed render). */
const problems: string[] = [];

const column = (stage: string) => page.locator(`section[data-stage="${stage}"]`);

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'ناگم',
    icon: 'cart',
    modules: ['PanelManagement', 'NagemManagement'],
  });
  panelCode = panel.code;
  const today = tehranToday();
  const crm = await create(Module, { name: 'سامانه CRM', code: 'CRM', price: 120_000_000, billing: 'yearly', active: true });
  const hr = await create(Module, { name: 'حضور و غیاب', code: 'HR', price: 3_500_000, billing: 'monthly', active: true });
  ids.crm = crm.id;
  await create(Agent, {
    name: 'نماینده شیراز',
    kind: 'reseller',
    region: 'فارس',
    commissionRate: '5',
    monthlyTarget: 500_000_000,
    active: true,
  });
  const alborz = await create(Customer, {
    kind: 'company',
    name: 'شرکت البرز',
    province: 'تهران',
    city: 'تهران',
    source: 'web',
    mobiles: ['09121234567'],
  });
  const baran = await create(Customer, { kind: 'company', name: 'بازرگانی باران', province: 'فارس', city: 'شیراز', source: 'agent' });
  ids.alborz = alborz.id;
  await create(Sale, { customerId: alborz.id, date: addDays(today, -3), stage: 'lead', lines: [line(crm.id, 1, 120_000_000, 20_000_000)] });
  await create(Sale, { customerId: baran.id, date: addDays(today, -10), stage: 'negotiating', lines: [line(hr.id, 12, 3_500_000)] });
  const won = await create(Sale, {
    customerId: baran.id,
    date: addDays(today, -20),
    stage: 'won',
    lines: [line(crm.id, 1, 110_000_000), line(hr.id, 1, 3_500_000)],
  });
  ids.won = won.id;
  await create(Payment, { customerId: baran.id, date: today, amount: 50_000_000, method: 'transfer' });
  const request = await create(Request, {
    customerId: baran.id,
    subject: 'ورود به سامانه ممکن نیست',
    priority: 'urgent',
    status: 'open',
    category: 'technical',
    description: 'از صبح خطای ۵۰۰ می‌دهد.',
  });
  ids.request = request.id;
  await create(RequestMessage, { requestId: request.id, kind: 'note', body: 'لاگ‌ها بررسی شد.' });
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  await enterPanel(page, 'ناگم');
  await openScreen(page, at('Sale/SaleStatus'));
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

screenshotFailures('sales', () => page);

describe('the sales board', () => {
  it('moves a sale by keyboard, saying what happens, and by dragging it', async () => {
    await go(page, at('Sale/SaleStatus'));
    const card = column('lead').locator('[data-sale-card]').filter({ hasText: 'شرکت البرز' });
    await card.waitFor({ timeout: 30_000 });
    await screenshot(page, 'sales-board-fa-390');
    // With no signal: the move is kept on the phone and sent once back online.
    await context.setOffline(true);
    await card.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'شرکت البرز' }).count()).toBeGreaterThan(0);
    // In Persian the stages run right to left: the left arrow goes forward.
    await page.keyboard.press('ArrowLeft');
    await page.getByText(fa('Over {0}.', { 0: fa('nm.stage.quoted') })).waitFor();
    await page.keyboard.press('Space');
    await column('quoted').locator('[data-sale-card]').filter({ hasText: 'شرکت البرز' }).waitFor();
    await page.getByText(fa('{customer} moved to {0}.', { customer: 'شرکت البرز', 0: fa('nm.stage.quoted') })).waitFor();
    await context.setOffline(false);
    await waitUntilSynced(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    const moved = column('quoted').locator('[data-sale-card]').filter({ hasText: 'شرکت البرز' });
    const from = (await moved.boundingBox())!;
    const to = (await column('negotiating').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 3 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 8 });
    await page.mouse.up();
    await column('negotiating').locator('[data-sale-card]').filter({ hasText: 'شرکت البرز' }).waitFor();
    await waitUntilSynced(page);
    await screenshot(page, 'sales-board-fa-1280');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('shows a new sale’s net, VAT and total while its lines are typed', async () => {
    await go(page, `${at('Sale/AddNewSale')}?customerId=${ids.alborz}`);
    const item = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    const input = item.getByRole('combobox', { name: fa('nm.field.SaleLine.moduleId') }).first();
    await input.fill('سامانه');
    await page.getByRole('option', { name: 'سامانه CRM' }).first().click();
    await item.getByLabel(fa('nm.field.SaleLine.quantity')).fill('۲');
    await item.getByLabel(fa('nm.field.SaleLine.unitPrice')).fill('1000005');
    await item.getByLabel(fa('nm.field.SaleLine.discount')).fill('5');
    // 2 × 1,000,005 − 5 = 2,000,005; VAT 10 % half up = 200,001; total 2,200,006.
    await page
      .getByText(fa('{number} rials', { number: '۲٬۲۰۰٬۰۰۶' }))
      .first()
      .waitFor();
    await page
      .getByText(fa('{number} rials', { number: '۲۰۰٬۰۰۱' }))
      .first()
      .waitFor();
    await screenshot(page, 'sales-new-sale-fa-390');
  });
});

/** An input's figure as plain digits, whichever digits and separators it is shown with. */
const digitsOf = (value: string) => value.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/\D/g, '');

/** The page is no wider than the screen (nothing pans sideways). */
const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a sale’s own page and form', () => {
  it('moves a sale along its stages by touch and by keyboard, asks why it was lost, and offers invoicing only once won', async () => {
    const sale = await create(Sale, {
      customerId: ids.alborz,
      date: tehranToday(),
      stage: 'lead',
      lines: [line(ids.crm!, 1, 120_000_000)],
    });
    await go(page, `${at('Sale/SaleList')}?id=${sale.id}`);
    const bar = page.getByRole('navigation', { name: fa('nm.field.Sale.stage') });
    const current = bar.locator('[aria-current="step"]');
    await expect.poll(() => current.textContent()).toBe(fa('nm.stage.lead'));
    expect(await bar.getByRole('button').count()).toBe(5);
    expect(await fitsTheScreen()).toBe(true);
    await screenshot(page, 'sale-stages-fa-390');
    // On the narrowest phone the stages wrap inside the bar; the page does not pan sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect.poll(fitsTheScreen).toBe(true);
    await screenshot(page, 'sale-stages-fa-360');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.getByRole('button', { name: fa('Submit'), exact: true }).count()).toBe(0);

    await bar.getByRole('button', { name: fa('nm.stage.quoted') }).tap();
    await expect.poll(() => current.textContent()).toBe(fa('nm.stage.quoted'));
    // Keyboard: from the current stage, Tab reaches the next ones and Enter moves the sale there.
    await current.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(fa('nm.stage.lost'));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(fa('nm.field.Sale.lostReason')).fill('قیمت بالا بود');
    await screenshot(page, 'sale-stages-lost-fa-390');
    await dialog.getByRole('button', { name: fa('Move to {0}', { 0: fa('nm.stage.lost') }) }).click();
    await expect.poll(() => current.textContent()).toBe(fa('nm.stage.lost'));
    // On the page (the print page under the body holds the same words, hidden on screen).
    await page.locator('main').getByText('قیمت بالا بود').waitFor();

    await bar.getByRole('button', { name: fa('nm.stage.won') }).tap();
    await expect.poll(() => current.textContent()).toBe(fa('nm.stage.won'));
    // The reason applies to a lost sale only; a won one is invoiced by submitting it.
    await expect.poll(() => page.locator('main').getByText('قیمت بالا بود').count()).toBe(0);
    await page.getByRole('button', { name: fa('Submit'), exact: true }).waitFor();
    await waitUntilSynced(page);
    expect(problems).toEqual([]);
    await page.reload();
    await expect
      .poll(
        () =>
          page
            .getByRole('navigation', { name: fa('nm.field.Sale.stage') })
            .locator('[aria-current="step"]')
            .textContent(),
        { timeout: 30_000 },
      )
      .toBe(fa('nm.stage.won'));
    await screenshot(page, 'sale-stages-won-fa-390');
  });

  it('fills a line’s price from the catalogue, saves an open sale with “Save” and offers “Save and invoice” once won', async () => {
    await go(page, `${at('Sale/AddNewSale')}?customerId=${ids.alborz}`);
    expect(await page.getByLabel(fa('nm.field.Sale.lostReason')).count()).toBe(0);
    const item = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await item
      .getByRole('combobox', { name: fa('nm.field.SaleLine.moduleId') })
      .first()
      .fill('سامانه');
    await page.getByRole('option', { name: 'سامانه CRM' }).first().click();
    const price = item.getByLabel(fa('nm.field.SaleLine.unitPrice'));
    await expect.poll(async () => digitsOf(await price.inputValue())).toBe('120000000');
    // The price is the person's to change.
    await price.fill('110000000');
    await expect.poll(async () => digitsOf(await price.inputValue())).toBe('110000000');
    await item.getByLabel(fa('nm.field.SaleLine.quantity')).fill('1');
    expect(await page.getByRole('button', { name: fa('Save and submit') }).count()).toBe(0);
    expect(await page.getByRole('button', { name: fa('Save and invoice') }).count()).toBe(0);

    const stage = page.getByLabel(fa('nm.field.Sale.stage'));
    await stage.selectOption('won');
    await page.getByRole('button', { name: fa('Save and invoice') }).waitFor();
    await stage.selectOption('lost');
    await page.getByLabel(fa('nm.field.Sale.lostReason')).waitFor();
    await stage.selectOption('negotiating');
    expect(await page.getByLabel(fa('nm.field.Sale.lostReason')).count()).toBe(0);
    await screenshot(page, 'sale-form-fa-390');
    await page.getByRole('button', { name: fa('Save'), exact: true }).click();
    const bar = page.getByRole('navigation', { name: fa('nm.field.Sale.stage') });
    await expect.poll(() => bar.locator('[aria-current="step"]').textContent()).toBe(fa('nm.stage.negotiating'));
    await waitUntilSynced(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('every route', () => {
  const visit = async (suffix: string, name: string) => {
    for (const route of Object.values(module.routes)) {
      const query =
        route === 'Customers/CustomersDetails'
          ? `?id=${ids.alborz}`
          : route === 'Modules/ModuleDetails'
            ? `?id=${ids.crm}`
            : route === 'Support/RequestDetails'
              ? `?id=${ids.request}`
              : route.startsWith('Sale/PanelSetupForms')
                ? `?saleId=${ids.won}`
                : '';
      await go(page, `${at(route)}${query}`);
      // Charts and lists that load after the heading are on screen before the picture.
      await expect.poll(() => page.locator('main .animate-spin').count()).toBe(0);
      expect(problems, route).toEqual([]);
      await screenshot(page, `sales-${route.replaceAll('/', '-')}-${name}-${suffix}`);
    }
    // A won sale's own page: the document, its totals and the link to its setup checklist.
    await go(page, `${at('Sale/SaleList')}?id=${ids.won}`);
    await page.locator(`main a[href*="saleId=${ids.won}"]`).waitFor();
    await expect.poll(() => page.locator('main .animate-spin').count()).toBe(0);
    expect(problems, 'the sale’s page').toEqual([]);
    await screenshot(page, `sales-Sale-details-${name}-${suffix}`);
    if (suffix === '390') await saleOnPhone(name);
  };

  /** The sale's lines on a phone: cards, their amounts in view, the page no wider than the screen (decision 026). */
  const saleOnPhone = async (name: string) => {
    await expectFitsThePhone(page, 1);
    await screenshot(page, `tables-sale-${name}-390`);
  };

  it('opens each one in Persian on a phone', async () => {
    await visit('390', 'fa');
  });

  it('opens each one in English on a wide screen', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openScreen(page, at('Dashboard'));
    await switchToEnglish(page);
    await visit('1280', 'en');
  });

  it('shows a sale’s page in English on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The page has taken the phone's width before it draws (a layout is chosen by the media query).
    await page.waitForFunction(() => !matchMedia('(min-width: 960px)').matches);
    await go(page, `${at('Sale/SaleList')}?id=${ids.won}`);
    await page.locator(`main a[href*="saleId=${ids.won}"]`).waitFor();
    await saleOnPhone('en');
  });
});

describe('a sale’s stages in English on a wide screen', () => {
  it('shows them in one row, the current one marked, moved with the keyboard', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const sale = await create(Sale, {
      customerId: ids.alborz,
      date: tehranToday(),
      stage: 'quoted',
      lines: [line(ids.crm!, 1, 120_000_000)],
    });
    await go(page, `${at('Sale/SaleList')}?id=${sale.id}`);
    const bar = page.getByRole('navigation', { name: 'Stage' });
    const current = bar.locator('[aria-current="step"]');
    await expect.poll(() => current.textContent()).toBe('Quoted');
    const rows = await bar
      .getByRole('button')
      .evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size);
    expect(rows).toBe(1);
    await current.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect.poll(() => current.textContent()).toBe('Negotiating');
    await screenshot(page, 'sale-stages-en-1280');
    await page.getByRole('button', { name: 'All changes synced' }).waitFor();
    expect(problems).toEqual([]);
  });
});
