/**
 * The official sales invoice print and a return started from its invoice (issue 27, decision 043):
 * a submitted sale to a party prints on the tax organisation's layout, A4 landscape and A5
 * landscape, each its own page size in Chromium's PDF, with the seller's and the buyer's details,
 * the lines and the total in words; "Return" opens a return with each line's still-returnable
 * quantity, which the person lowers and submits.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type EntityListResponse, type Line, type Row } from '../../../../src/contract/entity.ts';
import { modulePath, withQuery } from '../../../../src/contract/routes.ts';
import { accountServerEnv, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { pdfPageSizes, screenshot, screenshotDir, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { screenshotFailures } from '../../../../tests/e2e/moduleSteps.ts';
import { openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Party, Settings, SETTINGS_ID } from '../../entities/books.ts';
import { Invoice } from '../../entities/invoices.ts';
import { onHand as counted, openShop, submittedInvoice, today, type Shop } from './invoiceSeed.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let shop: Shop;
let context: BrowserContext;
let page: Page;
let sale: Row;

const api = <T = Row>(method: string, path: string, body?: unknown) => shop.api<T>(method, path, body);
/** Latin digits as the Persian pages print them. */
const faDigits = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
const latinDigits = (text: string) => text.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
/** 1,056,000 in words, as numberInWords says it in Persian. */
const TOTAL_IN_WORDS = 'یک میلیون و پنجاه و شش هزار';
const details = (id: string) => withQuery(modulePath('MarketAccounting', 'Invoice/InvoiceDetails'), { id });
const onHand = (productId: unknown) => counted(shop, productId);
const submitted = (body: Record<string, unknown>) => submittedInvoice(shop, body);

beforeAll(async () => {
  let party: Row | undefined;
  shop = await openShop(e2e, {
    name: 'فروشگاه رسمی',
    width: 1280,
    cashBoxes: ['صندوق'],
    products: [
      { name: 'چای', code: 'TEA', salePrice: 120_000 },
      { name: 'برنج', code: 'RICE', salePrice: 300_000 },
    ],
    prepare: async ({ api }) => {
      const settings = await api('GET', `${entityPath(Settings)}/${SETTINGS_ID}`);
      await api('PUT', `${entityPath(Settings)}/${SETTINGS_ID}`, {
        version: settings.version,
        sellerName: 'شرکت بازرگانی نمونه',
        economicCode: '411111111111',
        nationalId: '10101234567',
        postalCode: '1234567890',
        address: 'تهران، خیابان انقلاب، پلاک ۱۲',
        phone: '02166000000',
      });
      party = await api('POST', entityPath(Party), {
        id: randomUUID(),
        name: 'فروشگاه آفتاب',
        nationalId: '10860000001',
        economicCode: '422222222222',
        postalCode: '9876543210',
        address: 'مشهد، بلوار وکیل‌آباد',
        mobile: '09121234567',
      });
    },
  });
  context = shop.context;
  page = shop.page;
  // 3 × 120,000 + 2 × 300,000 = 960,000, with 10 % VAT 1,056,000: 56,000 in cash, the rest on credit.
  sale = await submitted({
    kind: 'sale',
    partyId: party!.id,
    cashAmount: 56_000,
    cashBoxId: shop.cashBoxes[0]!.id,
    dueDate: today,
    lines: shop.products.map((p, i) => ({
      id: randomUUID(),
      productId: p.id,
      description: p.name,
      code: p.code,
      unit: 'عدد',
      quantity: i === 0 ? '3' : '2',
      unitPrice: p.salePrice,
      vatRate: '10',
      warehouseId: shop.warehouse.id,
    })),
  });
}, 240_000);
afterAll(async () => {
  await context?.close();
});

screenshotFailures('invoice-print', () => page);

/** Prints the page as Chromium does, on the page size the sheet declares; checks the paper and what is on it. */
async function printed(name: string, paper: number[], widthPx: number): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  mkdirSync(screenshotDir, { recursive: true });
  writeFileSync(join(screenshotDir, `${name}.pdf`), pdf);
  expect(pdfPageSizes(pdf)).toEqual([paper]);
  const sheet = page.locator('[data-print-document]');
  expect(await sheet.isVisible()).toBe(true);
  const text = await sheet.innerText();
  await page.setViewportSize({ width: widthPx, height: 800 });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'screen' });
  return text;
}

describe('the official sales invoice', () => {
  it('prints from the invoice page on A4 landscape and A5 landscape with seller, buyer, lines and the total in words', async () => {
    await openScreen(page, details(sale.id));
    await page.getByText(String(sale.number)).first().waitFor();
    await page.getByRole('button', { name: 'چاپ', exact: true }).click();
    await page.getByRole('menuitem', { name: /صورتحساب رسمی/ }).click();
    await page.waitForURL(/Invoice\/InvoicePrint/);
    await page.getByRole('heading', { name: 'صورتحساب فروش کالا و خدمات' }).first().waitFor();
    await screenshot(page, 'official-invoice-fa-screen');

    const a4 = await printed('official-invoice-fa-A4', [297, 210], 1123);
    for (const part of [
      'صورتحساب فروش کالا و خدمات',
      'شرکت بازرگانی نمونه',
      faDigits('411111111111'),
      faDigits('1234567890'),
      'فروشگاه آفتاب',
      faDigits('422222222222'),
      'مشهد، بلوار وکیل‌آباد',
      'چای',
      'TEA',
      '۱٬۰۵۶٬۰۰۰',
      TOTAL_IN_WORDS,
      String(sale.number),
    ])
      expect(a4).toContain(part);
    // Settlement: 56,000 in cash, the rest on credit.
    expect(a4).toContain('۵۶٬۰۰۰');
    expect(a4).toContain('۱٬۰۰۰٬۰۰۰');

    await page.getByLabel('کاغذ').selectOption('A5');
    await expect.poll(() => page.url()).toContain('paper=A5');
    const a5 = await printed('official-invoice-fa-A5', [210, 148], 794);
    expect(a5).toContain('فروشگاه آفتاب');
    expect(a5).toContain(TOTAL_IN_WORDS);
  }, 120_000);
});

describe('a return from its invoice', () => {
  it('opens with each line’s still-returnable quantity, is lowered and submitted, and brings the goods back', async () => {
    const tea = (sale.lines as Line[])[0]!;
    const rice = (sale.lines as Line[])[1]!;
    // One tea already came back.
    await submitted({
      kind: 'saleReturn',
      returnOf: sale.id,
      partyId: sale.partyId,
      lines: [{ ...tea, id: randomUUID(), quantity: '1', returnOfLine: tea.id }],
    });
    await openScreen(page, details(sale.id));
    await waitUntilSynced(page);
    await page.getByRole('link', { name: 'برگشت کالا از این فروش' }).click();
    await page.waitForURL(/returnOf=/);
    const quantityOf = (n: number) =>
      page
        .getByRole('listitem', { name: fa('Line {number}', { number: faDigits(String(n)) }) })
        .getByLabel(fa('acc.field.InvoiceLine.quantity'));
    await quantityOf(1).waitFor();
    const shown = async (n: number) => latinDigits(await quantityOf(n).inputValue());
    expect(await shown(1)).toBe('2');
    expect(await shown(2)).toBe('2');
    await screenshot(page, 'invoice-return-prefilled-fa');
    await quantityOf(2).fill('1');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    await page.waitForURL(/InvoiceDetails/);
    await waitUntilSynced(page);
    const returns = async () =>
      (await api<EntityListResponse>('GET', `${entityPath(Invoice)}?pageSize=50`)).items.filter(
        (r) => r.returnOf === sale.id && r.status === 'submitted',
      );
    await expect.poll(async () => (await returns()).length, { timeout: 30_000 }).toBe(2);
    const made = (await returns()).find((r) => (r.lines as Line[]).length === 2)!;
    expect(made).toMatchObject({ kind: 'saleReturn', partyId: sale.partyId });
    expect((made.lines as Line[]).map((l) => [l.returnOfLine, l.productId, l.quantity, l.unitPrice, l.vatRate])).toEqual([
      [tea.id, tea.productId, '2.000', 120_000, '10.000'],
      [rice.id, rice.productId, '1.000', 300_000, '10.000'],
    ]);
    // 10 in, 3 sold, 1 + 2 back; 10 in, 2 sold, 1 back.
    expect(await onHand(tea.productId)).toBe(10);
    expect(await onHand(rice.productId)).toBe(9);
  }, 120_000);
});

describe('the official sales invoice in English', () => {
  it('prints with English labels, codes and figures in Latin digits', async () => {
    await openScreen(page, withQuery(modulePath('MarketAccounting', 'Invoice/InvoicePrint'), { id: sale.id }));
    await switchToEnglish(page);
    await page.getByRole('heading', { name: 'Sales invoice of goods and services' }).first().waitFor();
    await screenshot(page, 'official-invoice-en-screen');
    const text = await printed('official-invoice-en-A4', [297, 210], 1123);
    for (const part of ['Seller', 'Buyer', 'Economic code:', '411111111111', '1,056,000', 'Total in words:', 'Terms of sale:'])
      expect(text).toContain(part);
  }, 120_000);
});
