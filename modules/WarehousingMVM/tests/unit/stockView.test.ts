/** Stock on hand's join: exact sums per product and warehouse, projected queued documents, reorder and expiry flags, search. */
import { describe, expect, it } from 'vitest';
import type { Row } from '@/contract/entity.ts';
import { normalizeSearch, searchWords } from '@/contract/list.ts';
import { formatQuantity } from '@/i18n/format.ts';
import { addDays, expiresSoon, filterStock, stockRows } from '../../client/stockView.ts';

const row = (values: Record<string, unknown>): Row => ({
  id: String(values.id ?? Math.random()),
  version: 1,
  updatedAt: '2026-11-23T00:00:00Z',
  deleted: false,
  ...values,
});
const products = [
  row({ id: 'tea', name: 'چای سبز', code: 'TEA', reorderPoint: '10.000' }),
  row({ id: 'rice', name: 'برنج', code: 'RICE' }),
];
const balances = [
  row({ productId: 'tea', warehouseId: 'w1', locationId: 'a', quantity: '0.100', expiry: '2026-12-20' }),
  row({ productId: 'tea', warehouseId: 'w1', locationId: 'b', quantity: '0.200', expiry: '2026-12-01' }),
  row({ productId: 'tea', warehouseId: 'w2', locationId: 'c', quantity: '5.000' }),
  row({ productId: 'rice', warehouseId: 'w1', locationId: 'a', quantity: '0.000' }),
];
const valuations = [row({ productId: 'tea', warehouseId: 'w1', quantity: '0.300', value: 9000 })];

describe('stock on hand', () => {
  it('keeps a value past 2^53 exact (rials as BigInt)', () => {
    const big = [row({ productId: 'tea', warehouseId: 'w1', quantity: '0.300', value: '9007199254740993' })];
    const rows = stockRows({ balances, valuations: big, products, queued: [] });
    expect(rows.find((r) => r.key === 'tea/w1')?.value).toBe(9007199254740993n);
  });

  it('adds places up exactly per product and warehouse, with value and the nearest expiry', () => {
    const rows = stockRows({ balances, valuations, products, queued: [] });
    const tea1 = rows.find((r) => r.key === 'tea/w1')!;
    // 0.1 + 0.2 in floating point is 0.30000000000000004; quantities are exact.
    expect(tea1).toMatchObject({ onHand: '0.300', projected: '0.300', value: 9000n, places: 2, expiry: '2026-12-01', reorder: true });
    expect(rows.find((r) => r.key === 'tea/w2')).toMatchObject({ onHand: '5.000', reorder: true });
    // An emptied place is no row.
    expect(rows.find((r) => r.productId === 'rice')).toBeUndefined();
  });

  it('projects queued receipts and issues, and cancels of submitted ones, onto the stock', () => {
    const receiptIn = row({
      direction: 'in',
      warehouseId: 'w2',
      lines: [
        { id: 'l1', productId: 'tea', quantity: '7.500' },
        { id: 'l2', productId: 'rice', quantity: '2.000' },
      ],
    });
    const cancelledOut = row({ direction: 'out', warehouseId: 'w2', lines: [{ id: 'l3', productId: 'tea', quantity: '1.000' }] });
    const rows = stockRows({
      balances,
      valuations,
      products,
      queued: [
        { row: receiptIn, sign: 1 },
        { row: cancelledOut, sign: -1 },
      ],
    });
    expect(rows.find((r) => r.key === 'tea/w2')).toMatchObject({ onHand: '5.000', projected: '13.500', reorder: false });
    expect(rows.find((r) => r.key === 'rice/w2')).toMatchObject({ onHand: '0.000', projected: '2.000' });
  });

  it('filters by warehouse, reorder, expiry and the words of a search', () => {
    const rows = stockRows({ balances, valuations, products, queued: [] });
    expect(filterStock(rows, { warehouseId: 'w2' }, normalizeSearch).map((r) => r.key)).toEqual(['tea/w2']);
    expect(filterStock(rows, { expiringBy: addDays('2026-11-23', 30) }, normalizeSearch).map((r) => r.key)).toEqual(['tea/w1']);
    expect(filterStock(rows, { words: searchWords('چاي tea') }, normalizeSearch)).toHaveLength(2);
    expect(expiresSoon('2026-12-23', '2026-11-23')).toBe(true);
    expect(expiresSoon('2026-12-24', '2026-11-23')).toBe(false);
  });

  it('shows quantities grouped, in the locale’s digits, without trailing zeros, exact however large', () => {
    expect(formatQuantity('1234567.500', 'en')).toBe('1,234,567.5');
    expect(formatQuantity('-12.000', 'en')).toBe('-12');
    expect(formatQuantity('999999999999999.999', 'en')).toBe('999,999,999,999,999.999');
    expect(formatQuantity('12.500', 'fa')).toBe('۱۲٫۵');
  });
});
