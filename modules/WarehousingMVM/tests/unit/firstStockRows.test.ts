/**
 * Stock on hand's first answer (useStock.ts): the rows of the first products in title order, read
 * through indexes, are exactly the start of every row in screen order, queued documents included.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '@/contract/entity.ts';
import { localTexts, type LocalRow } from '@/storage/localRecords.ts';
import { createRow, stepDocument } from '@/storage/localWrites.ts';
import { PanelDb } from '@/storage/PanelDb.ts';
import { compareStockRows, stockRows } from '../../client/stockView.ts';
import { queuedStock } from '../../client/useStock.ts';
import { firstStockRows } from '../../client/useStock.ts';
import warehousing from '../../module.ts';
import { Product, Warehouse } from '../../entities/masterData.ts';
import { Receipt, StockBalance, StockValuation } from '../../entities/stock.ts';

const synced = (
  entity: typeof Product | typeof StockBalance | typeof StockValuation | typeof Warehouse,
  values: Record<string, unknown> & { id: string },
): LocalRow => {
  const row: Row = { version: 1, updatedAt: '2026-11-24T00:00:00.000Z', deleted: false, ...values };
  return { ...row, _pending: 0, ...localTexts(entity, row) };
};

/** A UUID, as the server checks ids and references. */
const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('stock on hand, first answer', () => {
  it('is the start of the whole, in Persian dictionary order, with the queued documents of those products', async () => {
    const db = new PanelDb(`first-stock-${Math.random()}`, { entities: warehousing.entities });
    await db.open();
    // Dictionary order: برنج, پنیر, تخمه, چای, زعفران (code-point order would put پ and چ last).
    const names = ['چای', 'زعفران', 'پنیر', 'برنج', 'تخمه'];
    const products = names.map((name, i) =>
      synced(Product, { id: u(100 + i), name, code: `P${i}`, unit: 'piece', active: true, barcodes: [] }),
    );
    const warehouses = [u(1), u(2)].map((id, i) => synced(Warehouse, { id, name: `انبار ${i + 1}`, code: `W${i + 1}`, active: true }));
    const balances = products.flatMap((p, i) =>
      warehouses
        .filter((_, j) => i !== 1 || j === 0)
        .map((w, j) =>
          synced(StockBalance, {
            id: `b${i}${j}`,
            productId: p.id,
            warehouseId: w.id,
            locationId: null,
            batch: null,
            expiry: null,
            quantity: `${i + 1}.000`,
          }),
        ),
    );
    const valuations = balances.map((b) =>
      synced(StockValuation, { id: `v${b.id}`, productId: b.productId, warehouseId: b.warehouseId, quantity: b.quantity, value: 1000 }),
    );
    await db.rows(Product).bulkPut(products);
    await db.rows(Warehouse).bulkPut(warehouses);
    await db.rows(StockBalance).bulkPut(balances);
    await db.rows(StockValuation).bulkPut(valuations);
    // A receipt queued on this device for پنیر into w2, where it has none yet; and a draft, which counts for nothing.
    const receipt = await createRow(db, Receipt, {
      direction: 'in',
      date: '2026-11-24',
      warehouseId: u(2),
      lines: [{ id: u(301), productId: u(102), quantity: '4.500' }],
    });
    await stepDocument(db, Receipt, receipt.id, 'submit');
    await createRow(db, Receipt, {
      direction: 'in',
      date: '2026-11-24',
      warehouseId: u(1),
      lines: [{ id: u(302), productId: u(103), quantity: '1.000' }],
    });

    const warehouseNames = new Map(warehouses.map((w) => [w.id, String(w.name)]));
    const order = compareStockRows(warehouseNames);
    const receipts = await db.rows(Receipt).toArray();
    const whole = stockRows({ balances, valuations, products, queued: queuedStock(receipts) }).sort(order);
    expect(whole.map((r) => r.name)).toEqual(['برنج', 'برنج', 'پنیر', 'پنیر', 'تخمه', 'تخمه', 'چای', 'چای', 'زعفران']);
    expect(whole.find((r) => r.key === `${u(102)}/${u(2)}`)).toMatchObject({ onHand: '3.000', projected: '7.500' });
    for (const count of [1, 2, 3, 5]) {
      const first = (await firstStockRows(db, count)).sort(order);
      expect(first).toEqual(whole.slice(0, first.length));
      expect(new Set(first.map((r) => r.productId)).size).toBe(count);
    }
    db.close();
  });
});
