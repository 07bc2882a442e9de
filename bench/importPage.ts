/**
 * Issue 28's "the page stays responsive": N product rows imported through the real import screen
 * in Chromium with its CPU 4× slower (DevTools' throttling), from choosing the .xlsx to every row
 * synced to the server. Prints the longest main-thread task (PerformanceObserver 'longtask') and
 * the blocking time (each task's time beyond 50 ms, summed) of each step — reading and checking
 * (in the worker), the local writes, the sync pushes — and the longest tasks. Target: the longest
 * task under 200 ms.
 *
 *   npm run bench:importpage [-- 2000] [-- --dist dist]
 *   npm run bench:importpage -- --smoke     # 30 rows
 *   BENCH_PROFILE=import.cpuprofile npm run bench:importpage   # also the page's CPU profile of the
 *                                          # writes and the sync (open it in DevTools), and its top functions
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { paths, withQuery } from '../src/contract/routes.ts';
import { toPersianDigits } from '../src/contract/normalize.ts';
import { Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { waitUntilSynced } from '../tests/e2e/panelsSteps.ts';
import { fa } from '../tests/e2e/pwaSupport.ts';
import { positionalArgs, sized, verdict } from './benchArgs.ts';
import { cpuProfile, openBenchPanel } from './browserBench.ts';
import { machine } from './serverProcess.ts';

const ROWS = Number(positionalArgs()[0]) || sized(2000, 30);
const TARGET_MS = 200;
const importPath = withQuery(paths.importData, { entity: Product.key });

declare global {
  interface Window {
    longTasks: [start: number, duration: number][];
  }
}

async function sheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('کالاها');
  ws.addRow([fa('field.Product.code'), fa('field.Product.name'), fa('field.Product.unit'), fa('field.Product.salePrice')]);
  for (let i = 1; i <= ROWS; i++) ws.addRow([`B-${i}`, `کالای ${toPersianDigits(String(i))}`, 'عدد', toPersianDigits(`${1000 + i}`)]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const file = join(mkdtempSync(join(tmpdir(), 'pishkhan-importpage-sheet-')), 'products.xlsx');
writeFileSync(file, await sheet());
const bench = await openBenchPanel('importpage', ['PanelManagement', 'WarehousingMVM'], importPath);
try {
  const { page } = bench;

  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) window.longTasks.push([Math.round(task.startTime), Math.round(task.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(new URL(importPath, page.url()).href);
  await page.locator('h1').first().waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.waitForTimeout(sized(3000, 500)); // the screen's start and idle preloading, not measured
  const now = () => page.evaluate(() => performance.now());
  const steps: { name: string; from: number; to: number }[] = [];
  const step = async (name: string, run: () => Promise<void>) => {
    const from = await now();
    await run();
    steps.push({ name, from, to: await now() });
  };

  await step('read and check (worker)', async () => {
    // By its path, as a person picks a file: a buffer would be decoded from base64 in the page, a
    // long task of the test's own.
    await page.getByTestId('import-file').setInputFiles(file);
    await page
      .getByText(fa('{0} rows', { 0: toPersianDigits(ROWS.toLocaleString('en').replace(/,/g, '٬')) }))
      .waitFor({ timeout: 300_000 });
    await page.getByRole('button', { name: fa('Check every row') }).click();
    await page.getByTestId('import-summary').waitFor({ timeout: 300_000 });
  });
  const profile = process.env.BENCH_PROFILE;
  const stopProfile = profile ? await cpuProfile(cdp, profile) : null;
  await step('write on the device', async () => {
    await page.getByRole('button', { name: fa('Import'), exact: true }).click();
    await page.getByTestId('import-result').waitFor({ timeout: 600_000 });
  });
  await step('sync to the server', async () => {
    await waitUntilSynced(page, 900_000);
  });
  await stopProfile?.();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const tasks = await page.evaluate(() => window.longTasks);
  const first = steps[0]!.from;
  const last = steps.at(-1)!.to;
  const within = (from: number, to: number) => tasks.filter(([start]) => start >= from && start < to);
  const longest = (list: [number, number][]) => list.reduce((max, [, d]) => Math.max(max, d), 0);
  const blocking = (list: [number, number][]) => list.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  console.log(`import of ${ROWS} product rows through the screen, CPU 4× slower (${machine()})`);
  for (const s of steps) {
    const mine = within(s.from, s.to);
    console.log(
      `  ${s.name.padEnd(24)} ${((s.to - s.from) / 1000).toFixed(1).padStart(6)} s · long tasks ${String(mine.length).padStart(3)} · longest ${String(longest(mine)).padStart(4)} ms · blocking ${String(blocking(mine)).padStart(6)} ms`,
    );
  }
  const all = within(first, last);
  const top = [...all].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(
    `  the five longest: ${top.map(([start, d]) => `${d} ms at +${((start - first) / 1000).toFixed(1)} s`).join(', ') || 'none'}`,
  );
  console.log(
    `  whole import ${((last - first) / 1000).toFixed(1)} s · longest task ${longest(all)} ms · blocking ${blocking(all)} ms — target longest under ${TARGET_MS} ms: ${verdict(longest(all) < TARGET_MS)}`,
  );
} finally {
  await bench.close();
  rmSync(dirname(file), { recursive: true, force: true });
}
