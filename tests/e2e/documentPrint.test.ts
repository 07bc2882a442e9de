/**
 * A document on paper (issue 24, decision 028): a goods-out (حوالهٔ انبار) and an accounting
 * voucher printed in Chromium, with the print stylesheet in force. What prints is the document
 * alone: its proper title, its number once, the amount in Persian words with the unit, the
 * panel's letterhead and the signature boxes, and nothing of the app's frame. A5 picked from the
 * print menu reaches the browser as the page size. PDFs (A4, A5) and print-view PNGs are saved
 * under tests/e2e/screenshots.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityPath, type Entity, type Row } from '../../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { modulePath, paths, withQuery } from '../../src/contract/routes.ts';
import { Voucher } from '../../modules/MarketAccounting/entities/documents.ts';
import { booksEndpoint } from '../../modules/MarketAccounting/rules/booksEndpoint.ts';
import { accountId } from '../../modules/MarketAccounting/server/books.ts';
import { Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { accountServerEnv, freshContext, newAccount, signInContext, switchToEnglish } from './accountSteps.ts';
import { pdfPageSizes, screenshotDir, serverAndBrowser } from './harness.ts';
import { callInPanel, openScreen, waitUntilSynced } from './panelsSteps.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
let context: BrowserContext;
let page: Page;
let goodsOut: Row;
let voucher: Row;

/** The width of A4 at 96 dpi, so the print view's screenshot is laid out as the paper is. */
const A4_WIDTH = 794;

beforeAll(async () => {
  const person = await newAccount(e2e.server);
  context = await freshContext(e2e.browser, e2e.server, 1280);
  const token = (await signInContext(context, e2e.server, person.username, person.password)).access_token;
  const panel = await callInPanel<CurrentPanel>(e2e.server.url, panelEndpoints.register, token, null, {
    name: 'فروشگاه نمونه',
    icon: 'store',
    companyName: 'بازرگانی نمونهٔ البرز',
    economicCode: '411111111111',
    nationalId: '10101234567',
    phone: '02188776655',
    address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
    modules: ['PanelManagement', 'WarehousingMVM', 'MarketAccounting'],
  });
  const call = async (entity: Entity, body: Record<string, unknown>, step?: 'submit'): Promise<Row> => {
    const row = await callInPanel<Row>(e2e.server.url, { method: 'POST', path: entityPath(entity) }, token, panel.code, {
      id: randomUUID(),
      ...body,
    });
    if (!step) return row;
    return callInPanel<Row>(e2e.server.url, { method: 'POST', path: `${entityPath(entity)}/${row.id}/${step}` }, token, panel.code, {
      version: row.version,
    });
  };
  const central = await call(Warehouse, { name: 'انبار مرکزی', code: 'W1', active: true });
  const tea = await call(Product, {
    name: 'چای سبز',
    code: 'TEA-1',
    unit: 'pack',
    salePrice: 450_000,
    purchasePrice: 300_000,
    active: true,
  });
  await call(
    Receipt,
    {
      direction: 'in',
      date: '2026-11-20',
      warehouseId: central.id,
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '20', unitPrice: 300_000 }],
    },
    'submit',
  );
  // 3 packs at 450,000 rials: 1,350,000 rials.
  goodsOut = await call(
    Receipt,
    {
      direction: 'out',
      date: '2026-11-24',
      warehouseId: central.id,
      note: 'برای شعبهٔ کرج',
      lines: [{ id: randomUUID(), productId: tea.id, quantity: '3', unitPrice: 450_000 }],
    },
    'submit',
  );
  await callInPanel(e2e.server.url, { method: 'POST', path: booksEndpoint }, token, panel.code, {});
  // 18,500,000 rials of rent paid by the owner.
  voucher = await call(
    Voucher,
    {
      date: '2026-11-24',
      description: 'اجارهٔ آذر',
      lines: [
        { id: randomUUID(), accountId: accountId('5202'), debit: 18_500_000, credit: 0 },
        { id: randomUUID(), accountId: accountId('3101'), debit: 0, credit: 18_500_000 },
      ],
    },
    'submit',
  );

  page = await context.newPage();
  // Headless Chromium has no print dialog: count the calls instead.
  await page.addInitScript(() => {
    window.print = () => {
      (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
    };
  });
  await openScreen(page, paths.user.panelList);
  await page.getByRole('button', { name: 'فروشگاه نمونه' }).click();
  await page.waitForURL((url) => url.pathname === paths.user.panelDashboard);
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

/** What the paper shows: the body's rendered text with the print stylesheet in force. */
async function printedText(): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  return page.evaluate(() => document.body.innerText);
}

/** The app's frame and page elements outside the document's print layout that still have a box when printing. */
async function frameOnPaper(): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('header, nav, aside, main, button, a'))
      .filter((el) => !el.closest('[data-print-document]') && el.getClientRects().length > 0)
      .map((el) => el.outerHTML.slice(0, 80)),
  );
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

const paperMm = { A4: [210, 297], A5: [148, 210] };

async function printOnPaper(name: string, menuItem: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'چاپ', exact: true }).click();
  await page.screenshot({ path: join(screenshotDir, `${name}-menu.png`) });
  const before = await page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0);
  await page.getByRole('menuitem', { name: new RegExp(menuItem) }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(before + 1);
  const size = menuItem.includes('A5') ? 'A5' : 'A4';
  expect(await page.evaluate(() => document.documentElement.dataset.printSize)).toBe(size);
  // As Chromium prints: a page emulating the screen would be printed with the screen's styles.
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: size, printBackground: true });
  writeFileSync(join(screenshotDir, `${name}-${size}.pdf`), pdf);
  expect(pdfPageSizes(pdf)).toEqual([paperMm[size]]);
  // The size picked in the menu is the page's own (`@page a5`): what the browser's dialog opens with.
  const own = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdfPageSizes(own)).toEqual([paperMm[size]]);
  await page.setViewportSize({ width: size === 'A5' ? 559 : A4_WIDTH, height: 1000 });
  await page.screenshot({ path: join(screenshotDir, `${name}-${size}.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'screen' });
}

describe('printing a document', () => {
  it('prints a goods-out as «حوالهٔ انبار», alone, with its number once and its amount in words', async () => {
    await openScreen(page, withQuery(modulePath('WarehousingMVM', 'Receipt/ReceiptDetails'), { id: goodsOut.id }));
    const number = String(goodsOut.number);
    await page.getByText(number).first().waitFor();
    const paper = await printedText();
    expect(paper).toContain('حوالهٔ انبار');
    expect(occurrences(paper, number)).toBe(1);
    expect(paper).toContain('یک میلیون و سیصد و پنجاه هزار ریال');
    expect(paper).toContain('بازرگانی نمونهٔ البرز');
    expect(paper).toContain('۴۱۱۱۱۱۱۱۱۱۱۱');
    for (const box of ['تهیه‌کننده', 'تأییدکننده', 'تحویل‌گیرنده']) expect(paper).toContain(box);
    // A Jalali date in Persian digits: 2026-11-24 is ۳ آذر ۱۴۰۵.
    expect(paper).toContain('۱۴۰۵');
    expect(paper).not.toContain('English');
    expect(await frameOnPaper()).toEqual([]);
    await printOnPaper('print-goods-out-fa', 'A4');
    await printOnPaper('print-goods-out-fa', 'A5');
  });

  it('prints a voucher as «سند حسابداری» with its totals and the amount in words', async () => {
    await openScreen(page, withQuery(modulePath('MarketAccounting', 'Voucher/VoucherDetails'), { id: voucher.id }));
    const number = String(voucher.number);
    await page.getByText(number).first().waitFor();
    const paper = await printedText();
    expect(paper).toContain('سند حسابداری');
    expect(occurrences(paper, number)).toBe(1);
    expect(paper).toContain('هجده میلیون و پانصد هزار ریال');
    expect(paper).toContain('اجارهٔ آذر');
    expect(await frameOnPaper()).toEqual([]);
    await printOnPaper('print-voucher-fa', 'A4');
    await printOnPaper('print-voucher-fa', 'A5');
  });

  it('prints the voucher in English: its English title, a Gregorian date and English words', async () => {
    await switchToEnglish(page);
    await page.getByText(String(voucher.number)).first().waitFor();
    const paper = await printedText();
    expect(paper).toContain('Accounting voucher');
    // Chromium's English date (its ICU, not Node's: compared here only in the browser).
    expect(paper).toMatch(/24 Nov 2026|Nov 24, 2026/);
    expect(paper).toContain('Amount: 18,500,000 rials');
    expect(paper).toContain('eighteen million five hundred thousand rials');
    expect(occurrences(paper, String(voucher.number))).toBe(1);
    expect(await frameOnPaper()).toEqual([]);
    await page.setViewportSize({ width: A4_WIDTH, height: 1000 });
    await page.screenshot({ path: join(screenshotDir, 'print-voucher-en-A4.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: 'screen' });
  });
});
