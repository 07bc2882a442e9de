/**
 * Installable: Chromium finds no installability error in the manifest (checked through the
 * DevTools Protocol, in a persistent profile since incognito cannot install), the manifest says
 * what the install sheet needs, every icon and screenshot it names is a PNG of the size it claims,
 * and the user menu offers "Install app" when the browser does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../src/contract/routes.ts';
import { chromiumArgs, startServer, type RunningServer } from './harness.ts';
import { fa, signInAsDemo, waitForServiceWorker } from './pwaSupport.ts';

let server: RunningServer;
let profileDir: string;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  profileDir = mkdtempSync(join(tmpdir(), 'pishkhan-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL: server.url,
    viewport: { width: 1280, height: 800 },
  });
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

interface ManifestImage {
  src: string;
  sizes: string;
  purpose?: string;
  form_factor?: string;
}

/** Width × height from a PNG's header. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installing the app', () => {
  it('has a manifest with no installability errors', async () => {
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the app in Persian and English, right to left, with icons, screenshots and shortcuts that exist', async () => {
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Record<string, unknown> & {
      icons: ManifestImage[];
      screenshots: ManifestImage[];
      shortcuts: { url: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'پیشخوان — Pishkhan',
      short_name: 'پیشخوان',
      lang: 'fa',
      dir: 'rtl',
      display: 'standalone',
      id: '/',
      start_url: paths.user.dashboard,
    });
    expect(manifest.theme_color).toBe('#0f5f5a');
    expect(manifest.background_color).toBe('#f8fafc');
    expect(manifest.icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`)).toEqual(
      expect.arrayContaining(['192x192', '512x512', '192x192 maskable', '512x512 maskable']),
    );
    expect(manifest.screenshots.map((s) => `${s.form_factor} ${s.sizes}`)).toEqual(['narrow 390x844', 'wide 1280x800']);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([paths.user.dashboard, paths.user.panelList, paths.user.profile]);
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      const response = await fetch(`${server.url}${image.src}`);
      expect(response.headers.get('content-type'), image.src).toBe('image/png');
      expect(pngSize(Buffer.from(await response.arrayBuffer())), image.src).toBe(image.sizes);
    }
  });

  it('offers "Install app" in the user menu when the browser offers installing', async () => {
    const page = await context.newPage();
    // Chromium offers installing (beforeinstallprompt) once, on the first page load; the app keeps it.
    await signInAsDemo(page);
    await page.locator('#main').waitFor();
    await page.getByRole('button', { name: fa('Account menu of {displayName}', { displayName: '' }).trim() }).click();
    await page.getByRole('menuitem', { name: fa('Install app') }).waitFor();
    await page.close();
  });
});
