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
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { call } from '../../../bench/serverProcess.ts';
import { endpoints } from '../../../src/contract/endpoints.ts';
import type { LoginData } from '../../../src/contract/envelope.ts';
import { searchTextOf } from '../../../src/contract/list.ts';
import { panelEndpoints, type CurrentPanel } from '../../../src/contract/panels.ts';
import { modulePath } from '../../../src/contract/routes.ts';
import { DEFAULT_SERVICE_NAME } from '../../../src/contract/service.ts';
import { panelDbName } from '../../../src/storage/PanelDb.ts';
import { addSessionCookies, chromiumArgs, startServer } from '../../../tests/e2e/harness.ts';
import { Product, Warehouse } from '../entities/masterData.ts';
import { StockBalance, StockValuation } from '../entities/stock.ts';

const root = resolve(import.meta.dirname, '../../..');
const PRODUCTS = 10_000;
const WAREHOUSES = 3;
const RUNS = 7;
const TARGET_MS = 150;
const stockPath = modulePath('WarehousingMVM', 'Inventory/WarehouseStock');

function appBuild(): { dir: string; cleanup: () => void } {
  const at = process.argv.indexOf('--dist');
  if (at >= 0 && process.argv[at + 1]) return { dir: resolve(process.argv[at + 1]!), cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'pishkhan-stock-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const uuid = (kind: number, i: number) => `00000000-0000-4000-${String(8000 + kind)}-${String(i).padStart(12, '0')}`;

function synced<T extends Record<string, unknown>>(searchFields: readonly string[], values: T) {
  const row = { version: 1, updatedAt: '2026-11-01T00:00:00.000Z', deleted: false, ...values };
  return { ...row, _server: row, _pending: 0, _search: searchTextOf({ searchFields }, row) };
}

function tables(): Record<string, unknown[]> {
  const words = ['چای', 'برنج', 'روغن', 'شکر', 'ماکارونی', 'پنیر', 'کره', 'عسل', 'زعفران', 'نمک'];
  const warehouses = Array.from({ length: WAREHOUSES }, (_, w) => synced(Warehouse.searchFields, { id: uuid(1, w), name: `انبار ${w + 1}`, code: `W${w + 1}`, active: true }));
  const products = Array.from({ length: PRODUCTS }, (_, i) =>
    synced(Product.searchFields, { id: uuid(2, i), name: `${words[i % words.length]} ${i}`, code: `P${String(i).padStart(5, '0')}`, unit: 'piece', reorderPoint: '5.000', active: true, barcodes: [] }),
  );
  const balances: unknown[] = [];
  const valuations: unknown[] = [];
  products.forEach((p, i) =>
    warehouses.forEach((w, j) => {
      balances.push(synced(StockBalance.searchFields, { id: uuid(3, i * WAREHOUSES + j), productId: p.id, warehouseId: w.id, locationId: null, batch: null, expiry: null, quantity: `${(i % 13) + 1}.500` }));
      valuations.push(synced(StockValuation.searchFields, { id: uuid(4, i * WAREHOUSES + j), productId: p.id, warehouseId: w.id, quantity: `${(i % 13) + 1}.500`, value: 150_000 }));
    }),
  );
  return { [Warehouse.table]: warehouses, [Product.table]: products, [StockBalance.table]: balances, [StockValuation.table]: valuations };
}

async function seed(page: Page, dbName: string): Promise<void> {
  for (const [table, rows] of Object.entries(tables())) {
    await page.evaluate(
      async ({ dbName, table, rows }) => {
        const db = await new Promise<IDBDatabase>((ok, fail) => {
          const open = indexedDB.open(dbName);
          open.onsuccess = () => ok(open.result);
          open.onerror = () => fail(open.error);
        });
        await new Promise<void>((ok, fail) => {
          const tx = db.transaction(table, 'readwrite');
          for (const row of rows) tx.objectStore(table).put(row);
          tx.oncomplete = () => ok();
          tx.onerror = () => fail(tx.error);
        });
        db.close();
      },
      { dbName, table, rows },
    );
  }
}

/** From clicking "Stock on hand" in the navigation (or a reload of it) to the first stock row on screen. */
async function firstRender(page: Page, reload: boolean): Promise<number> {
  if (reload) {
    await page.goto(stockPath);
    await page.locator('main tbody tr td button').first().waitFor({ timeout: 60_000 });
    // performance.now() counts from the navigation's start.
    return page.evaluate(() => performance.now());
  }
  await page.goto(modulePath('WarehousingMVM', 'Product/listProduct'));
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    (href) =>
      new Promise<number>((done) => {
        const link = Array.from(document.querySelectorAll<HTMLAnchorElement>('aside a')).find((a) => a.getAttribute('href') === href);
        if (!link) throw new Error(`no link to ${href}`);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('main tbody tr td button')) {
            observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        link.click();
      }),
    stockPath,
  );
}

const { dir, cleanup } = appBuild();
const server = await startServer({ distDir: dir });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
try {
  const username = `benchstock${Date.now().toString(36)}`;
  const password = 'a quiet river at dawn';
  await call<LoginData>(server.url, endpoints.signUp, { username, password, serviceName: DEFAULT_SERVICE_NAME });
  const tokens = await call<LoginData>(server.url, endpoints.login, { username, password, serviceName: DEFAULT_SERVICE_NAME });
  await call(server.url, endpoints.registrationProfile, { firstName: 'بنچ', lastName: 'انبار', publicUserName: 'null' }, tokens.access_token);
  const panel = await call<CurrentPanel>(server.url, panelEndpoints.register, { name: 'بنچ موجودی', icon: 'warehouse', modules: ['PanelManagement', 'WarehousingMVM'] }, tokens.access_token);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  await addSessionCookies(context, server.url, tokens, username, panel.code);
  const page = await context.newPage();
  await page.goto(modulePath('WarehousingMVM', 'dashboard'));
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await seed(page, panelDbName(username, panel.code));
  console.log(`stock on hand of ${PRODUCTS.toLocaleString('en')} products × ${WAREHOUSES} warehouses in Chromium, median of ${RUNS} runs`);
  for (const slowdown of [1, 4]) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const open: number[] = [];
    const cold: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      cold.push(await firstRender(page, true));
      open.push(await firstRender(page, false));
    }
    await cdp.detach();
    const ms = (values: number[]) => `${median(values).toFixed(0).padStart(5)} ms`;
    console.log(`  ${slowdown === 1 ? 'full speed' : `CPU ${slowdown}× slower`}`);
    console.log(`    first render, opened from the menu            ${ms(open)}   (target ${TARGET_MS} ms)`);
    console.log(`    first render, a reload of the screen          ${ms(cold)}   (from navigation start: code and database cold)`);
  }
} finally {
  await browser.close();
  await server.stop();
  cleanup();
}
