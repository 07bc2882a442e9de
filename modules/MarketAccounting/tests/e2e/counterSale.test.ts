/**
 * The counter sale on a phone (decision 043): three products found by search with no signal, cash
 * in one tap, the 80 mm receipt printed to PDF; back online the invoice is synced and submitted,
 * the stock went down and the books carry revenue, VAT, cash and the cost of goods sold; a return
 * of one item brings one back. The cash box chosen on the screen takes the cash, and is remembered
 * on the device.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type EntityListResponse, type Line, type Row } from '../../../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../../../src/contract/panels.ts';
import { modulePath } from '../../../../src/contract/routes.ts';
import { accountServerEnv, freshContext, newAccount, signInContext } from '../../../../tests/e2e/accountSteps.ts';
import { pdfPageSizes, screenshot, screenshotDir, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { enterPanel, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { CashBox } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { tehranDay } from '../../rules/month.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
/** Warehousing's REST paths, by name: accounting's tests do not import another module's declarations. */
const wh = (name: string) => `/api/WarehousingMVM/${name}`;
const today = tehranDay(Date.now());
let context: BrowserContext;
let page: Page;
let token = '';
let panelCode = '';
const products: Row[] = [];
const boxes: Row[] = [];
/** The cash box chosen on the screen: the one not in use at first. */
let chosenBox: Row;

const api = <T = Row>(method: string, path: string, body?: unknown) =>
  callInPanel<T>(e2e.server.url, { method, path }, token, panelCode, body);

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 390);
  token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه سریع',
    icon: 'store',
    modules: ['PanelManagement', 'MarketAccounting', 'WarehousingMVM'],
  });
  panelCode = panel.code;
  await api('POST', '/api/MarketAccounting/books', {});
  boxes.push(await api('POST', entityPath(CashBox), { id: randomUUID(), name: 'صندوق پیشخوان', active: true }));
  boxes.push(await api('POST', entityPath(CashBox), { id: randomUUID(), name: 'صندوق دوم', active: true }));
  const warehouse = await api('POST', wh('Warehouse'), { id: randomUUID(), name: 'انبار', code: 'W1', active: true });
  for (const [name, code, price] of [
    ['چای', 'TEA', 120_000],
    ['قند', 'SUGAR', 80_000],
    ['برنج', 'RICE', 300_000],
  ] as const)
    products.push(await api('POST', wh('Product'), { id: randomUUID(), name, code, unit: 'piece', salePrice: price, active: true }));
  const opening = await api('POST', wh('Receipt'), {
    id: randomUUID(),
    direction: 'in',
    opening: true,
    date: today,
    warehouseId: warehouse.id,
    lines: products.map((p) => ({ id: randomUUID(), productId: p.id, quantity: '10', unitPrice: 50_000 })),
  });
  await api('POST', `${wh('Receipt')}/${opening.id}/submit`, { version: opening.version });
  page = await context.newPage();
  await enterPanel(page, 'فروشگاه سریع');
}, 240_000);
afterAll(async () => {
  await context?.close();
});

async function onHand(productId: string): Promise<number> {
  const list = await api<EntityListResponse>('GET', `${wh('StockBalance')}?pageSize=500`);
  return list.items.filter((b) => b.productId === productId).reduce((s, b) => s + Number(b.quantity), 0);
}

screenshotFailures('counter-sale', () => page);

describe('the counter sale', () => {
  it('sells three products offline for cash, prints the 80 mm receipt, and moves stock and books once synced', async () => {
    await openScreen(page, modulePath('MarketAccounting', 'Invoice/CounterSale'));
    await page.getByRole('button', { name: fa('Cash') }).waitFor();
    await waitUntilSynced(page);
    // The first cash box is in use until another is chosen; the choice outlives a reload.
    const cashBox = page.getByLabel(fa('Cash box'), { exact: true });
    await page.locator('summary').click();
    const atFirst = await cashBox.inputValue();
    expect(boxes.map((b) => b.id)).toContain(atFirst);
    chosenBox = boxes.find((b) => b.id !== atFirst)!;
    await cashBox.selectOption(chosenBox.id);
    await screenshot(page, 'counter-sale-places-fa-390');
    await page.reload();
    await page.getByRole('button', { name: fa('Cash') }).waitFor();
    await page.locator('summary').click();
    expect(await cashBox.inputValue()).toBe(chosenBox.id);
    await waitUntilSynced(page);
    await context.setOffline(true);
    for (const name of ['چای', 'قند', 'برنج']) {
      await page.getByLabel(fa('Search products')).fill(name);
      await page
        .getByRole('button', { name: new RegExp(name) })
        .first()
        .click();
    }
    // 500,000 + 10 % VAT.
    await expect.poll(() => page.getByTestId('counter-total').innerText()).toContain('۵۵۰٬۰۰۰');
    await screenshot(page, 'counter-sale-fa-390');
    await page.getByRole('button', { name: fa('Cash') }).click();
    const receipt = page.locator('#counter-receipt');
    await receipt.waitFor();
    expect(await receipt.innerText()).toContain('برنج');
    await page.emulateMedia({ media: 'print' });
    // The receipt's own named page (80 × 200 mm) is the paper, as the browser's dialog offers it.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPageSizes(pdf)).toEqual([[80, 200]]);
    expect(await page.locator('[data-print-document]').innerText()).toContain('برنج');
    await page.screenshot({ path: join(screenshotDir, 'counter-receipt-fa-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await context.setOffline(false);
    await waitUntilSynced(page);
    const invoices = await api<EntityListResponse>('GET', entityPath(Invoice));
    await expect
      .poll(async () => (await api<EntityListResponse>('GET', entityPath(Invoice))).items.map((r) => r.status), { timeout: 30_000 })
      .toEqual(['submitted']);
    const sale = (await api<EntityListResponse>('GET', entityPath(Invoice))).items[0]!;
    expect(sale).toMatchObject({ kind: 'sale', total: 550_000, partyId: null, cashBoxId: chosenBox.id });
    for (const p of products) expect(await onHand(p.id)).toBe(9);
    void invoices;

    // A return of one item brings it back.
    const teaLine = (sale.lines as Line[]).find((l) => l.productId === products[0]!.id)!;
    const ret = await api('POST', entityPath(Invoice), {
      id: randomUUID(),
      kind: 'saleReturn',
      date: today,
      returnOf: sale.id,
      cashAmount: 132_000,
      cashBoxId: sale.cashBoxId,
      lines: [{ ...teaLine, id: randomUUID(), quantity: '1', returnOfLine: teaLine.id }],
    });
    const done = await api('POST', `${entityPath(Invoice)}/${ret.id}/submit`, { version: ret.version });
    expect(done.status).toBe('submitted');
    expect(await onHand(products[0]!.id)).toBe(10);
  }, 240_000);
});
