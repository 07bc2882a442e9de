/**
 * Lighthouse (mobile preset: a slow 4G link and a 4× slower CPU, simulated) on what a person opens
 * first and most: `/auth/Login` on a first visit (storage cleared, nothing cached), and a module's
 * list signed in (the warehousing products, 300 rows on the device; the service worker and the
 * panel database kept, as on a person's phone). Issue 13's targets: performance ≥ 95,
 * accessibility 100, best practices 100 on both. Prints scores, the main timings and every
 * weighted audit that is not perfect; asserts nothing.
 *
 * Lighthouse itself is not a dependency of the project (v13 needs Node 22; v12 runs on Node 20 and
 * scores the same way): it is fetched from the npm registry by `npx` on first use, or taken from
 * LIGHTHOUSE=<path to its cli/index.js>. Chromium is Debian's, as everywhere.
 *
 *   npx tsx bench/lighthouse.ts [--dist dist]
 *   npx tsx bench/lighthouse.ts --smoke        # 10 products on the device; both pages, one run each as always
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { modulePath, paths } from '../src/contract/routes.ts';
import { Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { sized } from './benchArgs.ts';
import { openBenchPanel, putRows, syncedRow } from './browserBench.ts';

const LIGHTHOUSE_VERSION = '12.8.2';
const PRODUCTS = sized(300, 10);
const TIMINGS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; displayValue?: string; title: string }>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

function lighthouse(url: string, port: number, keepStorage: boolean): Report {
  const out = join(tmpdir(), `pishkhan-lighthouse-${process.pid}-${Date.now()}.json`);
  const given = process.env.LIGHTHOUSE;
  const [command, first] = given ? ['node', [given]] : ['npx', ['--yes', `lighthouse@${LIGHTHOUSE_VERSION}`]];
  const args = [
    ...first,
    url,
    `--port=${port}`,
    '--only-categories=performance,accessibility,best-practices',
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    ...(keepStorage ? ['--disable-storage-reset'] : []),
  ];
  let run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // Under load Chromium's trace sometimes misses the navigation (NO_NAVSTART, NO_FCP) or a protocol
  // call times out: Lighthouse fails the run, which says nothing about the page. It is run again,
  // twice at most, whatever the failure, and each failure's reason is printed.
  for (let retry = 1; retry <= 2 && run.status !== 0; retry++) {
    const reason = /\(([A-Z_]{4,})\)/.exec(run.stderr)?.[1] ?? run.stderr.trim().split('\n').at(-1)?.slice(0, 200) ?? 'no output';
    console.log(`  (Lighthouse failed, status ${run.status ?? run.signal}: ${reason}; run ${retry + 1})`);
    run = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  }
  if (run.status !== 0)
    throw new Error(`lighthouse failed (${run.status ?? run.signal ?? run.error?.message}): ${run.stderr.slice(-2000)}`);
  try {
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  } finally {
    rmSync(out, { force: true });
  }
}

function print(label: string, report: Report) {
  const scores = Object.entries(report.categories).map(([name, c]) => `${name} ${Math.round((c.score ?? 0) * 100)}`);
  console.log(`${label}\n  ${scores.join(' · ')}   (targets: performance ≥ 95, accessibility 100, best-practices 100)`);
  console.log(`  ${TIMINGS.map((id) => `${id.replace(/-/g, ' ')} ${report.audits[id]?.displayValue ?? '?'}`).join(' · ')}`);
  for (const [name, category] of Object.entries(report.categories)) {
    for (const ref of category.auditRefs) {
      const audit = report.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(
          `    ${name}: ${audit.title} — ${Math.round(audit.score * 100)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
        );
      }
    }
  }
}

const port = await freePort();
const listPath = modulePath('WarehousingMVM', 'Product/listProduct');
const bench = await openBenchPanel('lighthouse', ['PanelManagement', 'WarehousingMVM'], listPath, { debuggingPort: port });
try {
  const origin = new URL(bench.page.url()).origin;
  const words = ['پیچ', 'مهره', 'واشر', 'لولا', 'قفل', 'دستگیره'];
  await putRows(bench.page, bench.dbName, {
    [Product.table]: Array.from({ length: PRODUCTS }, (_, i) =>
      syncedRow(Product, {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `${words[i % words.length]} ${i + 1}`,
        code: `P${String(i + 1).padStart(5, '0')}`,
        unit: 'piece',
        reorderPoint: '5.000',
        active: true,
        barcodes: [],
      }),
    ),
  });
  // Lighthouse opens a tab of its own in this browser: the page here would only compete with it,
  // and Playwright lets go of the browser (it stays up, on its port) so as not to take that tab over.
  await bench.page.goto('about:blank');
  await bench.browser.close();
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated slow 4G, CPU 4× slower), Chromium at ${origin}`);
  // The signed-in list first: the login's run clears the origin's storage, and the session with it.
  print(
    `signed in, ${listPath} (${PRODUCTS} products; service worker and panel data kept)`,
    lighthouse(`${origin}${listPath}`, port, true),
  );
  print(`${paths.auth.login}, first visit (storage cleared)`, lighthouse(`${origin}${paths.auth.login}`, port, false));
} finally {
  await bench.close();
}
