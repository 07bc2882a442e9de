/**
 * Stock on hand as the warehouse keeper reads it (warehousing.md, WarehouseStock): one row per
 * product and warehouse, joining the balances the server keeps (per place and batch), the
 * valuation (moving-average value), the product (name, code, reorder point) and the documents
 * still queued on this device (projected: what stock will be once they are accepted). Worked out
 * in one pass over each table, so 10,000 products × 3 warehouses stay quick (bench:stock).
 */
import type { Line, Row } from '@/contract/entity.ts';
import { compareText } from '@/contract/list.ts';
import { toRials } from '@/contract/money.ts';
import { fromThousandths, toThousandths, type Quantity } from '@/contract/quantity.ts';

export interface StockRow {
  /** productId/warehouseId */
  key: string;
  /** The product's place in title order (its `_sort` key): rows go in this order, then by warehouse. */
  order: string;
  productId: string;
  warehouseId: string;
  name: string;
  code: string;
  /** Own stock on the shelves (not in transit, not a consignor's). */
  onHand: Quantity;
  /** Dispatched to this warehouse by a transfer and not yet received. */
  inTransit: Quantity;
  /** Consignors' goods held here, kept apart from own stock. */
  consigned: Quantity;
  /** On hand plus this device's queued receipts and issues, once the server accepts them. */
  projected: Quantity;
  /** Rials, exact (contract/money.ts). */
  value: bigint;
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

/** Where a product this device does not have (yet) goes: after every title. */
const LAST = '\uffff';

const keyOf = (productId: unknown, warehouseId: unknown) => `${String(productId)}/${String(warehouseId)}`;

/** A row being added up: quantities in exact thousandths until the end. */
interface Sum {
  row: StockRow;
  onHand: bigint;
  projected: bigint;
  inTransit: bigint;
  consigned: bigint;
}

export function stockRows({ balances, valuations, products, queued }: StockInputs): StockRow[] {
  const product = new Map<string, Row>();
  for (const p of products) product.set(p.id, p);
  const sums = new Map<string, Sum>();
  const sumFor = (productId: string, warehouseId: string): Sum => {
    const key = keyOf(productId, warehouseId);
    let sum = sums.get(key);
    if (!sum) {
      const p = product.get(productId);
      const row: StockRow = {
        key,
        order: String(p?._sort ?? LAST),
        productId,
        warehouseId,
        name: String(p?.name ?? ''),
        code: String(p?.code ?? ''),
        onHand: '',
        inTransit: '',
        consigned: '',
        projected: '',
        value: 0n,
        places: 0,
        expiry: null,
        reorder: false,
      };
      sums.set(key, (sum = { row, onHand: 0n, projected: 0n, inTransit: 0n, consigned: 0n }));
    }
    return sum;
  };
  for (const b of balances) {
    const quantity = toThousandths(b.quantity) ?? 0n;
    if (quantity === 0n) continue;
    const sum = sumFor(String(b.productId), String(b.warehouseId));
    sum.row.places++;
    if (b.inTransit === true) {
      sum.inTransit += quantity;
      continue;
    }
    if (b.ownerId) sum.consigned += quantity;
    else {
      sum.onHand += quantity;
      sum.projected += quantity;
    }
    if (typeof b.expiry === 'string' && quantity > 0n && (!sum.row.expiry || b.expiry < sum.row.expiry)) sum.row.expiry = b.expiry;
  }
  for (const v of valuations) {
    const sum = sums.get(keyOf(v.productId, v.warehouseId));
    if (sum) sum.row.value = toRials(v.value) ?? 0n;
  }
  for (const { row: doc, sign } of queued) {
    const direction = doc.direction === 'out' ? -sign : sign;
    for (const line of (doc.lines as Line[] | undefined) ?? []) {
      const quantity = toThousandths(line.quantity);
      if (quantity === null || typeof line.productId !== 'string') continue;
      sumFor(line.productId, String(doc.warehouseId)).projected += direction > 0 ? quantity : -quantity;
    }
  }
  const out: StockRow[] = [];
  for (const { row, onHand, projected, inTransit, consigned } of sums.values()) {
    row.onHand = fromThousandths(onHand);
    row.inTransit = fromThousandths(inTransit);
    row.consigned = fromThousandths(consigned);
    row.projected = fromThousandths(projected);
    const point = toThousandths(product.get(row.productId)?.reorderPoint);
    row.reorder = point !== null && point !== undefined && projected <= point;
    out.push(row);
  }
  return out;
}

/**
 * Rows in the order the screen shows them: by product in title order, a product's warehouses by
 * name. Titles compare as IndexedDB compares its keys (UTF-16 code units), so the first products
 * read through the `_sort` index are exactly the first rows of the whole.
 */
export function compareStockRows(warehouseNames: ReadonlyMap<string, string>): (a: StockRow, b: StockRow) => number {
  const before = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return (a, b) =>
    before(a.order, b.order) ||
    before(a.productId, b.productId) ||
    compareText(warehouseNames.get(a.warehouseId) ?? '', warehouseNames.get(b.warehouseId) ?? '') ||
    before(a.warehouseId, b.warehouseId);
}

/** Today in Tehran, YYYY-MM-DD: the day documents are dated and expiries are counted from. */
export function tehranToday(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });
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

/** Each row's search text, normalised once (a search narrows 30,000 rows as each key is typed). */
const searchText = new WeakMap<StockRow, string>();

export function filterStock(rows: readonly StockRow[], filter: StockFilter, normalize: (text: string) => string): StockRow[] {
  const words = filter.words ?? [];
  const textOf = (row: StockRow) => {
    let text = searchText.get(row);
    if (text === undefined) searchText.set(row, (text = normalize(`${row.name} ${row.code}`)));
    return text;
  };
  return rows.filter(
    (row) =>
      (!filter.warehouseId || row.warehouseId === filter.warehouseId) &&
      (!filter.reorderOnly || row.reorder) &&
      (!filter.expiringBy || (row.expiry !== null && row.expiry <= filter.expiringBy)) &&
      (words.length === 0 || words.every((w) => textOf(row).includes(w))),
  );
}
