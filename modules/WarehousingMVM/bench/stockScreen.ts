/**
 * Stock on hand in Chromium (issue 8's target: first render < 150 ms over 10,000 products × 3
 * warehouses): a panel whose device holds 10,000 products, 30,000 balances and 30,000 valuations
 * (written straight into its IndexedDB, as a long pull leaves them). Measures in the page, from
 * following the navigation link (on the products screen) to the first stock row drawn, and as the
 * first screen after a reload (code and database cold); median of 7, at full speed and with the
 * CPU 4× slower. Prints figures; asserts nothing.
 *
 *   npx tsx modules/WarehousingMVM/bench/stockScreen.ts                 # builds into a temporary folder
 *   npx tsx modules/WarehousingMVM/bench/stockScreen.ts --dist dist     # measures an existing build
 *   npx tsx modules/WarehousingMVM/bench/stockScreen.ts --smoke         # 30 products, one run
 */
import type { Page } from 'playwright-core';
import { sized } from '../../../bench/benchArgs.ts';
import {
  atEachSpeed,
  ms,
  openBenchPanel,
  openByReload,
  openFromMenu,
  putRows,
  readWhole,
  syncedRow as synced,
} from '../../../bench/browserBench.ts';
import { modulePath } from '../../../src/contract/routes.ts';
import { Product, Warehouse } from '../entities/masterData.ts';
import { StockBalance, StockValuation } from '../entities/stock.ts';
import { networkQuiet } from '../../../tests/e2e/networkQuiet.ts';

const PRODUCTS = sized(10_000, 30);
const WAREHOUSES = 3;
const RUNS = sized(7, 1);
const TARGET_MS = 150;
const stockPath = modulePath('WarehousingMVM', 'Inventory/WarehouseStock');

const uuid = (kind: number, i: number) => `00000000-0000-4000-${String(8000 + kind)}-${String(i).padStart(12, '0')}`;

function tables(): Record<string, unknown[]> {
  const words = ['چای', 'برنج', 'روغن', 'شکر', 'ماکارونی', 'پنیر', 'کره', 'عسل', 'زعفران', 'نمک'];
  const warehouses = Array.from({ length: WAREHOUSES }, (_, w) =>
    synced(Warehouse, { id: uuid(1, w), name: `انبار ${w + 1}`, code: `W${w + 1}`, active: true }),
  );
  const products = Array.from({ length: PRODUCTS }, (_, i) =>
    synced(Product, {
      id: uuid(2, i),
      name: `${words[i % words.length]} ${i}`,
      code: `P${String(i).padStart(5, '0')}`,
      unit: 'piece',
      reorderPoint: '5.000',
      active: true,
      barcodes: [],
    }),
  );
  const balances: unknown[] = [];
  const valuations: unknown[] = [];
  products.forEach((p, i) =>
    warehouses.forEach((w, j) => {
      balances.push(
        synced(StockBalance, {
          id: uuid(3, i * WAREHOUSES + j),
          productId: p.id,
          warehouseId: w.id,
          locationId: null,
          batch: null,
          expiry: null,
          quantity: `${(i % 13) + 1}.500`,
        }),
      );
      valuations.push(
        synced(StockValuation, {
          id: uuid(4, i * WAREHOUSES + j),
          productId: p.id,
          warehouseId: w.id,
          quantity: `${(i % 13) + 1}.500`,
          value: 150_000,
        }),
      );
    }),
  );
  return { [Warehouse.table]: warehouses, [Product.table]: products, [StockBalance.table]: balances, [StockValuation.table]: valuations };
}

/** From clicking "Stock on hand" in the navigation (or a reload of it) to the first stock row on screen. */
async function firstRender(page: Page, reload: boolean): Promise<number> {
  if (reload) return openByReload(page, stockPath);
  await page.goto(modulePath('WarehousingMVM', 'Product/listProduct'));
  // As a person would: the products list is on screen (its 10,000 rows read) before they go on.
  await page.locator('main tbody tr td').first().waitFor({ timeout: 60_000 });
  await networkQuiet(page);
  await page.waitForTimeout(500);
  return openFromMenu(page, stockPath);
}

const { page, dbName, close } = await openBenchPanel(
  'stock',
  ['PanelManagement', 'WarehousingMVM'],
  modulePath('WarehousingMVM', 'dashboard'),
);
try {
  await putRows(page, dbName, tables());
  console.log(`stock on hand of ${PRODUCTS.toLocaleString('en')} products × ${WAREHOUSES} warehouses in Chromium, median of ${RUNS} runs`);
  await atEachSpeed(page, async (speed) => {
    const open: number[] = [];
    const counted: number[] = [];
    const cold: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      cold.push(await firstRender(page, true));
      open.push(await firstRender(page, false));
      // Then every row read and counted (search, filters and the totals work on all of them).
      const started = Date.now();
      await page.locator('main [role="status"][aria-busy="false"]').waitFor({ timeout: 120_000 });
      counted.push(Date.now() - started);
    }
    console.log(`  ${speed}`);
    console.log(`    first render, opened from the menu            ${ms(open)}   (target ${TARGET_MS} ms)`);
    console.log(`    then every row counted                        ${ms(counted)}   (after the first render)`);
    console.log(`    first render, a reload of the screen          ${ms(cold)}   (from navigation start: code and database cold)`);
  });
  // What reading each table whole costs, beside it: why a screen must not wait for all of them.
  const whole = await readWhole(page, dbName, [Product.table, StockBalance.table, StockValuation.table]);
  console.log('  reading a whole table (IndexedDB getAll, full speed)');
  for (const [table, { rows, ms: took }] of Object.entries(whole))
    console.log(`    ${table.padEnd(40)} ${rows.toLocaleString('en').padStart(7)} rows ${took.toFixed(0).padStart(6)} ms`);
} finally {
  await close();
}
