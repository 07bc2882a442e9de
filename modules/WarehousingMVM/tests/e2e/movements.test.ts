/**
 * Issue 9's screens in Chromium against the real server, on a phone (fa, 390 px) and then wide in
 * English (1280 px), with screenshots of each: a transfer within a warehouse made by scanning (a
 * bin's label, then a product twice); a transfer between warehouses received with one unit short;
 * a stock count scanned on the phone; a cargo checked by scanning and received; a consignor's
 * settlement; labels; stock on hand with stock in transit and on consignment apart; an unknown
 * code offering to create the product.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/contract/entity.ts';
import { accountServerEnv, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { choose, go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { StockCount } from '../../entities/counts.ts';
import { Cargo, Consignment } from '../../entities/inbound.ts';
import { Transfer } from '../../entities/movements.ts';
import { at, EAN, openWarehouseWorld, scan, type WarehouseWorld } from './warehouseWorld.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let w: WarehouseWorld;
let between: Row;
let count: Row;
let cargo: Row;

beforeAll(async () => {
  w = await openWarehouseWorld(e2e.browser, e2e.server);
  between = await w.call(
    Transfer,
    {
      date: '2026-11-21',
      fromWarehouseId: w.central.id,
      toWarehouseId: w.branch.id,
      lines: [{ id: randomUUID(), productId: w.tea.id, quantity: '4', fromLocationId: w.a1.id, toLocationId: w.b1.id }],
    },
    'submit',
  );
  count = await w.call(StockCount, { date: '2026-11-23', warehouseId: w.central.id, lines: [{ id: randomUUID() }] });
  cargo = await w.call(Cargo, {
    expectedDate: '2026-11-24',
    warehouseId: w.central.id,
    carrierId: w.carrier.id,
    plate: '12ب345-67',
    driverName: 'رضا محمدی',
    waybill: 'WB-1404-77',
    lines: [{ id: randomUUID(), productId: w.tea.id, expected: '3', unitPrice: 300_000, locationId: w.a2.id }],
  });
  await w.call(
    Consignment,
    {
      kind: 'receive',
      date: '2026-11-22',
      partyId: w.consignor.id,
      warehouseId: w.central.id,
      lines: [{ id: randomUUID(), productId: w.tea.id, quantity: '6', unitPrice: 350_000, locationId: w.a2.id }],
    },
    'submit',
  );
  await w.call(
    Consignment,
    {
      kind: 'sale',
      date: '2026-11-23',
      partyId: w.consignor.id,
      warehouseId: w.central.id,
      lines: [{ id: randomUUID(), productId: w.tea.id, quantity: '2', unitPrice: 350_000, locationId: w.a2.id }],
    },
    'submit',
  );
  await openScreen(w.page, at('dashboard'));
  await waitUntilSynced(w.page);
});

afterAll(() => w?.context.close());

screenshotFailures('wh9', () => w.page);

const scanLabel = () => fa('Scan a product or a location');

describe('warehousing on a phone', () => {
  it('moves stock from bin to bin by scanning the bin’s label, then the product twice', async () => {
    const { page } = w;
    await go(page, at('Warehouse/AddTrensfer'));
    await choose(page, page, fa('field.Transfer.fromWarehouseId'), 'انبار مرکزی');
    await choose(page, page, fa('field.Transfer.toWarehouseId'), 'انبار مرکزی');
    await scan(page, scanLabel(), 'A-01');
    await page.getByText(fa('Scanned lines go to <0>{0}</0>').replace(/<0>\{0\}<\/0>/, 'A-01')).waitFor();
    await scan(page, scanLabel(), EAN);
    await scan(page, scanLabel(), EAN);
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await expect.poll(() => line.getByLabel(fa('field.TransferLine.quantity')).inputValue()).toBe('۲');
    await choose(page, line, fa('field.TransferLine.toLocationId'), 'A-02');
    await screenshot(page, 'wh9-transfer-form-fa-390');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.getByText(/^TR-/).locator('visible=true').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'wh9-transfer-done-fa-390');
  });

  it('receives a transfer between warehouses with one unit short and shows the difference', async () => {
    const { page } = w;
    await go(page, `${at('Warehouse/AddTrensfer')}?id=${between.id}`);
    const received = page.getByRole('textbox', { name: fa('Received') });
    await received.fill('3');
    await page.getByRole('button', { name: fa('Record the arrival') }).click();
    await page.getByText(fa('Received at the destination.')).waitFor({ timeout: 30_000 });
    const row = page
      .getByRole('list', { name: fa('Arrival') })
      .getByRole('listitem')
      .filter({ hasText: 'چای سبز' });
    expect(await row.innerText()).toContain(fa('short'));
    await screenshot(page, 'wh9-transfer-arrival-fa-390');
  });

  it('counts stock by scanning on a phone with no signal: each scan one, summed per place, sent once back online', async () => {
    const { page, context } = w;
    await go(page, `${at('Inventory/inventory')}?id=${count.id}`);
    await context.setOffline(true);
    await scan(page, scanLabel(), 'A-01');
    for (let i = 0; i < 3; i++) await scan(page, scanLabel(), EAN);
    // On a phone each counted place is a card, what was counted its first key figure.
    const row = page
      .getByRole('list', { name: fa('Counted so far') })
      .getByRole('listitem')
      .filter({ hasText: 'چای سبز' });
    await expect.poll(() => row.locator('[data-key-figure]').first().innerText()).toBe('۳');
    await screenshot(page, 'wh9-count-fa-390');
    await context.setOffline(false);
    await waitUntilSynced(page);
    expect(await row.locator('[data-key-figure]').first().innerText()).toBe('۳');
  });

  it('checks a cargo by scanning what arrived and receives what was accepted', async () => {
    const { page } = w;
    await go(page, `${at('Cargos/ReceiveCorgo')}?id=${cargo.id}`);
    for (let i = 0; i < 2; i++) await scan(page, fa('Scan what arrived'), EAN);
    await page.getByText(fa('Short'), { exact: true }).waitFor();
    await screenshot(page, 'wh9-cargo-check-fa-390');
    await page.getByRole('button', { name: fa('Receive what was accepted') }).click();
    await waitUntilSynced(page);
    await page.getByRole('link', { name: fa('Open its goods receipt') }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'wh9-cargo-received-fa-390');
  });

  it('says so when there is no camera, and typing still works; offers to create a product for a code nothing has', async () => {
    const { page } = w;
    await go(page, at('Inventory/AddProductToWarehouse'));
    // This Chromium has no camera (the camera test gives one a fake).
    await page.getByRole('button', { name: fa('Scan with the camera') }).click();
    const noCamera = [
      fa('No camera was found on this device. Type the code, or use a handheld scanner.'),
      fa(
        'The camera is not allowed for this site. Allow it in the browser’s settings to scan; typing the code, or a handheld scanner, still works.',
      ),
    ];
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(noCamera.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) })
      .first()
      .waitFor();
    await scan(page, scanLabel(), '4006381333931');
    await screenshot(page, 'wh9-unknown-code-fa-390');
    await page.getByRole('link', { name: fa('Create a product with this barcode') }).click();
    await page.getByLabel(fa('field.Product.name')).fill('شکلات تلخ');
    await page.getByLabel(fa('field.Product.code')).fill('CHOC-1');
    expect(await page.getByLabel(fa('field.Product.barcodes')).inputValue()).toBe('4006381333931');
    await page.getByRole('button', { name: fa('Add'), exact: true }).click();
    await page.getByRole('heading', { name: 'شکلات تلخ' }).waitFor();
  });

  it('shows the settlement, labels, and stock in transit and on consignment apart', async () => {
    const { page } = w;
    await go(page, `${at('consignment/ConsignmentDetails')}?partyId=${w.consignor.id}`);
    await page.getByText(fa('Owed to the consignor: {owed}', { owed: fa('{number} rials', { number: '۷۰۰٬۰۰۰' }) })).waitFor();
    await screenshot(page, 'wh9-settlement-fa-390');
    await go(page, `${at('Product/ProductBarcodeMaker')}?ids=${w.tea.id}&count=3`);
    await page.locator('.label svg').first().waitFor();
    expect(await page.locator('.label').count()).toBe(3);
    await screenshot(page, 'wh9-labels-fa-390');
    await go(page, at('Inventory/WarehouseStock'));
    await page
      .locator('main')
      .locator('span', { hasText: fa('consignment') })
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'wh9-stock-fa-390');
  });

  it('shows every new screen on the phone', async () => {
    const { page } = w;
    for (const [screen, name] of [
      ['dashboard', 'dashboard'],
      ['Inventory/inventory', 'counts'],
      ['Cargos/CargoList', 'cargos'],
      ['Cargos/AddNewCargo', 'cargo-new'],
      ['consignment/ConsignmentList', 'consignments'],
      ['consignment/ConsignmentReceive', 'consignment-receive'],
      ['Inventory/AddProductToWarehouse', 'opening'],
      [`Product/ProductDetails?id=${w.tea.id}`, 'product'],
      ['Warehouse/WarehouseLocationSelector', 'location-picker'],
    ] as const) {
      await go(page, at(screen));
      await page.waitForTimeout(300);
      await screenshot(page, `wh9-${name}-fa-390`);
    }
  });

  it('reads the same in English on a wide screen', async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1280, height: 900 });
    await openScreen(page, at('dashboard'));
    await switchToEnglish(page);
    for (const [screen, name] of [
      ['dashboard', 'dashboard'],
      ['Inventory/WarehouseStock', 'stock'],
      [`Warehouse/AddTrensfer?id=${between.id}`, 'transfer'],
      ['Warehouse/AddTrensfer', 'transfer-new'],
      [`Inventory/inventory?id=${count.id}`, 'count'],
      ['Inventory/inventory', 'counts'],
      ['Cargos/CargoList', 'cargos'],
      ['Cargos/AddNewCargo', 'cargo-new'],
      [`Cargos/ReceiveCorgo?id=${cargo.id}`, 'cargo'],
      ['consignment/ConsignmentList', 'consignments'],
      ['consignment/ConsignmentReceive', 'consignment-receive'],
      ['consignment/AddNewConsignmnet', 'consignment-new'],
      [`consignment/ConsignmentDetails?partyId=${w.consignor.id}`, 'settlement'],
      [`Product/ProductBarcodeMaker?ids=${w.tea.id}&count=5`, 'labels'],
      ['Inventory/AddProductToWarehouse', 'opening'],
      [`Product/ProductDetails?id=${w.tea.id}`, 'product'],
    ] as const) {
      await go(page, at(screen));
      await page.waitForTimeout(400);
      await screenshot(page, `wh9-${name}-en-1280`);
    }
    expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toBe('چای سبز');
  });
});
