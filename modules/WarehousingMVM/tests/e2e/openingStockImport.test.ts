/**
 * Issue 28's opening stock from a sheet, in Chromium on a 360 px phone in Persian: a sheet made
 * here with exceljs (products by barcode, code and a name written with Arabic ي; warehouses by code
 * and by name; Persian digits with «٫» and «٬»; one row naming a bin of the other warehouse) is
 * chosen from stock on hand's Import button, test-run (exactly that row refused, two documents
 * announced), imported as two submitted opening receipts, and shows in stock on hand; the same
 * file again is reported as already imported and the stock does not move.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { accountServerEnv } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Product } from '../../entities/masterData.ts';
import { Receipt, StockBalance } from '../../entities/stock.ts';
import { at, EAN, openWarehouseWorld, type WarehouseWorld } from './warehouseWorld.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let w: WarehouseWorld;
let milk: Row;
let sugar: Row;

/** Sheet line (the header is line 1) of the row naming B-01, a bin of the branch, for the central warehouse. */
const BAD_LINE = 6;

async function openingSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('موجودی', { views: [{ rightToLeft: true }] });
  sheet.addRow([
    fa('field.ReceiptLine.productId'),
    fa('field.Receipt.warehouseId'),
    fa('field.ReceiptLine.locationId'),
    fa('field.ReceiptLine.quantity'),
    fa('field.ReceiptLine.unitPrice'),
  ]);
  sheet.addRow([EAN, 'W1', 'A-02', '۵', '۳۰۰٬۰۰۰']);
  sheet.addRow(['شير پاستوريزه', 'انبار مرکزی', 'A-01', '۱۰', '۱۲۰٬۰۰۰']);
  sheet.addRow(['SUG-1', 'W2', 'B-01', '۷٫۵', 80_000]);
  sheet.addRow(['MILK-1', 'انبار شعبه', '', 4, '۱۲۰٬۰۰۰']);
  sheet.addRow(['SUG-1', 'W1', 'B-01', '۲', '۸۰٬۰۰۰']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  w = await openWarehouseWorld(e2e.browser, e2e.server, 360);
  milk = await w.call(Product, { name: 'شیر پاستوریزه', code: 'MILK-1', unit: 'piece', active: true });
  sugar = await w.call(Product, { name: 'قند', code: 'SUG-1', unit: 'kg', active: true });
  await openScreen(w.page, at('dashboard'));
  await waitUntilSynced(w.page);
});

afterAll(() => w?.context.close());

screenshotFailures('opening-import', () => w.page);

/** What the server holds on hand per product and warehouse. */
async function onHand(): Promise<Record<string, string>> {
  const listed = await w.read<EntityListResponse>(`${entityPath(StockBalance)}?pageSize=100`);
  const out: Record<string, number> = {};
  for (const row of listed.items) {
    const key = `${String(row.productId)}@${String(row.warehouseId)}`;
    out[key] = (out[key] ?? 0) + Number(row.quantity);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, String(v)]));
}

async function chooseAndCheck(): Promise<void> {
  const { page } = w;
  await go(page, at('Inventory/WarehouseStock'));
  await page.getByTestId('import-button').first().click();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'opening.xlsx', mimeType: 'application/octet-stream', buffer: await openingSheet() });
  await page.getByText(fa('{0} rows', { 0: '۵' })).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: fa('Check every row') }).click();
  await page.getByTestId('import-documents').waitFor({ timeout: 30_000 });
}

const documents = () =>
  w.page
    .getByTestId('import-documents')
    .locator('li')
    .evaluateAll((items) => items.map((li) => [li.getAttribute('data-already'), li.textContent ?? '']));

describe('opening stock from a sheet', () => {
  it(
    'test-runs the rows as receipt lines, makes one submitted opening receipt per warehouse and stock on hand shows it',
    { timeout: 200_000 },
    async () => {
      const { page } = w;
      await chooseAndCheck();
      for (const [field, column] of Object.entries({ productId: '0', warehouseId: '1', locationId: '2', quantity: '3', unitPrice: '4' })) {
        expect(await page.locator(`select[data-field="${field}"]`).inputValue()).toBe(column);
      }
      expect(await page.locator('select[data-field="import-key"]').count()).toBe(0);
      const lines = await page
        .getByTestId('import-errors')
        .locator('[data-line]')
        .evaluateAll((items) => items.map((li) => [li.getAttribute('data-line'), li.textContent ?? '']));
      expect(lines.map(([line]) => line)).toEqual([String(BAD_LINE)]);
      expect(lines[0]![1]).toContain(fa('No record has this code or name.'));
      const planned = await documents();
      expect(planned.map(([already]) => already)).toEqual(['no', 'no']);
      expect(planned[0]![1]).toContain('انبار مرکزی');
      expect(planned[1]![1]).toContain('انبار شعبه');
      await screenshot(page, 'opening-stock-import-test-run-fa-360');

      await page.getByRole('button', { name: fa('Import'), exact: true }).click();
      await page.getByTestId('import-result').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-result').locator('[data-count="made"]').innerText()).toContain('۲');
      await screenshot(page, 'opening-stock-import-done-fa-360');
      await waitUntilSynced(page);

      const receipts = await w.read<EntityListResponse>(`${entityPath(Receipt)}?pageSize=50`);
      const opening = receipts.items.filter((r) => r.opening === true);
      expect(opening).toHaveLength(2);
      expect(opening.every((r) => r.status === 'submitted' && r.direction === 'in' && String(r.reference).includes('#'))).toBe(true);
      const byWarehouse = Object.fromEntries(opening.map((r) => [String(r.warehouseId), (r.lines as Row[]).length]));
      expect(byWarehouse).toEqual({ [w.central.id]: 2, [w.branch.id]: 2 });
      const held = await onHand();
      expect(held).toMatchObject({
        [`${w.tea.id}@${w.central.id}`]: '25',
        [`${milk.id}@${w.central.id}`]: '10',
        [`${sugar.id}@${w.branch.id}`]: '7.5',
        [`${milk.id}@${w.branch.id}`]: '4',
      });
      expect(held[`${sugar.id}@${w.central.id}`]).toBeUndefined();

      await go(page, at('Inventory/WarehouseStock'));
      const sugarRow = page
        .getByRole('list', { name: fa('Stock on hand') })
        .getByRole('listitem')
        .filter({ hasText: 'قند' });
      await sugarRow.waitFor({ timeout: 30_000 });
      expect(await sugarRow.locator('[data-key-figure]').first().innerText()).toBe('۷٫۵');
      expect(await sugarRow.innerText()).toContain('انبار شعبه');
      await screenshot(page, 'opening-stock-on-hand-fa-360');
    },
  );

  it('says the same file is already imported and leaves the stock as it was', { timeout: 120_000 }, async () => {
    const before = await onHand();
    await chooseAndCheck();
    const planned = await documents();
    expect(planned.map(([already]) => already)).toEqual(['yes', 'yes']);
    expect(planned[0]![1]).toMatch(/RC-/);
    expect(await w.page.getByRole('button', { name: fa('Import'), exact: true }).isDisabled()).toBe(true);
    await screenshot(w.page, 'opening-stock-import-again-fa-360');
    await waitUntilSynced(w.page);
    expect(await onHand()).toEqual(before);
    const receipts = await w.read<EntityListResponse>(`${entityPath(Receipt)}?pageSize=50`);
    expect(receipts.items.filter((r) => r.opening === true)).toHaveLength(2);
  });
});
