/**
 * What the benchmarks that measure a screen in Chromium share: a production build (or a given
 * one), a real server on it, a person signed in to a new panel with the modules the screen needs,
 * rows written straight into the panel's IndexedDB as a long pull leaves them, and a timing taken
 * inside the page from following a navigation link to the first row drawn.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import type { Entity } from '../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { localTexts } from '../src/storage/localRecords.ts';
import { panelDbName } from '../src/storage/PanelDb.ts';
import { addSessionCookies, chromiumArgs, startServer } from '../tests/e2e/harness.ts';
import { call } from './serverProcess.ts';

const root = resolve(import.meta.dirname, '..');

/** What a list's first data row looks like: a cell with the row's button. */
const FIRST_ROW = 'main tbody tr td button';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const ms = (values: number[]) => `${median(values).toFixed(0).padStart(5)} ms`;

/** `--dist <folder>` from the command line, or a production build into a temporary folder. */
export function appBuild(name: string): { dir: string; cleanup: () => void } {
  const at = process.argv.indexOf('--dist');
  if (at >= 0 && process.argv[at + 1]) return { dir: resolve(process.argv[at + 1]!), cleanup: () => {} };
  const dir = mkdtempSync(join(tmpdir(), `pishkhan-${name}-`));
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A row as a pull leaves it on the device (src/storage/reconcile.ts): synced, nothing pending, its search and sort texts worked out. */
export function syncedRow<T extends { id: string }>(entity: Pick<Entity, 'searchFields' | 'titleField'>, values: T) {
  const row = { version: 1, updatedAt: '2026-11-01T00:00:00.000Z', deleted: false, ...values };
  return { ...row, _pending: 0, ...localTexts(entity, row) };
}

export interface BenchPanel {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The panel's database on the device. */
  dbName: string;
  close: () => Promise<void>;
}

/**
 * A build served by a real server, a person signed up with a panel of `modules`, and a page of
 * Chromium (1280 × 800) signed in to it, open at `firstPath` (so the panel database exists).
 * With `debuggingPort`, Chromium is started on that port and the page is in its default profile,
 * where another tool (Lighthouse) connecting to the port finds the session and the data.
 */
export async function openBenchPanel(name: string, modules: string[], firstPath: string, { debuggingPort }: { debuggingPort?: number } = {}): Promise<BenchPanel> {
  const { dir, cleanup } = appBuild(name);
  const server = await startServer({ distDir: dir });
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  let stopChromium = async () => {};
  const browser = debuggingPort
    ? await (async () => {
        const profile = mkdtempSync(join(tmpdir(), `pishkhan-${name}-profile-`));
        const child = spawn(executablePath, [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`, `--user-data-dir=${profile}`, '--window-size=1280,800', 'about:blank'], { stdio: 'ignore' });
        const exited = new Promise((done) => child.once('exit', done));
        stopChromium = async () => {
          child.kill();
          await exited;
          rmSync(profile, { recursive: true, force: true, maxRetries: 10 }); // Chromium may still be writing its profile as it exits
        };
        for (let i = 0; ; i++) {
          try {
            return await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
          } catch (error) {
            if (i === 50) throw error;
            await new Promise((wait) => setTimeout(wait, 200));
          }
        }
      })()
    : await chromium.launch({ executablePath, args: chromiumArgs });
  const close = async () => {
    await browser.close(); // with a debugging port, only lets go of it (it may have done so already)
    await stopChromium();
    await server.stop();
    cleanup();
  };
  try {
    const username = `bench${name.replace(/\W/g, '')}${Date.now().toString(36)}`;
    const password = 'a quiet river at dawn';
    await call<LoginData>(server.url, endpoints.signUp, { username, password, serviceName: DEFAULT_SERVICE_NAME });
    const tokens = await call<LoginData>(server.url, endpoints.login, { username, password, serviceName: DEFAULT_SERVICE_NAME });
    await call(server.url, endpoints.registrationProfile, {
      userId: 0, email: `${username}@example.com`, firstName: 'مریم', lastName: 'کریمی', publicUserName: 'null', birthDay: '1990-05-12',
      city: 'اصفهان', state: 'اصفهان', country: 'ایران', mobileNumber: '', gender: 'female',
    }, tokens.access_token);
    const panel = await call<CurrentPanel>(server.url, panelEndpoints.register, { name: 'بنچمارک', icon: 'store', modules }, tokens.access_token);
    const context = debuggingPort ? browser.contexts()[0]! : await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await addSessionCookies(context, server.url, tokens, username, panel.code);
    const page = await context.newPage();
    await page.goto(new URL(firstPath, server.url).href);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    return { browser, context, page, dbName: panelDbName(username, panel.code), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Writes rows into tables of the panel database the app opened, one transaction a table. */
export async function putRows(page: Page, dbName: string, tables: Record<string, unknown[]>): Promise<void> {
  for (const [table, rows] of Object.entries(tables)) {
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

/**
 * From clicking the navigation link to `href` to the first data row (`main tbody tr td button`,
 * or `firstRow`) drawn, measured in the page.
 */
export function openFromMenu(page: Page, href: string, firstRow = FIRST_ROW): Promise<number> {
  return page.evaluate(
    ({ href, firstRow }) =>
      new Promise<number>((done) => {
        const link = Array.from(document.querySelectorAll<HTMLAnchorElement>('aside a')).find((a) => a.getAttribute('href') === href);
        if (!link) throw new Error(`no link to ${href} among ${Array.from(document.querySelectorAll('aside a')).map((a) => a.getAttribute('href')).join(' ')}`);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector(firstRow)) {
            observer.disconnect();
            requestAnimationFrame(() => done(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        link.click();
      }),
    { href, firstRow },
  );
}

/** The first data row after loading `path` afresh, counted from the navigation's start. */
export async function openByReload(page: Page, path: string, firstRow = FIRST_ROW): Promise<number> {
  await page.goto(path);
  await page.locator(firstRow).first().waitFor({ timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

/** How long reading each table whole takes in the page (IndexedDB getAll, no library): the floor of a screen that reads it. */
export function readWhole(page: Page, dbName: string, tables: string[]): Promise<Record<string, { rows: number; ms: number }>> {
  return page.evaluate(
    async ({ dbName, tables }) => {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const open = indexedDB.open(dbName);
        open.onsuccess = () => ok(open.result);
        open.onerror = () => fail(open.error);
      });
      const out: Record<string, { rows: number; ms: number }> = {};
      for (const table of tables) {
        const started = performance.now();
        const rows = await new Promise<unknown[]>((ok, fail) => {
          const read = db.transaction(table).objectStore(table).getAll();
          read.onsuccess = () => ok(read.result);
          read.onerror = () => fail(read.error);
        });
        out[table] = { rows: rows.length, ms: performance.now() - started };
      }
      db.close();
      return out;
    },
    { dbName, tables },
  );
}
