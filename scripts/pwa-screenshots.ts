/**
 * Takes the install sheet's screenshots from the real app: the demo account's dashboard, narrow
 * (390×844) and wide (1280×800), at one device pixel per CSS pixel so the PNGs are exactly the
 * sizes the manifest declares. Builds the app, runs the server on a fresh database, signs in.
 * `npx tsx scripts/pwa-screenshots.ts`, then commit public/screenshots/*.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launchBrowser, startServer } from '../tests/e2e/harness.ts';
import { fa, signInAsDemo, waitForServiceWorker } from '../tests/e2e/pwaSupport.ts';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'public/screenshots');
const shots = [
  { file: 'narrow.png', width: 390, height: 844 },
  { file: 'wide.png', width: 1280, height: 800 },
];

const distDir = mkdtempSync(join(tmpdir(), 'pishkhan-shots-'));
execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
const server = await startServer({ distDir });
const browser = await launchBrowser();
try {
  mkdirSync(outDir, { recursive: true });
  for (const shot of shots) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await signInAsDemo(page);
    await page.locator('#main h1').waitFor();
    // No toast and no spinner in the picture.
    await page.getByText(fa('Pishkhan is ready to work offline.')).waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(outDir, shot.file) });
    console.log(`public/screenshots/${shot.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(distDir, { recursive: true, force: true });
}
