/**
 * What the benchmarks that measure a screen in Chromium share: a production build (or a given
 * one), a real server on it, a person signed in to a new panel with the modules the screen needs,
 * rows written straight into the panel's IndexedDB as a long pull leaves them, and a timing taken
 * inside the page from following the menu (walked as a person walks it, whatever its nesting) to
 * the first row drawn.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import type { Entity } from '../src/contract/entity.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import { localTexts } from '../src/storage/localRecords.ts';
import { panelDbName } from '../src/storage/PanelDb.ts';
import { addSessionCookies, chromiumArgs, startServer } from '../tests/e2e/harness.ts';
import { appBuild } from './appBuild.ts';
import { sized } from './benchArgs.ts';
import { call, pgliteDataDir } from './serverProcess.ts';
import { networkQuiet } from '../tests/e2e/networkQuiet.ts';

/** What a list's first data row looks like: a cell with the row's button. */
const FIRST_ROW = 'main tbody tr th button';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const ms = (values: number[]) => `${median(values).toFixed(0).padStart(5)} ms`;

/** A row as a pull leaves it on the device (src/storage/reconcile.ts): synced, nothing pending, its search and sort texts worked out. */
export function syncedRow<T extends { id: string }>(entity: Pick<Entity, 'fields' | 'searchFields' | 'titleField'>, values: T) {
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
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium started on a debugging port with a profile of its own (as Lighthouse needs it: it opens
 * its tab there), Playwright connected over CDP; `stop` ends it and removes the profile.
 */
export async function chromiumOnPort(name: string, debuggingPort: number): Promise<{ browser: Browser; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), `pishkhan-${name}-profile-`));
  const child = spawn(
    CHROMIUM,
    [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`, `--user-data-dir=${profile}`, '--window-size=1280,800', 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 10 }); // Chromium may still be writing its profile as it exits
  };
  for (let i = 0; ; i++) {
    try {
      return { browser: await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`), stop };
    } catch (error) {
      if (i === 50) {
        await stop();
        throw error;
      }
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
}

export async function openBenchPanel(
  name: string,
  modules: string[],
  firstPath: string,
  { debuggingPort }: { debuggingPort?: number } = {},
): Promise<BenchPanel> {
  const { dir, cleanup } = appBuild(name);
  const data = pgliteDataDir();
  const server = await startServer({ distDir: dir, env: { DATA_DIR: data.dir } });
  let stopChromium = async () => {};
  const browser = debuggingPort
    ? await (async () => {
        const started = await chromiumOnPort(name, debuggingPort);
        stopChromium = started.stop;
        return started.browser;
      })()
    : await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs });
  const close = async () => {
    await browser.close(); // with a debugging port, only lets go of it (it may have done so already)
    await stopChromium();
    await server.stop();
    data.remove();
    cleanup();
  };
  try {
    const username = `bench${name.replace(/\W/g, '')}${Date.now().toString(36)}`;
    const password = 'a quiet river at dawn';
    await call<LoginData>(server.url, endpoints.signUp, { username, password, serviceName: DEFAULT_SERVICE_NAME });
    const tokens = await call<LoginData>(server.url, endpoints.login, { username, password, serviceName: DEFAULT_SERVICE_NAME });
    await call(
      server.url,
      endpoints.registrationProfile,
      {
        userId: 0,
        email: `${username}@example.com`,
        firstName: 'مریم',
        lastName: 'کریمی',
        publicUserName: 'null',
        birthDay: '1990-05-12',
        city: 'اصفهان',
        state: 'اصفهان',
        country: 'ایران',
        mobileNumber: '',
        gender: 'female',
      },
      tokens.access_token,
    );
    const panel = await call<CurrentPanel>(
      server.url,
      panelEndpoints.register,
      { name: 'بنچمارک', icon: 'store', modules },
      tokens.access_token,
    );
    const context = debuggingPort
      ? browser.contexts()[0]!
      : await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    await addSessionCookies(context, server.url, tokens, username, panel.code);
    const page = await context.newPage();
    await page.goto(new URL(firstPath, server.url).href);
    await page.locator('h1').first().waitFor();
    await networkQuiet(page);
    return { browser, context, page, dbName: panelDbName(username, panel.code), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Runs `measure` at full speed, then with the CPU 4× slower (DevTools' throttling), naming the
 * speed; in smoke mode at full speed only, since the slower run takes the same path.
 */
export async function atEachSpeed(page: Page, measure: (speed: string) => Promise<void>): Promise<void> {
  for (const slowdown of sized([1, 4], [1])) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    try {
      await measure(slowdown === 1 ? 'full speed' : `CPU ${slowdown}× slower`);
    } finally {
      await cdp.detach();
    }
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

/** The addresses of the menu's links a person can see now (navigation outside the screen itself). */
function menuLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>('nav a[href]'))
      .filter((a) => !a.closest('main') && a.checkVisibility())
      .map((a) => a.getAttribute('href')!),
  );
}

const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);
const samePath = (a: string, b: string) => segments(a).join('/') === segments(b).join('/');
/** How many leading path segments two addresses share. */
function sharedSegments(a: string, b: string): number {
  const [x, y] = [segments(a), segments(b)];
  let n = 0;
  while (n < x.length && x[n] === y[n]) n++;
  return n;
}

/** Waits until the screen at `href` shows its heading and the network is quiet. */
async function settleOn(page: Page, href: string): Promise<void> {
  await page.waitForURL((url) => samePath(url.pathname, href));
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await networkQuiet(page);
}

/**
 * Opens the menu until it shows a link to `href`, as a person finds a screen: whatever the
 * navigation's nesting, when the link is not in sight they follow the one that leads closest (a
 * module's own entry, which shows its places) or open a collapsed group, and look again.
 */
async function revealInMenu(page: Page, href: string): Promise<void> {
  for (let step = 0; step < 8; step++) {
    const links = await menuLinks(page);
    if (links.some((link) => samePath(link, href))) return;
    const here = sharedSegments(new URL(page.url()).pathname, href);
    const closer = links
      .map((link) => ({ link, shared: sharedSegments(link, href) }))
      .filter((l) => l.shared > here)
      .sort((a, b) => b.shared - a.shared)[0];
    if (closer) {
      await page.locator(`nav a[href="${closer.link}" i]:visible`).first().click();
      await settleOn(page, closer.link);
      continue;
    }
    const collapsed = page.locator('nav button[aria-expanded="false"]:visible');
    if ((await collapsed.count()) === 0) break;
    await collapsed.first().click();
  }
  throw new Error(`the menu shows no way to ${href} from ${new URL(page.url()).pathname}; it offers ${(await menuLinks(page)).join(' ')}`);
}

/** Goes to `href` through the menu, as a person does, and waits for the screen (untimed). */
export async function followMenu(page: Page, href: string): Promise<void> {
  await revealInMenu(page, href);
  await page.locator(`nav a[href="${href}" i]:visible`).first().click();
  await settleOn(page, href);
}

/**
 * Finds the screen at `href` in the menu (opening what nesting the navigation has, untimed), then
 * times, in the page, from clicking its link to the first data row (its name's button, `main tbody
 * tr th button`, or `firstRow`) drawn.
 */
export async function openFromMenu(page: Page, href: string, firstRow = FIRST_ROW): Promise<number> {
  await revealInMenu(page, href);
  return page.evaluate(
    ({ href, firstRow }) =>
      new Promise<number>((done, fail) => {
        const link = Array.from(document.querySelectorAll<HTMLAnchorElement>('nav a[href]')).find(
          (a) => !a.closest('main') && a.checkVisibility() && a.getAttribute('href')?.toLowerCase() === href.toLowerCase(),
        )!;
        const started = performance.now();
        const timeout = setTimeout(() => fail(new Error(`no ${firstRow} within 60 s of following the menu to ${href}`)), 60_000);
        const observer = new MutationObserver(() => {
          if (document.querySelector(firstRow)) {
            observer.disconnect();
            clearTimeout(timeout);
            requestAnimationFrame(() => done(performance.now() - started));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
        link.click();
      }),
    { href, firstRow },
  );
}

/**
 * Watches, from a document's start, for the row `sessionStorage['bench.firstRow']` names and keeps
 * when it was drawn (the frame after it came) in `__benchFirstRowAt`. A string, not a function:
 * tsx's helpers do not exist in the page.
 */
const FIRST_ROW_WATCH = `(() => {
  const selector = sessionStorage.getItem('bench.firstRow');
  if (!selector) return;
  window.__benchFirstRowAt = new Promise((done) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => done(performance.now()));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
})()`;
const watching = new WeakSet<Page>();

/**
 * The first data row after loading `path` afresh, counted from the navigation's start to the frame
 * that drew it, in the page (as `openFromMenu` times): asking afterwards added the driver's polling,
 * a third of a reload's figure at 100,000 rows while the page is busy reading its table.
 */
export async function openByReload(page: Page, path: string, firstRow = FIRST_ROW): Promise<number> {
  if (!watching.has(page)) {
    watching.add(page);
    await page.addInitScript({ content: FIRST_ROW_WATCH });
  }
  await page.evaluate((selector) => sessionStorage.setItem('bench.firstRow', selector), firstRow);
  await page.goto(path);
  await page.locator(firstRow).first().waitFor({ timeout: 60_000 });
  return page.evaluate(() => {
    sessionStorage.removeItem('bench.firstRow');
    return (window as unknown as { __benchFirstRowAt: Promise<number> }).__benchFirstRowAt;
  });
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

/**
 * A CPU profile of what runs between `start` and the stop it answers, sampled every millisecond:
 * written to `file` (DevTools opens it) and its functions of most self time printed.
 */
export async function cpuProfile(cdp: CDPSession, file: string): Promise<() => Promise<void>> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile: taken } = await cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(taken));
    const self = new Map<string, number>();
    const byId = new Map(taken.nodes.map((node) => [node.id, node]));
    const counts = new Map<number, number>();
    for (const id of taken.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [id, n] of counts) {
      const { callFrame } = byId.get(id)!;
      const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop()}:${callFrame.lineNumber + 1}`;
      self.set(name, (self.get(name) ?? 0) + n);
    }
    const total = taken.samples?.length ?? 1;
    console.log(`  CPU profile in ${file}; the most self time:`);
    for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`    ${((n / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  };
}
