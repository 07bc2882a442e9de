/**
 * Warehousing's tables on a phone (issue 24, decision 026), in Chromium against the real server:
 * at 360 px, in Persian and in English, stock on hand, a product's places, a receipt with batch
 * and expiry, a submitted stock count, a transfer's arrival and a consignor's settlement fit the
 * screen with their key figures in view; a row of stock on hand opens onto its locations and
 * batches. Screenshots at 390 px of stock on hand and the receipt, in fa and en.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/contract/entity.ts';
import { accountServerEnv, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { CountEntry, StockCount } from '../../entities/counts.ts';
import { Consignment } from '../../entities/inbound.ts';
import { Transfer, TransferArrival } from '../../entities/movements.ts';
import { Receipt } from '../../entities/stock.ts';
import { at, openWarehouseWorld, type WarehouseWorld } from './warehouseWorld.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let w: WarehouseWorld;
let receipt: Row;
let count: Row;
let transfer: Row;

beforeAll(async () => {
  w = await openWarehouseWorld(e2e.browser, e2e.server, 360);
  receipt = await w.call(
    Receipt,
    {
      direction: 'in',
      date: '2026-11-24',
      warehouseId: w.central.id,
      reference: 'INV-2026-000917',
      lines: [
        {
          id: randomUUID(),
          productId: w.tea.id,
          quantity: '1250.5',
          unitPrice: 312_500_000,
          locationId: w.a2.id,
          batch: 'LOT-2026-11-0042',
          expiry: '2027-03-01',
        },
        {
          id: randomUUID(),
          productId: w.tea.id,
          quantity: '8',
          unitPrice: 300_000,
          locationId: w.a1.id,
          batch: 'LOT-2026-11-0043',
          expiry: '2027-05-15',
        },
      ],
    },
    'submit',
  );
  count = await w.call(StockCount, { date: '2026-11-25', warehouseId: w.central.id, locationId: w.a1.id, lines: [{ id: randomUUID() }] });
  await w.call(CountEntry, { countId: count.id, productId: w.tea.id, locationId: w.a1.id, quantity: '17', device: 'E2E' });
  count = await w.submit(StockCount, count);
  transfer = await w.call(
    Transfer,
    {
      date: '2026-11-25',
      fromWarehouseId: w.central.id,
      toWarehouseId: w.branch.id,
      lines: [{ id: randomUUID(), productId: w.tea.id, quantity: '2', fromLocationId: w.a1.id, toLocationId: w.b1.id }],
    },
    'submit',
  );
  await w.call(
    TransferArrival,
    { transferId: transfer.id, date: '2026-11-26', lines: [{ id: randomUUID(), productId: w.tea.id, quantity: '1', locationId: w.b1.id }] },
    'submit',
  );
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
  await openScreen(w.page, at('dashboard'));
  await waitUntilSynced(w.page);
});

afterAll(() => w?.context.close());

screenshotFailures('tables-wh', () => w.page);

const screens = () =>
  [
    ['Inventory/WarehouseStock', 'stock', 1],
    [`Product/ProductDetails?id=${w.tea.id}`, 'product', 3],
    [`Receipt/ReceiptDetails?id=${receipt.id}`, 'receipt', 2],
    [`Inventory/inventory?id=${count.id}`, 'count', 2],
    [`Warehouse/AddTrensfer?id=${transfer.id}`, 'transfer', 0],
    [`consignment/ConsignmentDetails?partyId=${w.consignor.id}`, 'settlement', 1],
    ['Receipt/ReceiptList', 'receipts', 0],
  ] as const;

describe('warehousing’s tables on a phone', () => {
  it('opens a row of stock on hand onto its locations and batches, on the screen itself', async () => {
    const { page } = w;
    await go(page, at('Inventory/WarehouseStock'));
    const card = page
      .getByRole('list', { name: fa('Stock on hand') })
      .getByRole('listitem')
      .filter({ hasText: 'انبار مرکزی' })
      .first();
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { expanded: false }).click();
    const places = page.getByRole('list', { name: /چای سبز/ });
    await places.getByText('LOT-2026-11-0042').waitFor({ timeout: 30_000 });
    expect(await places.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
    await expectFitsThePhone(page, 3);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tables-stock-open-fa-390');
    await page.setViewportSize({ width: 360, height: 780 });
  });

  it('fits every table screen in Persian at 360 px, key figures in view', async () => {
    const { page } = w;
    for (const [screen, name, figures] of screens()) {
      await go(page, at(screen));
      await page.waitForTimeout(500);
      await expect.poll(async () => (await page.locator('[data-key-figure]').count()) >= figures, { timeout: 30_000 }).toBe(true);
      await expectFitsThePhone(page, figures);
      if (name === 'stock' || name === 'receipt' || name === 'count') {
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `tables-${name}-fa-390`);
        await page.setViewportSize({ width: 360, height: 780 });
      }
    }
  });

  it('shows a submitted count’s difference, counted less expected, as a key figure', async () => {
    const { page } = w;
    await go(page, `${at('Inventory/inventory')}?id=${count.id}`);
    const sheet = page.getByRole('list', { name: fa('Counted so far') });
    await sheet.getByText(fa('Difference')).first().waitFor({ timeout: 30_000 });
    expect(await sheet.locator('[data-key-figure]').allInnerTexts()).toContain('۱۷');
  });

  it('fits every table screen in English at 360 px, key figures in view', async () => {
    const { page } = w;
    await openScreen(page, at('dashboard'));
    await switchToEnglish(page);
    for (const [screen, name, figures] of screens()) {
      await go(page, at(screen));
      await page.waitForTimeout(500);
      await expect.poll(async () => (await page.locator('[data-key-figure]').count()) >= figures, { timeout: 30_000 }).toBe(true);
      await expectFitsThePhone(page, figures);
      if (name === 'stock' || name === 'receipt') {
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `tables-${name}-en-390`);
        await page.setViewportSize({ width: 360, height: 780 });
      }
    }
  });

  it('shows where a product is uncut at 1280 px in English', async () => {
    const { page } = w;
    await page.setViewportSize({ width: 1280, height: 900 });
    await go(page, `${at('Product/ProductDetails')}?id=${w.tea.id}`);
    const region = page.locator('div[role="region"][aria-label="Where it is"]');
    await region.getByText('LOT-2026-11-0042').waitFor({ timeout: 30_000 });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'tables-product-en-1280');
  });
});
