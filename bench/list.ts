/**
 * A list of 10,000 rows in Chromium: the roles screen of a panel whose device holds 10,000 roles
 * (written straight into its IndexedDB, as a long pull would leave them). Measures, inside the
 * page, the first render (from following the menu link to the first rows drawn: in a running app,
 * and as the first screen after a reload, when the screen's code and the database are cold) and a
 * search keystroke (from the key to the list showing what matches), median of 7 each, at full
 * speed and with the CPU slowed 4×. Prints figures; the targets (100 ms and 50 ms) are reported,
 * not asserted.
 *
 *   npm run bench:list                 # builds into a temporary folder first
 *   npm run bench:list -- --dist dist  # measures an existing build
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { Role } from '../src/contract/entities/panelManagement.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { modulePath, paths } from '../src/contract/routes.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { panelDbName } from '../src/storage/PanelDb.ts';
import { normalizeSearch } from '../src/contract/list.ts';
import { addSessionCookies, chromiumArgs, startServer } from '../tests/e2e/harness.ts';
import { call } from './serverProcess.ts';

const root = resolve(import.meta.dirname, '..');
const ROWS = 10_000;
const RUNS = 7;
const TARGETS = { firstRender: 100, keystroke: 50 };

function appBuild(): { dir: string; cleanup: () => void } {
  const at = process.argv.indexOf('--dist');
  if (at >= 0 && process.argv[at + 1]) return { dir: resolve(process.argv[at + 1]!), cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'pishkhan-list-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Writes the rows into the panel database the app opened, as synced rows. */
async function seedRows(page: Page, dbName: string): Promise<void> {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const name = `نقش ${String(i).padStart(5, '0')} ${['انبار', 'فروش', 'حسابداری', 'پشتیبانی'][i % 4]}`;
    const row = { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, version: 1, updatedAt: '2026-11-01T00:00:00.000Z', deleted: false, name, description: `شرح ${i}`, parentRoleId: null, permissions: [] };
    return { ...row, _server: row, _pending: 0, _search: normalizeSearch(`${name}\n${row.description}`) };
  });
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
    { dbName, table: Role.table, rows },
  );
}

/** From clicking the navigation link to the first data row on screen, measured in the page. */
async function firstRender(page: Page, reload: boolean): Promise<number> {
  if (reload) {
    await page.goto(paths.user.panelDashboard);
  } else {
    await page.locator(`aside a[href="${paths.user.panelDashboard}"]`).click();
  }
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    (href) =>
      new Promise<number>((done) => {
        const link = Array.from(document.querySelectorAll<HTMLAnchorElement>('aside a')).find((a) => a.getAttribute('href') === href);
        if (!link) throw new Error(`no link to ${href} among ${Array.from(document.querySelectorAll('aside a')).map((a) => a.getAttribute('href')).join(' ')}`);
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
    modulePath('PanelManagement', 'Role'),
  );
}

/** From a key in the search box to the list's count showing the narrowed result. */
async function keystroke(page: Page, key: string): Promise<number> {
  const search = page.locator('main input[type="search"]');
  await search.fill('');
  await page.waitForFunction((rows) => document.querySelector('main [role="status"]')?.textContent?.includes(rows), (10000).toLocaleString('fa-IR'));
  await search.focus();
  const before = await page.locator('main [role="status"]').textContent();
  await page.evaluate((text) => {
    const status = document.querySelector('main [role="status"]')!;
    (window as unknown as { __changed: Promise<number> }).__changed = new Promise((done, fail) => {
      setTimeout(() => fail(new Error('the list did not change within 10 s')), 10_000);
      const started = performance.now();
      const observer = new MutationObserver(() => {
        if (status.textContent !== text) {
          observer.disconnect();
          requestAnimationFrame(() => done(performance.now() - started));
        }
      });
      observer.observe(status, { childList: true, subtree: true, characterData: true });
    });
  }, before);
  await page.keyboard.type(key);
  return page.evaluate(() => (window as unknown as { __changed: Promise<number> }).__changed);
}

const { dir, cleanup } = appBuild();
const server = await startServer({ distDir: dir });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
try {
  const username = `bench${Date.now().toString(36)}`;
  const password = 'a quiet river at dawn';
  await call<LoginData>(server.url, endpoints.signUp, { username, password, serviceName: DEFAULT_SERVICE_NAME });
  const tokens = await call<LoginData>(server.url, endpoints.login, { username, password, serviceName: DEFAULT_SERVICE_NAME });
  await call(server.url, endpoints.registrationProfile, {
    userId: 0, email: `${username}@example.com`, firstName: 'مریم', lastName: 'کریمی', publicUserName: 'null', birthDay: '1990-05-12',
    city: 'اصفهان', state: 'اصفهان', country: 'ایران', mobileNumber: '', gender: 'female',
  }, tokens.access_token);
  const panel = await call<CurrentPanel>(server.url, panelEndpoints.register, { name: 'بنچمارک', icon: 'store', modules: ['PanelManagement'] }, tokens.access_token);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  await addSessionCookies(context, server.url, tokens, username, panel.code);
  const page = await context.newPage();
  await page.goto(paths.user.panelDashboard);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await seedRows(page, panelDbName(username, panel.code));
  console.log(`list of ${ROWS.toLocaleString('en')} roles in Chromium, median of ${RUNS} runs`);
  for (const slowdown of [1, 4]) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const figures = { open: [] as number[], cold: [] as number[], key: [] as number[] };
    for (let run = 0; run < RUNS; run++) {
      figures.cold.push(await firstRender(page, true));
      figures.open.push(await firstRender(page, false));
      // Each first letter narrows 10,000 roles to the 2,500 of one kind.
      figures.key.push(await keystroke(page, ['ف', 'ت', 'د'][run % 3]!));
    }
    await cdp.detach();
    const label = slowdown === 1 ? 'full speed' : `CPU ${slowdown}× slower`;
    const ms = (values: number[]) => `${median(values).toFixed(0).padStart(5)} ms`;
    console.log(`  ${label}`);
    console.log(`    first render, opened from the menu            ${ms(figures.open)}   (target ${TARGETS.firstRender} ms)`);
    console.log(`    first render, first screen after a reload     ${ms(figures.cold)}   (code and database cold)`);
    console.log(`    search keystroke                              ${ms(figures.key)}   (target ${TARGETS.keystroke} ms)`);
  }
} finally {
  await browser.close();
  await server.stop();
  cleanup();
}
