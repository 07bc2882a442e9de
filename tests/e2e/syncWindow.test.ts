/**
 * A device's window of history (decision 050, issue 31) in Chromium against the real server run
 * with a one-month window (SYNC_WINDOW_MONTHS=1): receipts dated three months ago stay on the
 * server, the recent ones are on the phone; the list says the older ones are on the server and
 * shows them on demand; an old receipt's page needs a connection offline and opens online; it is
 * cancelled from that page and the cancel reaches the server and its stock moves; it is amended into
 * a draft that is edited and submitted, and the server holds the amended receipt; the rows in the
 * window stay through the evictions.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receipt, StockMove } from '../../modules/WarehousingMVM/entities/stock.ts';
import { at, openWarehouseWorld, type WarehouseWorld } from '../../modules/WarehousingMVM/tests/e2e/warehouseWorld.ts';
import { entityPath, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { withQuery } from '../../src/contract/routes.ts';
import { accountServerEnv } from './accountSteps.ts';
import { screenshot, serverAndBrowser } from './harness.ts';
import { go, screenshotFailures } from './moduleSteps.ts';
import { openScreen, waitUntilSynced } from './panelsSteps.ts';
import { fa } from './pwaSupport.ts';

const e2e = serverAndBrowser({ env: { ...accountServerEnv, SYNC_WINDOW_MONTHS: '1' } });
let w: WarehouseWorld;
let old: Row;
let older: Row;
let recent: Row;

/** A Tehran day `back` days before today. */
function daysAgo(back: number): string {
  return new Date(Date.now() + 3.5 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);
}

/** Whether the phone's panel database holds this row of this entity table. */
async function onDevice(page: Page, table: string, id: string): Promise<boolean> {
  return (await deviceRow(page, table, id)) !== null;
}

/** The phone's stored row of this entity table (with its `_` bookkeeping), or null. */
function deviceRow(page: Page, table: string, id: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    async ({ table, id }) => {
      for (const { name } of await indexedDB.databases()) {
        if (!name?.startsWith('pishkhan-data:')) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error as Error);
        });
        try {
          if (!db.objectStoreNames.contains(table)) continue;
          const row = await new Promise<unknown>((resolve, reject) => {
            const get = db.transaction(table).objectStore(table).get(id);
            get.onsuccess = () => resolve(get.result);
            get.onerror = () => reject(get.error as Error);
          });
          if (row) return row as Record<string, unknown>;
        } finally {
          db.close();
        }
      }
      return null;
    },
    { table, id },
  );
}

const receiptIn = (date: string, quantity: string, reference: string) => ({
  direction: 'in',
  date,
  reference,
  warehouseId: w.central.id,
  lines: [{ id: randomUUID(), productId: w.tea.id, quantity, unitPrice: 300_000, locationId: w.a1.id }],
});

beforeAll(async () => {
  w = await openWarehouseWorld(e2e.browser, e2e.server, 1280);
  old = await w.call(Receipt, receiptIn(daysAgo(92), '5', 'OLD-A'), 'submit');
  older = await w.call(Receipt, receiptIn(daysAgo(100), '7', 'OLD-B'), 'submit');
  recent = await w.call(Receipt, receiptIn(daysAgo(1), '3', 'NEW-C'), 'submit');
  await openScreen(w.page, at('dashboard'));
  await waitUntilSynced(w.page);
});

afterAll(() => w?.context.close());

screenshotFailures('window', () => w.page);

const list = at('Receipt/ReceiptList');
const deviceRows = (page: Page) => page.getByRole('table').first();

describe('a phone keeps a month of receipts; older ones are the server’s', () => {
  it('holds the recent receipts and not those older than its window', async () => {
    const { page } = w;
    await go(page, list);
    await deviceRows(page).getByText(String(recent.number)).waitFor({ timeout: 30_000 });
    expect(await onDevice(page, Receipt.table, recent.id)).toBe(true);
    expect(await onDevice(page, Receipt.table, old.id)).toBe(false);
    expect(await onDevice(page, Receipt.table, older.id)).toBe(false);
    // Their stock moves (windowed too) went with them; the recent receipt's stayed.
    const moves = await w.read<EntityListResponse>(`${entityPath(StockMove)}?filter.sourceId=${old.id}`);
    expect(moves.items.length).toBe(1);
    expect(await onDevice(page, StockMove.table, moves.items[0]!.id)).toBe(false);
    expect(await deviceRows(page).getByText(String(old.number)).count()).toBe(0);
  });

  it('says the older receipts are on the server and lists them on demand', async () => {
    const { page } = w;
    const section = page.getByTestId('older-rows');
    await section.waitFor();
    await section.getByRole('button', { name: fa('Show older') }).click();
    await section.getByText(String(old.number)).waitFor({ timeout: 30_000 });
    await section.getByText(String(older.number)).waitFor();
    expect(await section.getByText(String(recent.number)).count()).toBe(0);
    await screenshot(page, 'window-older-rows-fa-1280');
  });

  it('says an old receipt needs a connection offline, and opens it once online', async () => {
    const { page, context } = w;
    const section = page.getByTestId('older-rows');
    await context.setOffline(true);
    await section.getByText(String(older.number)).click();
    await page.getByTestId('needs-connection').waitFor({ timeout: 30_000 });
    await page.getByText(fa('This needs a connection')).waitFor();
    expect(await page.getByText(fa('Page Not Found')).count()).toBe(0);
    await screenshot(page, 'window-needs-connection-fa-1280');
    await context.setOffline(false);
    await page.getByText(String(older.number)).locator('visible=true').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('needs-connection').count()).toBe(0);
  });

  it('opens an old receipt online and cancels it: the cancel reaches the server and reverses its stock moves', async () => {
    const { page } = w;
    await go(page, withQuery(at('Receipt/ReceiptDetails'), { id: old.id }));
    await page.getByText(String(old.number)).locator('visible=true').first().waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: fa('Cancel this document') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: fa('Cancel it') })
      .click();
    await expect.poll(async () => (await w.read<Row>(`${entityPath(Receipt)}/${old.id}`)).status, { timeout: 30_000 }).toBe('cancelled');
    const moves = await w.read<EntityListResponse>(`${entityPath(StockMove)}?filter.sourceId=${old.id}`);
    expect(moves.items.map((m) => Number(m.quantity)).sort((a, b) => a - b)).toEqual([-5, 5]);
  });

  it('amends the cancelled old receipt into a draft, edits it and submits it: the server holds the amended receipt', async () => {
    const { page } = w;
    await page.getByRole('button', { name: fa('Amend') }).click();
    const line = page.getByRole('listitem', { name: fa('Line {number}', { number: '۱' }) });
    const quantity = line.getByLabel(fa('field.ReceiptLine.quantity'));
    await expect.poll(() => quantity.inputValue(), { timeout: 30_000 }).toBe('۵');
    await quantity.fill('');
    await quantity.pressSequentially('6');
    await page.getByRole('button', { name: fa('Save and submit') }).click();
    const amended = async () =>
      (await w.read<EntityListResponse>(`${entityPath(Receipt)}?search=OLD-A`)).items.find(
        (r) => r.amendedFrom === old.id && r.status === 'submitted',
      );
    await expect.poll(async () => (await amended())?.status, { timeout: 30_000 }).toBe('submitted');
    const copy = (await amended())!;
    // It keeps the old receipt's date, before the window, and the quantity as edited.
    expect(copy.date).toBe(old.date);
    expect((copy.lines as { quantity: string }[]).map((l) => Number(l.quantity))).toEqual([6]);
    const moves = await w.read<EntityListResponse>(`${entityPath(StockMove)}?filter.sourceId=${copy.id}`);
    expect(moves.items.map((m) => Number(m.quantity))).toEqual([6]);
  });

  it('keeps every receipt of its window through the evictions, and an evicted one is no deletion', async () => {
    const { page } = w;
    await go(page, list);
    await waitUntilSynced(page);
    await deviceRows(page).getByText(String(recent.number)).waitFor({ timeout: 30_000 });
    expect(await onDevice(page, Receipt.table, recent.id)).toBe(true);
    // The cancelled old receipt came back in a pull from before the window and left the device
    // again; a page still open on it when it left fetches it back (as any page of an old row
    // does), so the device holds either nothing of it or the server's row — never a tombstone,
    // never writes of its own.
    const kept = await deviceRow(page, Receipt.table, old.id);
    if (kept) expect(kept).toMatchObject({ deleted: false, status: 'cancelled', _pending: 0 });
    expect((await w.read<Row>(`${entityPath(Receipt)}/${old.id}`)).deleted).toBeFalsy();
  });
});
