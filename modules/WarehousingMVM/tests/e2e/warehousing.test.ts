/**
 * Warehousing's first slice on a phone with no signal (issue 8), in Chromium against the real
 * server: a product made offline, goods received into a bin and submitted offline; back online the
 * stock shows per warehouse; an issue of more than is held is refused with the product, the place
 * and the shortfall named, and comes back as a draft. Screenshots in fa at 390 px and en at 1280.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { choose, enterPanel, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Location, Warehouse } from '../../entities/masterData.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const at = (screen: string) => modulePath('WarehousingMVM', screen);
let context: BrowserContext;
let page: Page;
let token = '';
let panelCode = '';

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'انبار نمونه',
    icon: 'warehouse',
    modules: ['PanelManagement', 'WarehousingMVM'],
  });
  panelCode = panel.code;
  const warehouse = await callInPanel<Row>(e2e.server.url, { method: 'POST', path: entityPath(Warehouse) }, token, panelCode, {
    name: 'انبار مرکزی',
    code: 'W1',
    active: true,
  });
  await callInPanel(e2e.server.url, { method: 'POST', path: entityPath(Location) }, token, panelCode, {
    warehouseId: warehouse.id,
    code: 'A-01',
    kind: 'bin',
    active: true,
  });
  page = await context.newPage();
  await enterPanel(page, 'انبار نمونه');
  // Every screen of the slice once online, so its code is on the phone before the signal goes.
  for (const screen of ['dashboard', 'Product/AddNewProduct', 'Receipt/AddReceipt', 'Receipt/ReceiptList', 'Inventory/WarehouseStock'])
    await openScreen(page, at(screen));
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

screenshotFailures('warehousing', () => page);

describe('warehousing on a phone with no signal', () => {
  it('receives goods offline into a bin, and shows the stock once back online', async () => {
    await context.setOffline(true);
    await go(page, at('Product/AddNewProduct'));
    await page.getByLabel(fa('field.Product.name')).fill('چای سبز');
    await page.getByLabel(fa('field.Product.code')).fill('TEA-1');
    await page.getByLabel(fa('field.Product.purchasePrice')).fill('40000');
    await page.getByRole('button', { name: fa('Add'), exact: true }).click();
    await page.getByRole('heading', { name: 'چای سبز' }).waitFor();

    await go(page, `${at('Receipt/AddReceipt')}?direction=in`);
    await choose(page, page, fa('field.Receipt.warehouseId'), 'انبار مرکزی');
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await choose(page, line, fa('field.ReceiptLine.productId'), 'چای سبز');
    // Typed in Latin digits, shown in Persian ones with «٫», separators and the unit beside (issue 24).
    const quantity = line.getByLabel(fa('field.ReceiptLine.quantity'));
    await quantity.pressSequentially('12.5');
    expect(await quantity.inputValue()).toBe('۱۲٫۵');
    await line.getByText(fa('unit.piece'), { exact: true }).waitFor();
    // The unit price comes from the product's purchase price, grouped in the locale's digits.
    const price = line.getByLabel(fa('field.ReceiptLine.unitPrice'));
    await expect.poll(() => price.inputValue()).toBe('۴۰٬۰۰۰');
    await line.getByText(fa('Rials'), { exact: true }).waitFor();
    await choose(page, line, fa('field.ReceiptLine.locationId'), 'A-01');
    await line.getByText(fa('Line value: {amount}', { amount: fa('{number} rials', { number: '۵۰۰٬۰۰۰' }) })).waitFor();
    await screenshot(page, 'warehousing-receipt-line-fa-390');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.getByText(fa('Waiting to submit')).first().waitFor();
    await screenshot(page, 'warehousing-receipt-offline-fa-390');

    await context.setOffline(false);
    await waitUntilSynced(page);
    await page.getByText(/^RC-/).locator('visible=true').first().waitFor({ timeout: 30_000 });
    await go(page, at('Inventory/WarehouseStock'));
    // On a phone each row is a card, its quantity on hand beside the product's name.
    const row = page
      .getByRole('list', { name: fa('Stock on hand') })
      .getByRole('listitem')
      .filter({ hasText: 'چای سبز' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('[data-key-figure]').first().innerText()).toBe('۱۲٫۵');
    expect(await row.innerText()).toContain('انبار مرکزی');
    await screenshot(page, 'warehousing-stock-fa-390');
  });

  it('refuses an issue of more than is held, naming product, place and shortfall, and keeps it as a draft', async () => {
    await context.setOffline(true);
    await go(page, `${at('Receipt/AddReceipt')}?direction=out`);
    await choose(page, page, fa('field.Receipt.warehouseId'), 'انبار مرکزی');
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await choose(page, line, fa('field.ReceiptLine.productId'), 'چای سبز');
    await line.getByLabel(fa('field.ReceiptLine.quantity')).fill('20');
    await choose(page, line, fa('field.ReceiptLine.locationId'), 'A-01');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.getByText(fa('Waiting to submit')).first().waitFor();
    await context.setOffline(false);

    const why = fa('{product} in {warehouse}, location {place}: needed {needed}, available {available}', {
      product: 'چای سبز',
      warehouse: 'انبار مرکزی',
      place: 'A-01',
      needed: '۲۰',
      available: '۱۲٫۵',
    });
    await page.getByRole('listitem').filter({ hasText: why }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: fa('Submit'), exact: true }).waitFor();
    expect(await page.getByText(fa('Draft')).count()).toBeGreaterThan(0);
    await screenshot(page, 'warehousing-shortfall-fa-390');

    // Stock is untouched by the refused issue.
    await go(page, at('Inventory/WarehouseStock'));
    expect(
      await page
        .getByRole('list', { name: fa('Stock on hand') })
        .getByRole('listitem')
        .filter({ hasText: 'چای سبز' })
        .innerText(),
    ).toContain('۱۲٫۵');
  });

  it('reads the same in English on a wide screen', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openScreen(page, at('dashboard'));
    await switchToEnglish(page);
    await page.getByRole('heading', { name: 'Warehousing', exact: true }).waitFor();
    await screenshot(page, 'warehousing-dashboard-en-1280');
    await go(page, at('Inventory/WarehouseStock'));
    const row = page.getByRole('row', { name: /چای سبز/ });
    expect(await row.innerText()).toContain('12.5');
    await screenshot(page, 'warehousing-stock-en-1280');
    await go(page, at('Receipt/ReceiptList'));
    await page.getByText(/^RC-/).locator('visible=true').first().waitFor();
    await screenshot(page, 'warehousing-receipts-en-1280');
  });
});
