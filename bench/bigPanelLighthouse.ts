/**
 * Lighthouse (mobile preset: simulated slow 4G, CPU 4× slower) on three signed-in lists of the big
 * panel (issue 31): the products, the sales board and the vouchers, five runs each, on a phone that
 * has joined the seeded panel as a person's phone does — the production build served by a real
 * server on the seeded PostgreSQL schema, the person signed in, the app's own first sync (the
 * snapshot, decision 051) left to fill IndexedDB with everything the person may hold within the
 * windows, then each list opened once (the service worker and the list's code warm) before
 * Lighthouse opens it with storage kept. Target: performance ≥ 95 on every run. Prints figures;
 * asserts nothing.
 *
 *   npm run bench:bigpanel -- seed --size full --engine postgres     # first, once
 *   npx tsx bench/bigPanelLighthouse.ts [--size full|medium|small] [--runs 5] [--dist dist]
 *
 * Not part of `bench:bigpanel`'s run nor of the smoke: a whole join in the app and fifteen Lighthouse runs
 * take a quarter of an hour or more.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { modulePath, paths } from '../src/contract/routes.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { panelDbName } from '../src/storage/PanelDb.ts';
import { addSessionCookies } from '../tests/e2e/harness.ts';
import { appBuild } from './appBuild.ts';
import { option, verdict } from './benchArgs.ts';
import { serverEnvOf, type SeededPlace } from './bigPanelKit.ts';
import { chromiumOnPort } from './browserBench.ts';
import { freePort, LIGHTHOUSE_VERSION, lighthouse, print, scoreOf } from './lighthouseKit.ts';
import { call, startServer, stop } from './serverProcess.ts';

const TARGET = 95;
/** How long the app's first sync of the panel may take before the bench gives up. */
const JOIN_LIMIT_MS = 45 * 60_000;

export interface LighthouseRecord extends SeededPlace {
  username: string;
  password: string;
  panelCode: string;
}

const lists = [
  { name: 'products', path: modulePath('WarehousingMVM', 'Product/listProduct') },
  { name: 'the sales board', path: modulePath('NagemManagement', 'Sale/SaleStatus') },
  { name: 'vouchers', path: modulePath('MarketAccounting', 'Voucher/VoucherList') },
];

/** Joins the seeded panel in the app, then runs Lighthouse `runs` times on each list; answers each list's lowest score. */
export async function measureBigPanelLighthouse(record: LighthouseRecord, size: string, runs: number): Promise<Record<string, number>> {
  const lowest: Record<string, number> = {};
  const { dir, cleanup } = appBuild('bigpanel-lighthouse');
  const server = await startServer({ ...serverEnvOf(record), DIST_DIR: dir });
  const port = await freePort();
  const chromium = await chromiumOnPort('bigpanel-lighthouse', port);
  try {
    const tokens = await call<LoginData>(server.url, endpoints.login, {
      username: record.username,
      password: record.password,
      serviceName: DEFAULT_SERVICE_NAME,
    });
    const context = chromium.browser.contexts()[0]!;
    await addSessionCookies(context, server.url, tokens, record.username, record.panelCode);
    const page = await context.newPage();
    const dbName = panelDbName(record.username, record.panelCode);

    // The app's own first sync, as a new phone joins: the dashboard starts it; the state says when it is done.
    const started = Date.now();
    await page.goto(new URL(paths.user.panelDashboard, server.url).href);
    let said = 0;
    for (;;) {
      const state = await page.evaluate(
        (name) =>
          new Promise<{ cursor: number; snapshot?: unknown } | null>((done) => {
            const open = indexedDB.open(name);
            open.onerror = () => done(null);
            open.onsuccess = () => {
              const db = open.result;
              if (!db.objectStoreNames.contains('syncState')) return done((db.close(), null));
              const read = db.transaction('syncState').objectStore('syncState').get('state');
              read.onsuccess = () => done((db.close(), (read.result as { cursor: number; snapshot?: unknown } | undefined) ?? null));
              read.onerror = () => done((db.close(), null));
            };
          }),
        dbName,
      );
      if (state && state.cursor > 0 && !state.snapshot) break;
      if (Date.now() - started > JOIN_LIMIT_MS) throw new Error(`the first sync did not end in ${JOIN_LIMIT_MS / 60_000} minutes`);
      if (Date.now() - said > 30_000) {
        said = Date.now();
        console.log(`  joining… ${((Date.now() - started) / 1000).toFixed(0)} s ${JSON.stringify(state?.snapshot ?? {})}`);
      }
      await page.waitForTimeout(2_000);
    }
    const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    console.log(
      `the app joined the ${size} big panel in ${((Date.now() - started) / 1000).toFixed(0)} s; ${(usage / 1024 / 1024).toFixed(0)} MB on the device`,
    );

    // Each list once: its code in the service worker's cache and the browser's, as on a phone used every day.
    for (const list of lists) {
      await page.goto(new URL(list.path, server.url).href);
      await page.locator('main h1').first().waitFor();
      await page.waitForTimeout(3_000);
    }
    await page.goto('about:blank');
    // Lighthouse opens a tab of its own in this browser: Playwright lets go of it (it stays up, on its port).
    await chromium.browser.close();

    console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset, ${runs} runs of each list, signed in with the big panel on the device`);
    const rows: string[] = [];
    for (const list of lists) {
      const scores: number[] = [];
      for (let run = 1; run <= runs; run++) {
        const report = lighthouse(`${server.url}${list.path}`, port, true);
        scores.push(scoreOf(report, 'performance'));
        print(`${list.name} (${list.path}), run ${run}`, report);
      }
      lowest[list.name] = Math.min(...scores);
      rows.push(
        `  ${list.name}: performance ${scores.join(', ')}; lowest ${Math.min(...scores)}, target ≥ ${TARGET} on every run ${verdict(Math.min(...scores) >= TARGET)}`,
      );
    }
    console.log(`\nbig panel (${size}), Lighthouse mobile performance:\n${rows.join('\n')}`);
  } finally {
    await chromium.stop();
    await stop(server);
    cleanup();
  }
  return lowest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const size = option('--size') ?? 'full';
  const file = join(import.meta.dirname, 'results', `bigpanel-postgres-${size}.json`);
  if (!existsSync(file)) throw new Error(`${file}: no seeded set (npm run bench:bigpanel -- seed --size ${size} --engine postgres)`);
  await measureBigPanelLighthouse(JSON.parse(readFileSync(file, 'utf8')) as LighthouseRecord, size, Number(option('--runs') ?? 5));
}
