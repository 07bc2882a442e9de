/**
 * The signed-in start's long tasks, in a real Chromium with its CPU 4× slower (as Lighthouse's
 * mobile preset assumes): the warehousing products list (300 rows on the device; service worker
 * and panel data kept) reloaded N times. Prints, per reload, the blocking time (each task's time
 * beyond 50 ms, summed: what Lighthouse's Total Blocking Time adds up) and the long tasks of the
 * median one. Lighthouse scores the same page (`bench:lighthouse`); this shows the tasks behind it
 * without Lighthouse, and steadier from run to run.
 *
 *   npm run bench:longtasks [-- --dist dist] [-- --runs 7]
 *   npm run bench:longtasks -- --smoke     # 10 products, one reload, 2 s for the idle preloading
 */
import { modulePath } from '../src/contract/routes.ts';
import { Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { option, sized } from './benchArgs.ts';
import { median, openBenchPanel, putRows, syncedRow } from './browserBench.ts';
import { machine } from './serverProcess.ts';

const RUNS = Number(option('--runs') ?? sized(7, 1));
const PRODUCTS = sized(300, 10);
const SETTLE_MS = sized(5000, 2000);
const listPath = modulePath('WarehousingMVM', 'Product/listProduct');

declare global {
  interface Window {
    longTasks: [start: number, duration: number][];
  }
}

const bench = await openBenchPanel('longtasks', ['PanelManagement', 'WarehousingMVM'], listPath);
try {
  const { page } = bench;
  await putRows(page, bench.dbName, {
    [Product.table]: Array.from({ length: PRODUCTS }, (_, i) =>
      syncedRow(Product, {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `پیچ ${i + 1}`,
        code: `P${String(i + 1).padStart(5, '0')}`,
        unit: 'piece',
        reorderPoint: '5.000',
        active: true,
        barcodes: [],
      }),
    ),
  });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) window.longTasks.push([Math.round(task.startTime), Math.round(task.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const runs: { blocking: number; tasks: [number, number][] }[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(new URL(listPath, page.url()).href);
    await page.locator('h1').first().waitFor();
    await page.waitForTimeout(SETTLE_MS); // the idle preloading of the module's screens included
    const tasks = await page.evaluate(() => window.longTasks);
    runs.push({ blocking: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0), tasks });
  }
  const middle = median(runs.map((r) => r.blocking));
  console.log(`\nsigned-in start, ${listPath}, CPU 4× slower, ${RUNS} reloads; ${machine()}`);
  console.log(`blocking time per reload (ms): ${runs.map((r) => r.blocking).join(', ')}; median ${middle}`);
  const typical = runs.find((r) => r.blocking === middle)!;
  console.log(
    `long tasks of the median reload (start ms: duration ms): ${typical.tasks.map(([s, d]) => `${s}: ${d}`).join(', ') || 'none'}`,
  );
} finally {
  await bench.close();
}
