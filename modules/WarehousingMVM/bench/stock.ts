/**
 * Stock on hand's work before its first paint (issue 8's target: 10,000 products × 3 warehouses
 * in under 150 ms): joining balances (two places each), valuations and products, adding queued
 * documents as projected, sorting Persian-first, then a search, as WarehouseStock does. The table
 * draws only the rows in view (virtualised), so this join is what grows with the panel.
 * Median of 7 runs after a warm-up; prints figures, asserts nothing.
 *
 *   npm run bench:warehousing
 *   npx tsx modules/WarehousingMVM/bench/stock.ts --smoke    # 100 products, one run
 */
import { sized, verdict } from '../../../bench/benchArgs.ts';
import type { Row } from '../../../src/contract/entity.ts';
import { normalizeSearch, searchWords, sortKey } from '../../../src/contract/list.ts';
import { compareStockRows, filterStock, stockRows } from '../client/stockView.ts';

const PRODUCTS = sized(10_000, 100);
const WAREHOUSES = 3;
const RUNS = sized(7, 1);
/** Queued documents of 50 lines, each line a different product. */
const QUEUED = sized(20, 2);
const TARGET_MS = 150;

const meta = { version: 1, updatedAt: '2026-11-23T00:00:00Z', deleted: false };
const words = ['چای', 'برنج', 'روغن', 'شکر', 'ماکارونی', 'پنیر', 'کره', 'عسل', 'زعفران', 'نمک'];
const products: Row[] = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: `p${i}`,
  ...meta,
  name: `${words[i % words.length]} ${i}`,
  _sort: sortKey(`${words[i % words.length]} ${i}`),
  code: `P${String(i).padStart(5, '0')}`,
  reorderPoint: '5.000',
}));
const warehouseNames = new Map(Array.from({ length: WAREHOUSES }, (_, w) => [`w${w}`, `انبار ${w + 1}`]));
const balances: Row[] = [];
const valuations: Row[] = [];
for (const p of products) {
  for (let w = 0; w < WAREHOUSES; w++) {
    for (const bin of [0, 1])
      balances.push({
        id: `${p.id}/${w}/${bin}`,
        ...meta,
        productId: p.id,
        warehouseId: `w${w}`,
        locationId: `l${bin}`,
        batch: null,
        expiry: bin ? '2027-01-15' : null,
        quantity: `${(Number(p.id.slice(1)) % 13) + bin}.500`,
      });
    valuations.push({ id: `${p.id}/${w}`, ...meta, productId: p.id, warehouseId: `w${w}`, quantity: '3.000', value: 120_000 });
  }
}
const queued = Array.from({ length: QUEUED }, (_, i) => ({
  row: {
    id: `r${i}`,
    ...meta,
    direction: 'in',
    warehouseId: 'w0',
    lines: Array.from({ length: 50 }, (_, j) => ({ id: `l${i}-${j}`, productId: `p${i * 50 + j}`, quantity: '2.000' })),
  } satisfies Row as Row,
  sign: 1 as const,
}));

/** What the screen works out before its first paint: every row, in order, unfiltered. */
function firstPaint() {
  return stockRows({ balances, valuations, products, queued }).sort(compareStockRows(warehouseNames));
}

const search = (rows: ReturnType<typeof firstPaint>, text: string) =>
  filterStock(rows, { words: searchWords(text) }, normalizeSearch).length;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
firstPaint();
const times: number[] = [];
const firstSearch: number[] = [];
const nextSearch: number[] = [];
let rows = firstPaint();
let found = 0;
for (let run = 0; run < RUNS; run++) {
  let started = performance.now();
  rows = firstPaint();
  times.push(performance.now() - started);
  started = performance.now();
  found = search(rows, 'چای');
  firstSearch.push(performance.now() - started);
  started = performance.now();
  search(rows, 'چای 12');
  nextSearch.push(performance.now() - started);
}
const ms = median(times);
const list = (values: number[]) => values.map((t) => t.toFixed(0)).join(', ');
console.log(
  `stock on hand: ${PRODUCTS.toLocaleString('en')} products × ${WAREHOUSES} warehouses (${balances.length.toLocaleString('en')} balances, ${queued.length} queued documents) → ${rows.length.toLocaleString('en')} rows`,
);
console.log(
  `first paint's work (join + projected + sort): median ${ms.toFixed(1)} ms of ${RUNS} (${list(times)}); target < ${TARGET_MS} ms ${verdict(ms < TARGET_MS)}`,
);
console.log(
  `first search (${found.toLocaleString('en')} found): median ${median(firstSearch).toFixed(1)} ms; each key after: median ${median(nextSearch).toFixed(1)} ms`,
);
