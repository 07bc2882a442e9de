/**
 * Labels and scanning in Chromium (issue 9's targets: a sheet of 240 labels renders in under 1 s;
 * a scan becomes a receipt line in under 150 ms after the code is decoded). A panel whose device
 * holds 10,000 products with EAN-13 barcodes (written straight into its IndexedDB). Labels: from
 * navigating to ProductBarcodeMaker with 240 different products (240 barcodes drawn by src/ui/barcode)
 * to all 240 on screen, and with 24 products × 10; scan: from the decoded text reaching the scan
 * field (what the camera or a handheld scanner hands over) to the new line on screen. Medians, at
 * full speed and with the CPU 4× slower. Prints figures; asserts nothing.
 *
 *   npx tsx modules/WarehousingMVM/bench/labelsAndScan.ts                 # builds into a temporary folder
 *   npx tsx modules/WarehousingMVM/bench/labelsAndScan.ts --dist dist     # measures an existing build
 *   npx tsx modules/WarehousingMVM/bench/labelsAndScan.ts --smoke         # sheets of 20 labels, 2 scans, one run
 */
import type { Page } from 'playwright-core';
import { sized } from '../../../bench/benchArgs.ts';
import { atEachSpeed, ms, openBenchPanel, putRows, syncedRow as synced } from '../../../bench/browserBench.ts';
import { modulePath } from '../../../src/contract/routes.ts';
import { ean13Digits as eanDigits } from '../../../src/ui/barcode/ean13.ts';
import { Product, Warehouse } from '../entities/masterData.ts';

const PRODUCTS = sized(10_000, 70);
const RUNS = sized(5, 1);
const SCANS = sized(15, 2);
/** Labels on a sheet (A4: 240); each sheet draws its own products, the scans others again. */
const SHEET = sized(240, 20);
const uuid = (kind: number, i: number) => `00000000-0000-4000-${String(8000 + kind)}-${String(i).padStart(12, '0')}`;
const ean = (i: number) => eanDigits(`626${String(i).padStart(9, '0')}`)!;

function tables(): Record<string, unknown[]> {
  const products = Array.from({ length: PRODUCTS }, (_, i) =>
    synced(Product, {
      id: uuid(2, i),
      name: `کالای ${i}`,
      code: `P${String(i).padStart(5, '0')}`,
      unit: 'piece',
      salePrice: 1_250_000 + i * 10,
      active: true,
      barcodes: [ean(i)],
    }),
  );
  return {
    [Warehouse.table]: [synced(Warehouse, { id: uuid(1, 0), name: 'انبار مرکزی', code: 'W1', active: true })],
    [Product.table]: products,
  };
}

/** From an in-app navigation to `path` to `count` labels with their barcodes on screen. */
function labelSheet(page: Page, path: string, count: number): Promise<number> {
  return page.evaluate(
    ({ path, count }) =>
      new Promise<number>((done) => {
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll('.label svg').length >= count) {
            observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }),
    { path, count },
  );
}

/** From the decoded code entering the scan field (Enter, as a scanner sends it) to its product's line on screen. */
function scanToLine(page: Page, code: string, name: string): Promise<number> {
  return page.evaluate(
    ({ code, name }) =>
      new Promise<number>((done) => {
        const input = document.querySelector<HTMLInputElement>('[role="search"] input')!;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(input, code);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        requestAnimationFrame(() => {
          const started = performance.now();
          const observer = new MutationObserver(() => {
            const lines = document.querySelectorAll('fieldset ol > li input[role="combobox"]');
            if (Array.from(lines).some((l) => (l as HTMLInputElement).value === name)) {
              observer.disconnect();
              requestAnimationFrame(() => done(performance.now() - started));
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        });
      }),
    { code, name },
  );
}

const labels = modulePath('WarehousingMVM', 'Product/ProductBarcodeMaker');
const distinct = `${labels}?ids=${Array.from({ length: SHEET }, (_, i) => uuid(2, i)).join(',')}`;
const repeated = `${labels}?ids=${Array.from({ length: SHEET / 10 }, (_, i) => uuid(2, SHEET + i)).join(',')}&count=10`;
const distinctEan = `${labels}?symbology=ean13&ids=${Array.from({ length: SHEET }, (_, i) => uuid(2, 2 * SHEET + i)).join(',')}`;
const firstScanned = 3 * SHEET;
const receipt = `${modulePath('WarehousingMVM', 'Receipt/AddReceipt')}?direction=in`;

const { page, dbName, close } = await openBenchPanel(
  'labels',
  ['PanelManagement', 'WarehousingMVM'],
  modulePath('WarehousingMVM', 'dashboard'),
);
try {
  await putRows(page, dbName, tables());
  console.log(
    `labels and scanning in Chromium, ${PRODUCTS.toLocaleString('en')} products on the device, median of ${RUNS} sheets and ${SCANS} scans`,
  );
  await atEachSpeed(page, async (speed) => {
    const sheets: number[] = [];
    const sheetsRepeated: number[] = [];
    const sheetsEan: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto(modulePath('WarehousingMVM', 'dashboard'));
      await page.locator('h1').first().waitFor();
      // Each run a fresh page: no barcode drawn before.
      sheets.push(await labelSheet(page, distinct, SHEET));
      await page.goto(modulePath('WarehousingMVM', 'dashboard'));
      await page.locator('h1').first().waitFor();
      sheetsRepeated.push(await labelSheet(page, repeated, SHEET));
      await page.goto(modulePath('WarehousingMVM', 'dashboard'));
      await page.locator('h1').first().waitFor();
      sheetsEan.push(await labelSheet(page, distinctEan, SHEET));
    }
    await page.goto(receipt);
    await page.locator('[role="search"] input').waitFor();
    const scans: number[] = [];
    for (let i = 0; i < SCANS; i++) scans.push(await scanToLine(page, ean(firstScanned + i), `کالای ${firstScanned + i}`));
    console.log(`  ${speed}`);
    console.log(`    a sheet of ${SHEET} labels, ${SHEET} products`.padEnd(51) + `${ms(sheets)}   (target 1000 ms; Code 128)`);
    console.log(`    the same in EAN-13`.padEnd(51) + `${ms(sheetsEan)}   (target 1000 ms)`);
    console.log(`    a sheet of ${SHEET} labels, ${SHEET / 10} products × 10`.padEnd(51) + `${ms(sheetsRepeated)}`);
    console.log(`    scan to receipt line, after decode             ${ms(scans)}   (target 150 ms)`);
  });
} finally {
  await close();
}
