/**
 * What a person is told about documents (issue 24, decision 029), in Chromium against the real
 * server, on a phone: "Save and submit" survives a reload right after the click (never a plain
 * draft); a refused submit and a refused cancel each read in the words of their step; the Sync
 * problems card names the document by its Jalali date, gives the product, location, needed and
 * available, and links to it; a document's page shows its history; the prefix of a number series
 * is changed on its screen. Screenshots in fa and en at 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NumberSeries } from '../../../../src/contract/entities/panelManagement.ts';
import { entityPath, type EntityListResponse, type Row } from '../../../../src/contract/entity.ts';
import { modulePath, paths, withQuery } from '../../../../src/contract/routes.ts';
import { accountServerEnv, switchToEnglish } from '../../../../tests/e2e/accountSteps.ts';
import { screenshot, serverAndBrowser } from '../../../../tests/e2e/harness.ts';
import { choose } from '../../../../tests/e2e/moduleSteps.ts';
import { openScreen, waitUntilSynced } from '../../../../tests/e2e/panelsSteps.ts';
import { fa } from '../../../../tests/e2e/pwaSupport.ts';
import { Receipt } from '../../entities/stock.ts';
import { at, openWarehouseWorld, type WarehouseWorld } from './warehouseWorld.ts';

const e2e = serverAndBrowser({ env: accountServerEnv });
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });
let world: WarehouseWorld;
let context: BrowserContext;
let page: Page;

/** A receipt written and submitted over REST, as another phone would, from bin A-01. */
async function submittedReceipt(direction: 'in' | 'out', quantity: string): Promise<Row> {
  const line = { id: randomUUID(), productId: world.tea.id, quantity, unitPrice: 300_000, locationId: world.a1.id };
  return world.call(Receipt, { direction, date: today, warehouseId: world.central.id, lines: [line] }, 'submit');
}

beforeAll(async () => {
  // 20 packs of green tea in the central warehouse's bin A-01.
  world = await openWarehouseWorld(e2e.browser, e2e.server);
  ({ context, page } = world);
  for (const screen of ['Receipt/AddReceipt', 'Receipt/ReceiptList', 'Receipt/ReceiptDetails']) await openScreen(page, at(screen));
  await openScreen(page, paths.syncProblems);
  await waitUntilSynced(page);
});

afterAll(() => context?.close());

afterEach(async ({ task }) => {
  await context.setOffline(false);
  if (task.result?.state === 'fail') await screenshot(page, `docwords-failed-${task.name.slice(0, 30)}`).catch(() => {});
});

describe('what a person is told about documents', () => {
  it('keeps "Save and submit" whole across a reload, and words the refused submit and its card in full', async () => {
    await openScreen(page, `${at('Receipt/AddReceipt')}?direction=out`);
    await context.setOffline(true);
    await choose(page, page, fa('field.Receipt.warehouseId'), 'انبار مرکزی');
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    await choose(page, line, fa('field.ReceiptLine.productId'), 'چای سبز');
    await line.getByLabel(fa('field.ReceiptLine.quantity')).fill('25');
    await choose(page, line, fa('field.ReceiptLine.locationId'), 'A-01');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    // The page goes away as soon as the tap is written, as when a phone's browser is closed then.
    // (That the draft and its submit are one write is proven in tests/unit/saveAndSubmit.test.ts.)
    await page.waitForURL((url) => url.pathname.endsWith('ReceiptDetails'));
    await page.reload();
    await page.locator('h1').first().waitFor();
    await page.goto(at('Receipt/ReceiptList'));
    await page.getByText(fa('Waiting to submit')).first().waitFor();
    // One write: the issue is queued with its submit, never left as a plain draft.
    expect(await page.getByText(fa('Not sent yet')).count()).toBe(0);

    await context.setOffline(false);
    await openScreen(page, paths.syncProblems);
    const card = page.getByRole('region').filter({ has: page.getByRole('heading', { name: /ثبت نهایی نشد/ }) });
    await card.waitFor({ timeout: 30_000 });
    // Named by its kind and its Jalali date in Persian digits: it has no number yet.
    expect(await card.getByRole('heading').innerText()).toMatch(new RegExp(`^${fa('entity.WarehousingMVM.Receipt')} .*[۰-۹]{4}`));
    const why = fa('{product} in {warehouse}, location {place}: needed {needed}, available {available}', {
      product: 'چای سبز',
      warehouse: 'انبار مرکزی',
      place: 'A-01',
      needed: '۲۵',
      available: '۲۰',
    });
    await card.getByText(why).waitFor();
    expect(await card.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await card.getByRole('button', { name: fa('Keep it as a draft') }).waitFor();
    await screenshot(page, 'docwords-sync-shortage-fa-390');

    await card.getByRole('link', { name: fa('Open the document') }).click();
    const refusal = page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: fa('The server did not accept the submit') });
    await refusal.first().waitFor();
    await page
      .getByText(fa('Nothing you typed is lost: the document is a draft again. Fix what stands in the way and submit it again.'))
      .waitFor();
    await page.getByRole('button', { name: fa('Submit'), exact: true }).waitFor();
  });

  it('words a refused cancel as a cancel, under a submitted document, and lets it go once the cancel succeeds', async () => {
    const goodsIn = await submittedReceipt('in', '5');
    await submittedReceipt('out', '24');
    await page.goto(withQuery(at('Receipt/ReceiptDetails'), { id: goodsIn.id }));
    await page.getByText(String(goodsIn.number)).locator('visible=true').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: fa('Cancel this document') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Cancel it') })
      .click();
    await page.getByText(fa('The server did not accept the cancel')).waitFor({ timeout: 30_000 });
    await page
      .getByText(fa('The document is still submitted and its effects stand. Settle what stands in the way, then cancel it again.'))
      .waitFor();
    await page
      .getByText(
        fa(
          'The goods this document brought in have gone out since. Cancel the goods-out documents that took them first, or keep this document as it is.',
        ),
      )
      .waitFor();
    expect(await page.getByText(fa('Receive the goods first, take them from another location, or lower the quantities.')).count()).toBe(0);
    expect(await page.getByText(/پیش‌نویس است/).count()).toBe(0);
    await screenshot(page, 'docwords-refused-cancel-fa-390');

    // Goods come in, the cancel is tried again from its card and accepted: the refusal goes.
    await submittedReceipt('in', '20');
    await openScreen(page, paths.syncProblems);
    await page
      .getByRole('button', { name: fa('Cancel again') })
      .first()
      .click();
    await expect
      .poll(async () => (await world.read<Row>(`${entityPath(Receipt)}/${goodsIn.id}`)).status, { timeout: 30_000 })
      .toBe('cancelled');
    await page.goto(withQuery(at('Receipt/ReceiptDetails'), { id: goodsIn.id }));
    await page.getByText(fa('Cancelled'), { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(fa('The server did not accept the cancel')).count()).toBe(0);
  });

  it('shows a document’s history on its page, in Jalali dates', async () => {
    const doc = await submittedReceipt('in', '3');
    await page.goto(withQuery(at('Receipt/ReceiptDetails'), { id: doc.id }));
    const history = page.getByRole('region', { name: fa('History') });
    await history.getByText(/ثبت نهایی کرد/).waitFor({ timeout: 30_000 });
    expect(await history.getByRole('listitem').count()).toBe(2);
    await history.getByText(/آن را ساخت/).waitFor();
    expect(await history.innerText()).toMatch(/[۰-۹]{2}/);
    expect(await history.innerText()).not.toMatch(/20\d\d/);
    await screenshot(page, 'docwords-history-fa-390');
  });

  it('changes a number series’ prefix on its screen, and the server numbers with it', async () => {
    await openScreen(page, modulePath('PanelManagement', 'NumberSeries'));
    const field = page.getByLabel(fa('Prefix of {label}', { label: fa('entity.WarehousingMVM.Receipt') }));
    await field.fill('wh-in');
    await page.getByText('WH-IN-').first().waitFor();
    await field.press('Enter');
    await expect
      .poll(async () => (await world.read<EntityListResponse>(entityPath(NumberSeries))).items.map((r) => r.prefix), { timeout: 30_000 })
      .toEqual(['WH-IN']);
    expect(String((await submittedReceipt('in', '1')).number)).toMatch(/^WH-IN-\d{4}-\d{5}$/);
    await screenshot(page, 'docwords-number-series-fa-390');
  });

  it('reads the same in English', async () => {
    await switchToEnglish(page);
    await openScreen(page, paths.syncProblems);
    await page.getByRole('button', { name: 'Keep it as a draft' }).waitFor({ timeout: 30_000 });
    await page.getByText(/needed 25, available 20/).waitFor();
    await screenshot(page, 'docwords-sync-shortage-en-390');
    const first = await world.read<EntityListResponse>(entityPath(Receipt));
    const numbered = first.items.find((r) => r.status === 'submitted')!;
    await page.goto(withQuery(at('Receipt/ReceiptDetails'), { id: numbered.id }));
    await page
      .getByRole('region', { name: 'History' })
      .getByText(/submitted it/)
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'docwords-history-en-390');
  });
});
