/**
 * Issue 28's import, end to end in Persian: a 2,000-row product sheet made here with exceljs —
 * Persian headers (one written with Arabic ي/ك), prices in Persian digits with «٬», a Jalali date
 * column the products have no field for, three bad rows and ten rows whose codes are already in
 * the panel — is chosen from the product list's Import button, its columns guessed, test-run
 * (exactly the three bad rows reported), imported (1,987 added, 10 updated, 3 skipped, all synced
 * to the server), and imported again with nothing left to change.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Entity, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { modulePath, paths } from '../../src/contract/routes.ts';
import { toPersianDigits } from '../../src/contract/normalize.ts';
import { Category, Product } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from './accountSteps.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { callInPanel, openScreen, waitUntilSynced } from './panelsSteps.ts';
import { fa } from './pwaSupport.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let context: BrowserContext;
let page: Page;
let token: string;
let panelCode: string;

const ROWS = 2000;
/** Sheet lines (the header is line 1) of the bad rows: no name, a unit nobody has, a price in words. */
const BAD_LINES = [101, 702, 1503];
const code = (i: number) => `P-${String(i).padStart(5, '0')}`;

async function productSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('کالاها', { views: [{ rightToLeft: true }] });
  // The code's header with Arabic kaf, the name's with a ZWNJ-free spacing: both still guessed.
  sheet.addRow([
    fa('field.Product.code').replace(/ک/g, 'ك'),
    fa('field.Product.name'),
    fa('field.Product.unit'),
    fa('field.Product.salePrice'),
    fa('field.Product.categoryId'),
    'تاریخ ثبت',
  ]);
  for (let i = 1; i <= ROWS; i++) {
    const line = i + 1;
    sheet.addRow([
      code(i),
      line === BAD_LINES[0] ? '' : `کالای ${toPersianDigits(String(i))}`,
      line === BAD_LINES[1] ? 'جعبه' : 'عدد',
      line === BAD_LINES[2] ? 'گران' : toPersianDigits((1000 + i).toLocaleString('en').replace(/,/g, '٬')),
      i % 2 ? 'نوشيدني' : 'C-1',
      `۱۴۰۴/۰۹/${toPersianDigits(String((i % 28) + 1).padStart(2, '0'))}`,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه ورود',
    icon: 'store',
    modules: ['PanelManagement', 'WarehousingMVM'],
  });
  panelCode = panel.code;
  const call = (entity: Entity, body: Record<string, unknown>) =>
    callInPanel<Row>(e2e.server.url, { method: 'POST', path: entityPath(entity) }, token, panel.code, { id: randomUUID(), ...body });
  await call(Category, { name: 'نوشیدنی', code: 'C-1' });
  // Ten products already here, with the codes of the sheet's last ten rows and other prices.
  for (let i = ROWS - 9; i <= ROWS; i++) await call(Product, { code: code(i), name: `کالای ${i}`, unit: 'piece', salePrice: 5 });
  page = await context.newPage();
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: 'فروشگاه ورود' }).click();
  await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

/** Clicks a download button and reads the workbook the browser saved. */
async function downloaded(button: string): Promise<ExcelJS.Worksheet> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  return book.worksheets[0]!;
}

async function chooseAndCheck(sheet: Buffer): Promise<void> {
  await page.getByTestId('import-file').setInputFiles({ name: 'products.xlsx', mimeType: 'application/octet-stream', buffer: sheet });
  await page.getByText(fa('{0} rows', { 0: toPersianDigits(ROWS.toLocaleString('en').replace(/,/g, '٬')) })).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: fa('Check every row') }).click();
  await page.getByTestId('import-summary').waitFor({ timeout: 60_000 });
}

const counts = (testId: string) =>
  page
    .getByTestId(testId)
    .locator('[data-count]')
    .evaluateAll((items) =>
      Object.fromEntries(
        items.map((li) => [
          li.getAttribute('data-count'),
          (li.textContent ?? '').replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/\D/g, ''),
        ]),
      ),
    );

describe('importing products from a Persian sheet', () => {
  it('maps the columns, reports exactly the bad rows, imports the rest and syncs them', { timeout: 400_000 }, async () => {
    const sheet = await productSheet();
    await openScreen(page, modulePath('WarehousingMVM', 'Product/listProduct'));
    await page.getByTestId('import-button').click();
    await page.waitForURL((url) => url.pathname === paths.importData);
    // The template: the product's fields as Persian headers, right to left, and an example row.
    const template = await downloaded(fa('Download the template'));
    expect(template.views[0]?.rightToLeft).toBe(true);
    expect(template.getRow(1).values).toEqual(expect.arrayContaining([fa('field.Product.code'), fa('field.Product.name')]));
    expect(template.rowCount).toBe(2);
    await chooseAndCheck(sheet);
    // Guessed from the headers: code, name, unit, price and category; the date column left out.
    for (const [field, column] of Object.entries({ code: '0', name: '1', unit: '2', salePrice: '3', categoryId: '4' })) {
      expect(await page.locator(`select[data-field="${field}"]`).inputValue()).toBe(column);
    }
    const lines = await page
      .getByTestId('import-errors')
      .locator('[data-line]')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-line')));
    expect(lines).toEqual(BAD_LINES.map(String));
    expect(await counts('import-summary')).toEqual({ create: '1987', update: '10', same: '0', error: '3' });
    await screenshot(page, 'import-test-run-fa-390');
    // The rows with errors as a sheet: the header with an errors column, then exactly the bad rows.
    const errors = await downloaded(fa('Download the rows with errors'));
    expect(errors.rowCount).toBe(1 + BAD_LINES.length);
    expect(errors.getRow(2).getCell(1).value).toBe(code(BAD_LINES[0]! - 1));
    expect(String(errors.getRow(1).getCell(7).value ?? '')).not.toBe('');

    await page.getByRole('button', { name: fa('Import'), exact: true }).click();
    await page.getByTestId('import-result').waitFor({ timeout: 300_000 });
    expect(await counts('import-result')).toEqual({ created: '1987', updated: '10', skipped: '3' });
    // Nearly two thousand queued writes: longer than a form's wait for the sync badge.
    await waitUntilSynced(page, 200_000);
    const listed = await callInPanel<EntityListResponse>(
      e2e.server.url,
      { method: 'GET', path: `${entityPath(Product)}?pageSize=1&filter.code=${code(ROWS)}` },
      token,
      panelCode,
    );
    expect(listed.items[0]).toMatchObject({ code: code(ROWS), salePrice: 1000 + ROWS, name: `کالای ${toPersianDigits(String(ROWS))}` });
    const all = await callInPanel<EntityListResponse>(
      e2e.server.url,
      { method: 'GET', path: `${entityPath(Product)}?pageSize=1` },
      token,
      panelCode,
    );
    expect(all.total).toBe(ROWS - 3);
  });

  it('imports the same file again and nothing changes', async () => {
    await chooseAndCheck(await productSheet());
    expect(await counts('import-summary')).toEqual({ create: '0', update: '0', same: '1997', error: '3' });
    expect(await page.getByRole('button', { name: fa('Import'), exact: true }).isDisabled()).toBe(true);
  });
});
