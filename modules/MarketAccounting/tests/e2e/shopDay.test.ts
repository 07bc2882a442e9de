/**
 * A shop's day on a phone, the whole of issue 27 in one story (decisions 043 and 044), in Persian at
 * 360 × 740: with no signal, three products scanned at the counter (a handheld scanner types each
 * barcode and Enter), one more of one, cash taken and the 80 mm receipt printed; back online the
 * sale syncs, the stock on hand and the cash box show it, and the tax system (the stand-in, which
 * the server reaches through TAX_SYSTEM_SANDBOX_URL) accepts it; one item comes back through
 * "Return goods of this sale"; and an invoice the system refuses shows the system's own reason on
 * its page and in the queue. Every step is checked as a person sees it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../../src/contract/endpoints.ts';
import { entityPath, type EntityListResponse, type Line, type Row } from '../../../../src/contract/entity.ts';
import { modulePath, withQuery } from '../../../../src/contract/routes.ts';
import { accountServerEnv } from '../../../../tests/e2e/accountSteps.ts';
import { pdfPageSizes, screenshot, screenshotDir, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { go, screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { callInPanel, openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { expectFitsThePhone } from '../../../../tests/e2e/phoneFit.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Invoice } from '../../entities/invoices.ts';
import { taxSystemEndpoints } from '../../rules/taxSystemEndpoints.ts';
import { newKeyPair, selfSignedCertificate } from '../../server/taxSystem/pkcs10.ts';
import { startStandIn, type StandIn } from '../taxSystemStandIn.ts';
import { onHand, openShop, submittedInvoice, type Shop } from './invoiceSeed.ts';

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startStandIn();
});
// Started after the stand-in (hooks run in order), so the server knows where the sandbox is.
const e2e = serverAndBrowser(() => ({ env: { ...accountServerEnv, TAX_SYSTEM_SANDBOX_URL: standIn.url } }));
afterAll(async () => {
  await standIn?.close();
});

const SHOP = 'فروشگاه محله';
const MEMORY_ID = 'A1B2C3';
const REFUSAL = { code: '0401', message: 'کد کالا در سامانه تعریف نشده است' };
const goods = [
  { name: 'چای', code: 'TEA', salePrice: 120_000, barcode: '6260100000017' },
  { name: 'قند', code: 'SUGAR', salePrice: 80_000, barcode: '6260100000024' },
  { name: 'برنج', code: 'RICE', salePrice: 300_000, barcode: '6260100000031' },
];
/** Two teas, a sugar and a rice: 620,000, with 10 % VAT 682,000 rials. */
const SALE_TOTAL = '۶۸۲٬۰۰۰';

let shop: Shop;
let page: Page;
let sale: Row;

const faDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const at = (route: string) => modulePath('MarketAccounting', route);
const details = (id: string) => withQuery(at('Invoice/InvoiceDetails'), { id });
/** The server's scheduled jobs at once (developer tools): the tax system's sending and asking. */
const runJobs = () => callInPanel(e2e.server.url, endpoints.devRunJobs, shop.token, null, {});

beforeAll(async () => {
  shop = await openShop(e2e, {
    name: SHOP,
    width: 360,
    cashBoxes: ['صندوق پیشخوان'],
    products: goods,
    prepare: async ({ api }) => {
      const { privateKey } = newKeyPair();
      const certificate = selfSignedCertificate(privateKey, { commonName: 'Mahalle Shop', nationalId: '10101234567' }, new Date());
      await api('PUT', taxSystemEndpoints.settings, {
        memoryId: MEMORY_ID,
        economicCode: '10101234567',
        endpoint: 'sandbox',
        privateKey,
        certificate,
      });
      standIn.register(MEMORY_ID, certificate);
    },
  });
  page = shop.page;
  await page.setViewportSize({ width: 360, height: 740 });
}, 240_000);
afterAll(async () => {
  await shop?.context.close();
});

screenshotFailures('shop-day', () => page);

/** The row of a phone's list (a table's narrow form) that holds `text`. */
const listRow = (list: string, text: string) => page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });

async function stockShown(name: string): Promise<string> {
  return listRow(fa('Stock on hand'), name).locator('[data-key-figure]').first().innerText();
}

describe('a shop’s day on a phone', () => {
  it('sells three scanned products offline, prints the 80 mm receipt, and once synced the stock and the cash box show the sale', async () => {
    await openScreen(page, at('Invoice/CounterSale'));
    await page.getByRole('button', { name: fa('Cash') }).waitFor();
    await waitUntilSynced(page);
    await shop.context.setOffline(true);

    const scan = page.getByLabel(fa('Search products'));
    for (const { barcode } of goods) {
      await scan.fill(barcode);
      await scan.press('Enter');
      // The field empties for the next scan, as after a handheld scanner's Enter.
      await expect.poll(() => scan.inputValue()).toBe('');
    }
    const cart = page.getByRole('list', { name: fa('Cart') }).getByRole('listitem');
    expect(await cart.allInnerTexts()).toHaveLength(3);
    const tea = cart.filter({ hasText: 'چای' });
    await tea.getByRole('button', { name: fa('One more') }).click();
    await expect.poll(() => tea.innerText()).toContain('۲');
    await expect.poll(() => page.getByTestId('counter-total').innerText()).toContain(SALE_TOTAL);
    await expectFitsThePhone(page);
    await screenshot(page, 'shop-day-counter-fa-360');

    await page.getByRole('button', { name: fa('Cash') }).click();
    const receipt = page.locator('#counter-receipt');
    await receipt.waitFor();
    const onScreen = await receipt.innerText();
    for (const text of [SHOP, 'چای × ۲', 'قند × ۱', 'برنج × ۱', SALE_TOTAL, fa('Paid in cash')]) expect(onScreen).toContain(text);
    await receipt.screenshot({ path: '/tmp/shop-day-receipt-fa-360.png' });

    // Printed as the browser's dialog prints it: the receipt alone on its 80 mm roll.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(join(screenshotDir, 'shop-day-receipt-fa.pdf'), pdf);
    expect(pdfPageSizes(pdf)).toEqual([[80, 200]]);
    const printed = page.locator('[data-print-document]');
    expect(await printed.isVisible()).toBe(true);
    const paper = await printed.innerText();
    for (const text of [SHOP, 'چای', 'قند', 'برنج', SALE_TOTAL]) expect(paper).toContain(text);
    await page.screenshot({ path: '/tmp/shop-day-receipt-print-fa.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await shop.context.setOffline(false);
    await waitUntilSynced(page);
    await expect
      .poll(async () => (await shop.api<EntityListResponse>('GET', entityPath(Invoice))).items.map((r) => r.status), { timeout: 30_000 })
      .toEqual(['submitted']);
    sale = (await shop.api<EntityListResponse>('GET', entityPath(Invoice))).items[0]!;
    expect(sale).toMatchObject({ kind: 'sale', total: 682_000, partyId: null, cashBoxId: shop.cashBoxes[0]!.id });

    await go(page, modulePath('WarehousingMVM', 'Inventory/WarehouseStock'));
    await expect.poll(() => stockShown('چای'), { timeout: 30_000 }).toBe('۸');
    expect(await stockShown('قند')).toBe('۹');
    expect(await stockShown('برنج')).toBe('۹');
    await screenshot(page, 'shop-day-stock-fa-360');

    await go(page, at('Reports/CashAndBank'));
    await expect.poll(() => listRow(fa('Cash and bank balances'), 'صندوق پیشخوان').innerText(), { timeout: 30_000 }).toContain(SALE_TOTAL);
    await screenshot(page, 'shop-day-cash-fa-360');
  }, 240_000);

  it('sends the sale to the tax system, which accepts it: the queue and the invoice say so', async () => {
    await runJobs();
    expect(standIn.received.size).toBe(1);
    await go(page, at('TaxSystem/Queue'));
    const row = listRow(fa('Tax system queue'), SALE_TOTAL);
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain(fa('Accepted'));
    await screenshot(page, 'shop-day-tax-accepted-fa-360');

    await openScreen(page, details(String(sale.id)));
    await expect.poll(() => page.locator('main').innerText(), { timeout: 30_000 }).toContain(fa('acc.tax.accepted'));
    expect(await page.locator('main').innerText()).toContain(String(sale.number));
  }, 120_000);

  it('takes one tea back through “Return goods of this sale”, named by the sale’s number, and the stock is up by one', async () => {
    await openScreen(page, details(String(sale.id)));
    await waitUntilSynced(page);
    await page.getByRole('link', { name: fa('Return goods of this sale') }).click();
    await page.waitForURL(/returnOf=/);
    const line = (n: number) => page.getByRole('listitem', { name: fa('Line {number}', { number: faDigits(String(n)) }) });
    await line(3).waitFor();
    // The picker names the sale by its number; VAT reads ۱۰, not ۱۰٫۰۰۰.
    expect(await page.getByRole('combobox', { name: fa('acc.field.Invoice.returnOf') }).inputValue()).toBe(String(sale.number));
    expect(await line(1).getByLabel(fa('acc.field.InvoiceLine.vatRate')).inputValue()).toBe('۱۰');
    // The unit as the counter sale wrote it: the product's «عدد», not its stored `piece`.
    expect(
      await line(1)
        .getByRole('textbox', { name: fa('acc.field.InvoiceLine.unit'), exact: true })
        .inputValue(),
    ).toBe(fa('unit.piece'));
    await line(3)
      .getByRole('button', { name: fa('Remove line {number}', { number: '۳' }) })
      .click();
    await line(2)
      .getByRole('button', { name: fa('Remove line {number}', { number: '۲' }) })
      .click();
    await line(1).getByLabel(fa('acc.field.InvoiceLine.quantity')).fill('1');
    // A walk-in customer is paid back in full: 120,000 and its VAT.
    await expect.poll(() => page.getByTestId('invoice-total').innerText()).toContain('۱۳۲٬۰۰۰');
    await page.getByLabel(fa('acc.field.Invoice.cashAmount')).fill('132000');
    await screenshot(page, 'shop-day-return-fa-360');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.waitForURL(/InvoiceDetails/);
    await waitUntilSynced(page);
    const returned = async () =>
      (await shop.api<EntityListResponse>('GET', `${entityPath(Invoice)}?pageSize=50`)).items.filter(
        (r) => r.returnOf === sale.id && r.status === 'submitted',
      );
    await expect.poll(async () => (await returned()).length, { timeout: 30_000 }).toBe(1);
    expect((await returned())[0]!.lines as Line[]).toHaveLength(1);

    await go(page, modulePath('WarehousingMVM', 'Inventory/WarehouseStock'));
    await expect.poll(() => stockShown('چای'), { timeout: 30_000 }).toBe('۹');
    expect(await onHand(shop, shop.products[0]!.id)).toBe(9);

    // The return goes to the tax system as a return of the accepted sale, and is accepted too.
    await runJobs();
    await go(page, at('TaxSystem/Queue'));
    const row = listRow(fa('Tax system queue'), '۱۳۲٬۰۰۰');
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain(fa('Accepted'));
    expect(await row.innerText()).toContain(fa('Return'));
  }, 120_000);

  it('shows the system’s reason, in Persian, on the page of an invoice it refused and in the queue', async () => {
    // The system refuses this one invoice (its total), as it would a product it does not know.
    standIn.refuseWhen((invoice) => (Number(invoice.header.tbill) === 330_000 ? [REFUSAL] : []));
    const rice = shop.products[2]!;
    // One rice: 300,000 and its VAT, 330,000, paid in cash.
    const refused = await submittedInvoice(shop, {
      kind: 'sale',
      cashAmount: 330_000,
      cashBoxId: shop.cashBoxes[0]!.id,
      lines: [
        {
          id: randomUUID(),
          productId: rice.id,
          description: rice.name,
          code: rice.code,
          quantity: '1',
          unitPrice: rice.salePrice,
          vatRate: '10',
          warehouseId: shop.warehouse.id,
        },
      ],
    });
    try {
      await runJobs();
    } finally {
      standIn.refuseWhen(null);
    }
    expect(standIn.received.size).toBe(3);

    await openScreen(page, details(String(refused.id)));
    const alert = page.getByRole('alert').filter({ hasText: fa('The tax system refused this invoice') });
    await expect.poll(() => alert.innerText(), { timeout: 30_000 }).toContain(REFUSAL.message);
    expect(await alert.innerText()).toContain(REFUSAL.code);
    await expectFitsThePhone(page);
    await screenshot(page, 'shop-day-tax-refused-invoice-fa-360');

    await alert.getByRole('link', { name: fa('Open the tax system queue to send it again') }).click();
    const row = listRow(fa('Tax system queue'), '۳۳۰٬۰۰۰');
    await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain(fa('Refused'));
    expect(await row.innerText()).toContain(REFUSAL.message);
    await expectFitsThePhone(page);
    await screenshot(page, 'shop-day-tax-refused-queue-fa-360');
  }, 120_000);
});
