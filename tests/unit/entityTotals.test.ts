/**
 * Totals kept on the device (decision 052): the stock valuations' quantity and value per warehouse
 * move with every row pulled, replaced or deleted, exactly, and are worked out from the rows when a
 * database has none yet.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineEntity, type Row } from '../../src/contract/entity.ts';
import { ensureTotals, readTotals, rebuildTotals, sumTotals } from '../../src/storage/entityTotals.ts';
import type { TotalsRecord } from '../../src/storage/localRecords.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { applyPullPage, restartPull } from '../../src/storage/syncResults.ts';
import { StockValuation } from '../../modules/WarehousingMVM/entities/stock.ts';

let db: PanelDb;
let version = 0;

beforeEach(async () => {
  db = new PanelDb(`totals-test-${Math.random()}`, { entities: [StockValuation] });
  await db.open();
});
afterEach(() => db.close());

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function valuation(id: string, warehouseId: string, quantity: string, value: number | string, deleted = false): Row {
  return { id, version: ++version, updatedAt: '2026-11-27T10:00:00.000Z', deleted, productId: `p-${id}`, warehouseId, quantity, value };
}

const pull = (...rows: Row[]) =>
  applyPullPage(
    db,
    rows.map((row) => ({ entity: StockValuation.key, row })),
    ++version,
  );

async function byWarehouse(): Promise<Record<string, { rows: number; nonZero: number; quantity: string; value: string }>> {
  const out: Record<string, { rows: number; nonZero: number; quantity: string; value: string }> = {};
  for (const t of (await readTotals(db, StockValuation)) ?? [])
    out[String(t.group.warehouseId)] = { rows: t.rows, nonZero: t.nonZero, quantity: t.sums.quantity!, value: t.sums.value! };
  return out;
}

describe('totals kept on the device', () => {
  it('add rows as they are pulled, per warehouse, in exact thousandths and rials', async () => {
    await pull(valuation('1', A, '10.500', 12_600_000), valuation('2', A, '0.001', '9007199254740993'), valuation('3', B, '3', 999_999));
    expect(await byWarehouse()).toEqual({
      [A]: { rows: 2, nonZero: 2, quantity: '10501', value: '9007199267340993' },
      [B]: { rows: 1, nonZero: 1, quantity: '3000', value: '999999' },
    });
  });

  it('take the old row out and put the new one in when a row is replaced, moved or deleted', async () => {
    await pull(valuation('1', A, '10.500', 12_600_000), valuation('2', A, '2', 200), valuation('3', B, '3', 999_999));
    await pull(valuation('1', A, '0.250', 300_000));
    await pull(valuation('2', B, '2', 200));
    await pull(valuation('3', B, '0', 0));
    expect(await byWarehouse()).toEqual({
      [A]: { rows: 1, nonZero: 1, quantity: '250', value: '300000' },
      [B]: { rows: 2, nonZero: 1, quantity: '2000', value: '200' },
    });
    await pull(valuation('1', A, '0.250', 300_000, true));
    // An older copy of a row changes nothing: the newer stays.
    await pull({ ...valuation('2', B, '99', 99), version: 1 });
    expect(await byWarehouse()).toEqual({
      [A]: { rows: 0, nonZero: 0, quantity: '0', value: '0' },
      [B]: { rows: 2, nonZero: 1, quantity: '2000', value: '200' },
    });
    const all = sumTotals((await readTotals(db, StockValuation)) as TotalsRecord[], ['quantity', 'value']);
    expect(all).toEqual({ rows: 2, nonZero: 1, sums: { quantity: 2000n, value: 200n } });
  });

  it('are worked out from the rows where a database has none, and again after rows are cleared', async () => {
    await pull(valuation('1', A, '1.5', 15), valuation('2', B, '-0.5', -5));
    const kept = await byWarehouse();
    // As a database made before the totals existed: rows, and no totals until worked out.
    await db.totals.clear();
    expect(await readTotals(db, StockValuation)).toBeUndefined();
    await ensureTotals(db, StockValuation);
    expect(await byWarehouse()).toEqual(kept);
    await rebuildTotals(db, StockValuation);
    expect(await byWarehouse()).toEqual(kept);
    await restartPull(db, 'another access', (entity) => entity !== StockValuation);
    expect(sumTotals((await readTotals(db, StockValuation)) as TotalsRecord[], ['quantity', 'value']).rows).toBe(0);
  });

  it('are refused beside a window, and need decimal or money fields to sum', () => {
    const base = {
      module: 'Test',
      name: 'Thing',
      label: { id: 'x', message: 'x' },
      pluralLabel: { id: 'x', message: 'x' },
      fields: {
        day: { kind: 'date', label: { id: 'x', message: 'x' } },
        name: { kind: 'text', label: { id: 'x', message: 'x' } },
        amount: { kind: 'money', label: { id: 'x', message: 'x' } },
      },
      titleField: 'name',
      listFields: ['name'],
      searchFields: [],
      indexes: [],
      defaultSort: { field: 'name', direction: 'asc' },
    } as const;
    expect(() => defineEntity({ ...base, totals: { by: ['name'], sum: ['amount'] }, window: { field: 'day', months: 3 } })).toThrow(
      /totals/,
    );
    expect(() => defineEntity({ ...base, totals: { by: ['name'], sum: ['name'] } })).toThrow(/totals/);
    expect(defineEntity({ ...base, totals: { by: ['name'], sum: ['amount'] } }).totals).toEqual({ by: ['name'], sum: ['amount'] });
  });
});
