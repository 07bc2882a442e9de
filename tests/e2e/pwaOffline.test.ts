/**
 * Offline after one visit: the service worker takes the page on the first load, precaches every
 * file of the build (and never an API answer), and with the network gone every route of spec
 * section 2 still opens our screen — the frame for /User routes, the module state for module
 * routes — with the offline indicator in view and network actions failing at once, in words.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_BASE, needsSession } from '../../src/contract/routes.ts';
import { allRoutes } from './appRoutes.ts';
import { newContext, screenshot, seriousA11yViolations, serverAndBrowser } from './harness.ts';
import { demo, fa, signInAsDemo, waitForServiceWorker } from './pwaSupport.ts';

const e2e = serverAndBrowser();

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(dir, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** Every URL in the page's caches (the service worker's precache among them). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

describe('offline after the first visit', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(e2e.browser, { baseURL: e2e.server.url });
    page = await context.newPage();
    await page.goto('/auth/Login');
    await waitForServiceWorker(page);
    await signInAsDemo(page);
    await page.locator('#main').waitFor();
  });

  afterAll(() => context?.close());

  it('the service worker controls the page after the first load', async () => {
    expect(await page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).pathname)).toBe('/sw.js');
  });

  it('precaches every file of the build the app needs, and stores no API answer', async () => {
    const cached = new Set(await cachedUrls(page));
    const needed = filesUnder(e2e.server.distDir).filter(
      (file) => /\.(js|css|html|woff2|svg|png|webmanifest)$/.test(file) && file !== 'sw.js' && !file.startsWith('screenshots/'),
    );
    expect(needed.some((file) => file.startsWith('assets/') && file.endsWith('.woff2'))).toBe(true);
    expect(needed.filter((file) => !cached.has(`/${file}`))).toEqual([]);
    expect([...cached].filter((url) => url.toLowerCase().startsWith('/api'))).toEqual([]);
  });

  it('opens every route of the spec with the network gone, signed in, on our own screens', async () => {
    await context.setOffline(true);
    await page.reload();
    await page.locator('#root *').first().waitFor();
    // The stylesheet inline in the precached index.html applies: its CSP hash came with it.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Vazirmatn,/);
    // The unmatched route's 404 ('Page not found: {path}'); a details page opened without naming
    // its record is the validity check's 404 instead, which is its own screen working offline.
    const notFound = fa('Page not found: <0/>').replace('<0/>', '');
    const failures: string[] = [];
    for (const route of allRoutes) {
      await page.goto(route);
      const expected = route.startsWith(`${MODULE_BASE}/`)
        ? page.locator('#main h1')
        : needsSession(route)
          ? page.locator('#main')
          : page.locator('#root h1, #root h2').first();
      try {
        await expected.waitFor({ timeout: 15_000 });
        if ((await page.locator('#root').innerText()).includes(notFound)) failures.push(`${route}: the 404 page`);
      } catch {
        failures.push(`${route}: ${(await page.locator('#root').innerText()).slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 400_000);

  it('shows the offline indicator in the frame, with the age of the account details shown, and on the login screen', async () => {
    await page.goto('/User/Dashboard');
    const badge = page.getByRole('button', { name: fa('{label}: show details', { label: fa('Offline') }) });
    await badge.waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: fa('You are offline. Pishkhan keeps working with what is saved on this device.') })
        .count(),
    ).toBe(1);
    await expect.poll(() => badge.innerText()).toContain(fa('saved {savedAgo}', { savedAgo: '' }).trim());
    await badge.click();
    await page.getByText(fa('You are offline'), { exact: true }).waitFor();
    await screenshot(page, 'pwa-offline-frame-1280');

    await context.clearCookies();
    await page.goto('/auth/Login');
    const onLogin = page.getByRole('button', { name: fa('{label}: show details', { label: fa('Offline') }) });
    await onLogin.click();
    await page.getByText(fa('You are offline'), { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await onLogin.getAttribute('aria-expanded')).toBe('false');
  });

  it('says at once that an action needs the network, instead of hanging', async () => {
    await page.goto('/auth/Login');
    const apiRequests: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname.toLowerCase().startsWith('/api') && apiRequests.push(request.url()));
    await page.getByLabel(fa('Username')).fill(demo.username);
    await page.getByLabel(fa('Password'), { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: fa('Log in'), exact: true }).click();
    await page.getByText(fa('Unknown error: the server could not be reached. Check your connection and try again.')).waitFor();
    // Not sent and timed out: never sent at all.
    expect(apiRequests).toEqual([]);
    await screenshot(page, 'pwa-offline-login-1280');
    await context.setOffline(false);
  });
});
