/**
 * What the PWA's end-to-end tests share: the Persian text of a message (the app opens in fa),
 * signing in as the demo account through the login form, waiting for the service worker, and
 * copies and rebuilds of the build a test serves.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { parsePo } from '../../server/i18n/po.ts';

const root = resolve(import.meta.dirname, '../..');
/** Every Persian catalogue: the platform's and each module's. */
const persianCatalogues = [
  join(root, 'locales/fa/messages.po'),
  ...readdirSync(join(root, 'modules'))
    .map((m) => join(root, 'modules', m, 'locales/fa.po'))
    .filter((f) => existsSync(f)),
];
const persian = new Map(
  persianCatalogues.flatMap((file) =>
    parsePo(readFileSync(file, 'utf8')).map((e): [string, string] => [e.msgctxt ? `${e.msgctxt}::${e.msgid}` : e.msgid, e.msgstr]),
  ),
);

/** The Persian translation of an English message, with its placeholders filled. */
export function fa(msgid: string, values: Record<string, string> = {}): string {
  const text = persian.get(msgid);
  if (!text) throw new Error(`no Persian text for "${msgid}"`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** The app's key-value store (`KEY_VALUE_DB` in src/session/keyValue.ts, which runs only in the page). */
const KEY_VALUE_DB = 'pishkhan';

export const demo = { username: 'demo', password: 'Pishkhan-Demo-1404' };

/**
 * Signs in through the login form and waits for the signed-in frame, and until the device has
 * saved the profile: a test that goes offline next expects it (under load, the profile could
 * still be on its way when the network went, and was then never saved).
 */
export async function signInAsDemo(page: Page): Promise<void> {
  await page.goto('/auth/Login');
  await page.getByLabel(fa('Username')).fill(demo.username);
  await page.getByLabel(fa('Password'), { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: fa('Log in'), exact: true }).click();
  await page.waitForURL((url) => url.pathname.toLowerCase().startsWith('/user'));
  for (const started = Date.now(); !(await page.evaluate(savedProfileFound, KEY_VALUE_DB));) {
    if (Date.now() - started > 30_000) throw new Error('the profile was not saved on the device within 30 s of signing in');
    await page.waitForTimeout(100);
  }
}

/** Whether the app's key-value store holds the last profile seen (run in the page). */
async function savedProfileFound(dbName: string): Promise<boolean> {
  // Never open a database the app has not made yet: that would make it, empty, under the app's feet.
  if (!(await indexedDB.databases()).some((known) => known.name === dbName)) return false;
  return new Promise((resolve) => {
    const open = indexedDB.open(dbName);
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('storage')) return (db.close(), resolve(false));
      const read = db.transaction('storage').objectStore('storage').get('lastUser');
      read.onsuccess = () => (db.close(), resolve(read.result !== undefined));
      read.onerror = () => (db.close(), resolve(false));
    };
  });
}

export { waitForServiceWorker } from './harness.ts';

/** A private copy of a build, for tests that change the files being served. */
export function copyOfBuild(distDir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'pishkhan-dist-'));
  cpSync(distDir, copy, { recursive: true });
  return copy;
}

/** Builds the app with a given build id into a folder of its own. */
export function buildWithId(buildId: string): string {
  const outDir = mkdtempSync(join(tmpdir(), 'pishkhan-build-'));
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', BUILD_ID: buildId },
    stdio: 'pipe',
  });
  return outDir;
}

/** The build id a page runs (set on <html> by src/pwa). */
export function runningBuild(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.build);
}
