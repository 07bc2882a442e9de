/**
 * bench:invoices (issue 27), its second part: a counter sale from scan to printed receipt on a
 * phone — Chromium at 360 × 740 with its CPU 4× slower (DevTools' throttling) — signed in to a
 * shop whose products, warehouse, cash box and opening stock are on the server and pulled. Each
 * sale: N products scanned as a counter's scanner does it (the barcode typed into the search field
 * key by key, then Enter), cash taken (saved and submitted on the device, synced), the 80 mm
 * receipt shown and printed to PDF. Prints the main thread's work per sale and per line — the
 * renderer's task time (CDP Performance `TaskDuration`) from the first key to the receipt on screen
 * — beside the long tasks (PerformanceObserver 'longtask'), their blocking time, the wall time and
 * the printing's. Target: under 300 ms of work per line.
 *
 *   npm run bench:invoices                         # with the push and the tax system's parts
 *   npx tsx modules/MarketAccounting/bench/counterSale.ts [-- --dist dist] [-- --lines 10]
 *   npx tsx modules/MarketAccounting/bench/counterSale.ts --smoke   # 2 lines, one sale, full speed
 *   BENCH_PROFILE=sale.cpuprofile npx tsx modules/MarketAccounting/bench/counterSale.ts   # also the last
 *                     # sale's CPU profile (open it in DevTools), and its top functions
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { option, sized, verdict } from '../../../bench/benchArgs.ts';
import { median, openBenchPanel } from '../../../bench/browserBench.ts';
import { call, machine } from '../../../bench/serverProcess.ts';
import { entityPath } from '../../../src/contract/entity.ts';
import { modulePath } from '../../../src/contract/routes.ts';
import { fa } from '../../../tests/e2e/pwaSupport.ts';
import { networkQuiet } from '../../../tests/e2e/networkQuiet.ts';
import { waitUntilSynced } from '../../../tests/e2e/panelsSteps.ts';
import { CashBox } from '../entities/books.ts';

const LINES = Number(option('--lines') ?? sized(10, 2));
const SALES = sized(5, 1);
const TARGET_MS = 300;
// In smoke mode at full speed, as every bench's smoke run (the slower run takes the same path).
const SLOWDOWN = sized(4, 1);
const counterPath = modulePath('MarketAccounting', 'Invoice/CounterSale');
/** Warehousing's REST paths by name: accounting does not import another module's declarations. */
const wh = (name: string) => `/api/WarehousingMVM/${name}`;
const barcode = (i: number) => `62600000${String(i).padStart(5, '0')}`;

declare global {
  interface Window {
    longTasks: [start: number, duration: number][];
  }
}

type CpuProfile = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[] };

/** Writes the profile to `file` and prints the functions with the most self time. */
function printProfile(file: string, taken: CpuProfile): void {
  writeFileSync(file, JSON.stringify(taken));
  const byId = new Map(taken.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (const id of taken.samples ?? []) {
    const { callFrame } = byId.get(id)!;
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  const total = taken.samples?.length ?? 1;
  console.log(`  CPU profile of the last sale in ${file}; the most self time:`);
  for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`    ${((n / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

const bench = await openBenchPanel('countersale', ['PanelManagement', 'MarketAccounting', 'WarehousingMVM'], counterPath);
try {
  const { page, context } = bench;
  const cookies = new Map((await context.cookies()).map((c) => [c.name, decodeURIComponent(c.value)]));
  const url = new URL(page.url()).origin;
  const token = cookies.get('token')!;
  const panel = JSON.parse(cookies.get('panelCode')!) as string;
  type Saved = { id: string; version: number };
  const api = <T = Saved>(method: string, path: string, body?: unknown) => call<T>(url, { method, path }, body, token, panel);

  // The shop, on the server: a warehouse, a cash box, the products with their barcodes and plenty of stock.
  await api('POST', '/api/MarketAccounting/books', {});
  await api('POST', entityPath(CashBox), { id: randomUUID(), name: 'صندوق پیشخوان', active: true });
  const warehouse = await api('POST', wh('Warehouse'), { id: randomUUID(), name: 'انبار', code: 'W1', active: true });
  const products: Saved[] = [];
  for (let i = 0; i < LINES; i++)
    products.push(
      await api('POST', wh('Product'), {
        id: randomUUID(),
        name: `کالای ${i + 1}`,
        code: `P${String(i + 1).padStart(4, '0')}`,
        unit: 'piece',
        salePrice: 100_000 + 1_000 * i,
        barcodes: [barcode(i)],
        active: true,
      }),
    );
  const opening = await api('POST', wh('Receipt'), {
    id: randomUUID(),
    direction: 'in',
    opening: true,
    date: new Date().toISOString().slice(0, 10),
    warehouseId: warehouse.id,
    lines: products.map((p) => ({ id: randomUUID(), productId: p.id, quantity: '1000', unitPrice: 60_000 })),
  });
  await api('POST', `${wh('Receipt')}/${opening.id}/submit`, { version: opening.version });

  // A phone; the screen opened afresh, everything pulled.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) window.longTasks.push([Math.round(task.startTime), Math.round(task.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(new URL(counterPath, url).href);
  await page.getByRole('button', { name: fa('Cash') }).waitFor();
  await networkQuiet(page);
  await waitUntilSynced(page, 60_000);
  const search = page.getByLabel(fa('Search products'));
  const cart = page.getByRole('list', { name: fa('Cart') }).getByRole('listitem');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.waitForTimeout(sized(3000, 500)); // the screen's start and idle preloading, not measured
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value;
  const now = () => page.evaluate(() => performance.now());

  const sales: { work: number; scan: number; wall: number; long: number; blocking: number; longest: number; print: number }[] = [];
  const profile = process.env.BENCH_PROFILE;
  for (let sale = 0; sale < SALES; sale++) {
    const profiled = profile && sale === SALES - 1;
    if (profiled) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
      await cdp.send('Profiler.start');
    }
    const [workFrom, from] = [await taskSeconds(), await now()];
    for (let i = 0; i < LINES; i++) {
      await search.pressSequentially(barcode(i));
      await search.press('Enter');
      await cart.nth(i).waitFor();
    }
    const scanned = await taskSeconds();
    await page.getByRole('button', { name: fa('Cash') }).click();
    await page.locator('#counter-receipt').waitFor();
    const [workTo, to] = [await taskSeconds(), await now()];
    if (profiled) printProfile(profile, (await cdp.send('Profiler.stop')).profile);
    const printFrom = performance.now();
    await page.emulateMedia({ media: 'print' });
    await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const print = performance.now() - printFrom;
    const tasks = (await page.evaluate(() => window.longTasks)).filter(([start]) => start >= from && start < to);
    sales.push({
      work: (workTo - workFrom) * 1000,
      scan: (scanned - workFrom) * 1000,
      wall: to - from,
      long: tasks.reduce((s, [, d]) => s + d, 0),
      blocking: tasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0),
      longest: tasks.reduce((m, [, d]) => Math.max(m, d), 0),
      print,
    });
    // The next customer: the receipt stays until the first scan of the next sale.
    await waitUntilSynced(page, 60_000);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const m = (pick: (s: (typeof sales)[number]) => number) => median(sales.map(pick));
  console.log(
    `counter sale on a phone (360 × 740, CPU ${SLOWDOWN}× slower): ${LINES} lines scanned, cash, receipt; median of ${SALES} sales`,
  );
  console.log(`  machine: ${machine()}`);
  console.log(
    `  main-thread work (task time) per sale ${m((s) => s.work).toFixed(0)} ms, per line ${(m((s) => s.work) / LINES).toFixed(0)} ms`,
  );
  console.log(
    `  of which scanning the ${LINES} lines ${m((s) => s.scan).toFixed(0)} ms (${(m((s) => s.scan) / LINES).toFixed(0)} ms a line), taking the cash to the receipt shown ${m((s) => s.work - s.scan).toFixed(0)} ms`,
  );
  console.log(
    `  long tasks per sale ${m((s) => s.long).toFixed(0)} ms (blocking ${m((s) => s.blocking).toFixed(0)} ms, longest ${m((s) => s.longest).toFixed(0)} ms)`,
  );
  console.log(
    `  wall time from the first key to the receipt ${m((s) => s.wall).toFixed(0)} ms; printing the receipt to PDF ${m((s) => s.print).toFixed(0)} ms`,
  );
  console.log(`  each sale's work: ${sales.map((s) => s.work.toFixed(0)).join(', ')} ms`);
  console.log(`  target under ${TARGET_MS} ms of work per line: ${verdict(m((s) => s.work) / LINES < TARGET_MS)}`);
} finally {
  await bench.close();
}
