/**
 * Stock on hand as the warehouse keeper reads it (warehousing.md, WarehouseStock): one row per
 * product and warehouse, joining the balances the server keeps (per place and batch), the
 * valuation (moving-average value), the product (name, code, reorder point) and the documents
 * still queued on this device (projected: what stock will be once they are accepted). Worked out
 * in one pass over each table, so 10,000 products × 3 warehouses stay quick (bench:stock).
 */
import type { Line, Row } from '../../../src/contract/entity.ts';
import { addQuantities, compareQuantities, negateQuantity, normalizeQuantity, ZERO, type Quantity } from '../../../src/contract/quantity.ts';

export interface StockRow {
  /** productId/warehouseId */
  key: string;
  productId: string;
  warehouseId: string;
  name: string;
  code: string;
  onHand: Quantity;
  /** On hand plus this device's queued receipts and issues, once the server accepts them. */
  projected: Quantity;
  value: number;
  /** Places (locations and batches) holding it. */
  places: number;
  /** The nearest expiry of a batch still held (YYYY-MM-DD). */
  expiry: string | null;
  /** At or below the product's reorder point. */
  reorder: boolean;
}

export interface StockInputs {
  balances: readonly Row[];
  valuations: readonly Row[];
  products: readonly Row[];
  /** Receipts and issues whose submit (or cancel) is still waiting for the server. */
  queued: readonly { row: Row; sign: 1 | -1 }[];
}

const keyOf = (productId: unknown, warehouseId: unknown) => `${String(productId)}/${String(warehouseId)}`;

export function stockRows({ balances, valuations, products, queued }: StockInputs): StockRow[] {
  const product = new Map<string, Row>();
  for (const p of products) product.set(p.id, p);
  const rows = new Map<string, StockRow>();
  const rowFor = (productId: string, warehouseId: string): StockRow => {
    const key = keyOf(productId, warehouseId);
    let row = rows.get(key);
    if (!row) {
      const p = product.get(productId);
      row = { key, productId, warehouseId, name: String(p?.name ?? ''), code: String(p?.code ?? ''), onHand: ZERO, projected: ZERO, value: 0, places: 0, expiry: null, reorder: false };
      rows.set(key, row);
    }
    return row;
  };
  for (const b of balances) {
    const quantity = normalizeQuantity(b.quantity) ?? ZERO;
    if (compareQuantities(quantity, ZERO) === 0) continue;
    const row = rowFor(String(b.productId), String(b.warehouseId));
    row.onHand = addQuantities(row.onHand, quantity);
    row.places++;
    if (typeof b.expiry === 'string' && compareQuantities(quantity, ZERO) > 0 && (!row.expiry || b.expiry < row.expiry)) row.expiry = b.expiry;
  }
  for (const v of valuations) {
    const row = rows.get(keyOf(v.productId, v.warehouseId));
    if (row) row.value = Number(v.value ?? 0);
  }
  for (const row of rows.values()) row.projected = row.onHand;
  for (const { row: doc, sign } of queued) {
    const direction = doc.direction === 'out' ? -sign : sign;
    for (const line of (doc.lines as Line[] | undefined) ?? []) {
      const quantity = normalizeQuantity(line.quantity);
      if (!quantity || typeof line.productId !== 'string') continue;
      const row = rowFor(line.productId, String(doc.warehouseId));
      row.projected = addQuantities(row.projected, direction > 0 ? quantity : negateQuantity(quantity));
    }
  }
  const out = [...rows.values()];
  for (const row of out) {
    const point = normalizeQuantity(product.get(row.productId)?.reorderPoint);
    row.reorder = point !== null && compareQuantities(row.projected, point) <= 0;
  }
  return out;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The expiry within `days` days of `today` (both YYYY-MM-DD), or already past. */
export function expiresSoon(expiry: string | null, today: string, days = 30): boolean {
  return expiry !== null && expiry <= addDays(today, days);
}

export interface StockFilter {
  warehouseId?: string | null;
  /** Words each of which the name or code contains (normalised as lists search). */
  words?: readonly string[];
  reorderOnly?: boolean;
  expiringBy?: string | null;
}

export function filterStock(rows: readonly StockRow[], filter: StockFilter, normalize: (text: string) => string): StockRow[] {
  const words = filter.words ?? [];
  return rows.filter(
    (row) =>
      (!filter.warehouseId || row.warehouseId === filter.warehouseId) &&
      (!filter.reorderOnly || row.reorder) &&
      (!filter.expiringBy || (row.expiry !== null && row.expiry <= filter.expiringBy)) &&
      (words.length === 0 || words.every((w) => normalize(`${row.name} ${row.code}`).includes(w))),
  );
}
