/**
 * Deploys and broken deploys, against a private copy of the build: a second build (another id)
 * copied over the served folder while a page is open is found by the build poll and offered with
 * a toast; accepting it (past the unsaved-input question) reloads once into the new build. A lazy
 * chunk missing from the server reloads the page exactly once, then shows the error page. A first
 * visit whose precache failed installs the worker later, without a reload.
 */
import { cpSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, serverAndBrowser } from './harness.ts';
import { buildWithId, copyOfBuild, fa, runningBuild, waitForServiceWorker } from './pwaSupport.ts';

let served: string;
const cleanup: string[] = [];

// The tests change the build's files, so the server serves a copy of it.
const e2e = serverAndBrowser(() => {
  served = copyOfBuild(inject('distDir'));
  cleanup.push(served);
  return { distDir: served };
});

afterAll(() => {
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
});

/** Counts the main frame's document loads from now on. */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  return () => loads;
}

describe('the build files', () => {
  it('are served for revalidation on every request, like the service worker and index.html', async () => {
    const latest = (await (await fetch(`${e2e.server.url}/builds/latest.json`)).json()) as { id: string; time: string; timestamp: number };
    expect(latest.id).toMatch(/^[\w.-]+$/);
    expect(Number.isNaN(Date.parse(latest.time))).toBe(false);
    for (const path of ['/builds/latest.json', `/builds/meta/${latest.id}.json`, '/sw.js', '/index.html', '/manifest.webmanifest']) {
      const response = await fetch(`${e2e.server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect(latest.timestamp).toBe(Date.parse(latest.time));
    expect(await (await fetch(`${e2e.server.url}/builds/meta/${latest.id}.json`)).json()).toEqual({
      ...latest,
      matcher: { static: {}, wildcard: {}, dynamic: {} },
      prerendered: [],
    });
  });
});

/** Every state the page's registered workers go through, in `window.workerStates` (a string: it runs in the page). */
const WATCH_WORKERS = `
window.workerStates = [];
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = async function (...args) {
  const registration = await register.apply(this, args);
  const worker = registration.installing || registration.waiting || registration.active;
  if (worker) {
    window.workerStates.push(worker.state);
    worker.addEventListener('statechange', () => window.workerStates.push(worker.state));
  }
  return registration;
};`;

describe('a first visit whose precache does not all come', () => {
  it('installs the service worker once the file comes, without a reload', async () => {
    // An icon only the manifest names: the page itself never asks for it.
    const icon = join(served, 'maskable-icon-512x512.png');
    renameSync(icon, `${icon}.away`);
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, width: 390 });
    await context.addInitScript(WATCH_WORKERS);
    const page = await context.newPage();
    const documentLoads = countDocumentLoads(page);
    const workerStates = () => page.evaluate(() => (window as unknown as { workerStates: string[] }).workerStates);
    await page.goto('/auth/Login');
    await expect.poll(workerStates, { timeout: 60_000 }).toContain('redundant');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    renameSync(`${icon}.away`, icon);
    await waitForServiceWorker(page);
    await page.getByText(fa('Pishkhan is ready to work offline.')).waitFor();
    const states = await workerStates();
    expect(states.slice(0, 2)).toEqual(['installing', 'redundant']);
    expect(states.slice(-4)).toEqual(['installing', 'installed', 'activating', 'activated']);
    // The page's own load, and none after it.
    expect(documentLoads()).toBe(1);
    await context.close();
  }, 120_000);
});

describe('a page its active worker does not control', () => {
  it('is taken by it (a hard reload goes past the worker; so does a load that began while it activated)', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, width: 390 });
    const page = await context.newPage();
    await page.goto('/auth/Login');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.getByLabel(fa('Username')).waitFor();
    await waitForServiceWorker(page);
    await context.close();
  }, 180_000);
});

describe('a new build deployed while the app is open', () => {
  it('is offered with a toast, never forced over unsaved input, and runs after the person accepts', async () => {
    const context = await newContext(e2e.browser, { baseURL: e2e.server.url, width: 390 });
    const page = await context.newPage();
    await page.goto('/auth/Login');
    await waitForServiceWorker(page);
    await page.getByText(fa('Pishkhan is ready to work offline.')).waitFor();
    const firstId = await runningBuild(page);
    expect(firstId).toBeTruthy();

    const secondId = `e2e-second-${process.pid}`;
    const second = buildWithId(secondId);
    cleanup.push(second);
    cpSync(second, served, { recursive: true, force: true });

    const documentLoads = countDocumentLoads(page);
    await page.getByLabel(fa('Username')).fill('half-typed');
    // Regaining the network runs the build poll at once (otherwise it runs hourly).
    await context.setOffline(true);
    await context.setOffline(false);

    await page.getByText(fa('A new version of Pishkhan is ready.')).waitFor({ timeout: 60_000 });
    await screenshot(page, 'pwa-update-toast-390');
    await page.getByRole('button', { name: fa('Reload'), exact: true }).click();
    await page
      .getByText(fa('You have changes on this page that are not saved yet. Save them first, or reload anyway and lose them.'))
      .waitFor();
    expect(documentLoads()).toBe(0);
    expect(await runningBuild(page)).toBe(firstId);

    await page.getByRole('button', { name: fa('Reload anyway'), exact: true }).click();
    await expect.poll(() => runningBuild(page).catch(() => undefined), { timeout: 30_000 }).toBe(secondId);
    await page.getByLabel(fa('Username')).waitFor();
    expect(documentLoads()).toBe(1);
    expect(await page.evaluate(async () => (await (await fetch('/builds/latest.json')).json()).id)).toBe(secondId);
    expect(await page.getByText(fa('Pishkhan is ready to work offline.')).count()).toBe(0);
    await context.close();
  }, 240_000);
});

describe('a lazy chunk missing from the server', () => {
  it('reloads the page exactly once, then shows the error page with a reload button', async () => {
    const assets = join(served, 'assets');
    // The chunk that holds the login screen (Rollup may have merged it into a chunk named after
    // another module): the one asking for the saved password by `current-password`.
    const loginChunks = readdirSync(assets).filter(
      (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('"current-password"'),
    );
    expect(loginChunks.length).toBeGreaterThan(0);
    expect(
      loginChunks.some((file) => file.startsWith('index-')),
      'the login screen must be a lazy chunk, not part of the entry',
    ).toBe(false);
    for (const file of loginChunks) rmSync(join(assets, file));

    // No service worker here: its precache would answer the chunk the server lost.
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      serviceWorkers: 'block',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const documentLoads = countDocumentLoads(page);
    await page.goto('/auth/Login');
    await page.getByText(fa('This part of Pishkhan could not be loaded.')).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: fa('Reload the page') }).waitFor();
    expect(documentLoads()).toBe(2);
    expect(await page.evaluate(() => sessionStorage.getItem('pishkhan.chunkReloads'))).toContain('/auth/login');
    await screenshot(page, 'pwa-chunk-error-1280');
    await context.close();
  });
});
