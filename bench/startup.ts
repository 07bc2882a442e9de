/**
 * Startup time to a usable login form, in Chromium with the CPU slowed 4× (DevTools
 * `Emulation.setCPUThrottlingRate`): the moment the username field is in the page, enabled and
 * wired to React, measured from navigation start inside the page. Three visits — first (network,
 * a fresh profile each run), repeat (service worker, started cold each time) and offline — for
 * Pishkhan and for the floor, a bare Vite + React login page with a minimal service worker
 * (bench/startupFloor.ts), both built in this run and served by the real server, runs alternating
 * between the two. The first and repeat visits again on a slow phone network (DevTools
 * `Network.emulateNetworkConditions`: 1.6 Mbps down, 750 kbps up, 150 ms round trip, as
 * Lighthouse's mobile preset). Median of 7 runs each (`--runs N`, at least 7). The first
 * contentful paint of the same visits beside it. Also the precache's total size, gzip. Prints figures; targets are reported, not asserted.
 *
 *   npm run bench:startup                 # builds into a temporary folder first
 *   npm run bench:startup -- --dist dist  # measures an existing build
 *   npm run bench:startup -- --smoke      # one run of each visit
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { paths } from '../src/contract/routes.ts';
import { chromiumArgs, startServer, type RunningServer } from '../tests/e2e/harness.ts';
import { appBuild } from './appBuild.ts';
import { option, sized, verdict } from './benchArgs.ts';
import { pgliteDataDir } from './serverProcess.ts';
import { buildFloor } from './startupFloor.ts';

const CPU_SLOWDOWN = 4;
const RUNS = sized(Math.max(7, Number(option('--runs') ?? 7) || 7), 1);
const TARGET_RATIO = 1.3;
const TARGET_SLOW_FIRST_RATIO = 1.5;
/** Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up (bytes per second here). */
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const TARGET_PRECACHE_BYTES = 1.5 * 1024 * 1024;

/**
 * Runs in the page before its scripts and notes when the login form becomes usable. A string, not
 * a function: tsx would wrap a function's inner functions in a helper the page does not have.
 */
const watchForUsableForm = `(() => {
  const check = () => {
    if (window.__usableAt !== undefined) return;
    const input = document.querySelector('input[name="username"]');
    if (input && !input.disabled && Object.keys(input).some((key) => key.startsWith('__reactProps'))) {
      window.__usableAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** When a visit's login form became usable, and when it first painted content, from navigation start. */
interface Visit {
  usable: number;
  paint: number;
}

async function timeVisit(context: BrowserContext, url: string, slowNetwork = false): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (slowNetwork) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt !== undefined, null, { timeout: 60_000 });
  const usable = await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt);
  const paint = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, null, {
    timeout: 60_000,
  });
  const visit = { usable, paint: Number(await paint.jsonValue()) };
  await cdp.detach();
  await page.close();
  return visit;
}

/**
 * A browser profile on disk, as people have (an incognito profile keeps no code cache, so every
 * visit there would recompile every script and measure Chromium rather than the app).
 */
async function profile(
  baseURL: string,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'pishkhan-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL,
    serviceWorkers,
    viewport: { width: 390, height: 844 },
  });
  await context.addInitScript({ content: watchForUsableForm });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the page once and waits until its service worker controls it (precache complete). */
async function install(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
  await page.close();
}

/** A repeat visit starts the service worker cold, as after the tab was closed for a while. */
async function stopServiceWorkers(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await page.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Figures {
  first: number[];
  repeat: number[];
  offline: number[];
  slowFirst: number[];
  slowRepeat: number[];
}

const noFigures = (): Figures => ({ first: [], repeat: [], offline: [], slowFirst: [], slowRepeat: [] });

interface Subject {
  server: RunningServer;
  figures: Figures;
  paints: Figures;
}

function note({ figures, paints }: Subject, visit: keyof Figures, { usable, paint }: Visit): void {
  figures[visit].push(usable);
  paints[visit].push(paint);
}

/**
 * Runs alternate between the two apps, so a busy machine slows both alike and the ratio stays
 * meaningful even when the absolute figures wander.
 */
async function measureBoth(subjects: Subject[], url: string): Promise<void> {
  for (const visit of ['first', 'slowFirst'] as const) {
    for (let i = 0; i < RUNS; i++) {
      for (const subject of subjects) {
        const fresh = await profile(subject.server.url);
        note(subject, visit, await timeVisit(fresh.context, url, visit === 'slowFirst'));
        await fresh.close();
      }
    }
  }
  const kept = await Promise.all(subjects.map(async ({ server }) => profile(server.url)));
  await Promise.all(kept.map(({ context }) => install(context, url)));
  for (const visit of ['repeat', 'slowRepeat', 'offline'] as const) {
    if (visit === 'offline') await Promise.all(kept.map(({ context }) => context.setOffline(true)));
    for (let i = 0; i < RUNS; i++) {
      for (const [n, subject] of subjects.entries()) {
        await stopServiceWorkers(kept[n]!.context);
        note(subject, visit, await timeVisit(kept[n]!.context, url, visit === 'slowRepeat'));
      }
    }
  }
  await Promise.all(kept.map(({ close }) => close()));
}

/** The floor's repeat visit with no service worker at all: straight from the HTTP cache. */
async function httpCacheRepeat(server: RunningServer, url: string): Promise<number[]> {
  const { context, close } = await profile(server.url, 'block');
  await timeVisit(context, url);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await timeVisit(context, url)).usable);
  await close();
  return times;
}

/** The files the service worker precaches, and their total size raw and gzip. */
function precacheSize(distDir: string): { files: number; raw: number; gzip: number } {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))];
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const data = readFileSync(join(distDir, url));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files: urls.length, raw, gzip };
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

console.log('building Pishkhan (unless given) and the floor …');
const { dir: appDir, cleanup } = appBuild('startup');
const floorDir = await buildFloor();
// Building the floor in this process set NODE_ENV=production, which the servers inherit; in
// production the server insists on a chosen SMS sender and refuses the developer tools.
const serverEnv = { SMS_SENDER: 'log', DEV_TOOLS: '0' };
// One after the other: two first starts of the embedded database at once on a busy two-core
// machine can take longer than the harness waits.
const data = [pgliteDataDir(), pgliteDataDir()];
const app = await startServer({ distDir: appDir, env: { ...serverEnv, DATA_DIR: data[0]!.dir } });
const floor = await startServer({ distDir: floorDir, env: { ...serverEnv, DATA_DIR: data[1]!.dir } });
try {
  console.log(`measuring: ${RUNS} runs per row, alternating, CPU ${CPU_SLOWDOWN}× slower, 390×844, a profile on disk …`);
  const ours: Subject = { server: app, figures: noFigures(), paints: noFigures() };
  const base: Subject = { server: floor, figures: noFigures(), paints: noFigures() };
  await measureBoth([ours, base], paths.auth.login);
  const floorHttpCache = await httpCacheRepeat(floor, paths.auth.login);
  const rows: [string, keyof Figures][] = [
    ['first visit (network)', 'first'],
    ['repeat visit (service worker)', 'repeat'],
    ['offline (service worker)', 'offline'],
    ['first visit, slow network', 'slowFirst'],
    ['repeat visit, slow network', 'slowRepeat'],
  ];
  const range = (v: number[]) => `(${Math.min(...v).toFixed(0)}–${Math.max(...v).toFixed(0)})`;
  for (const [title, of] of [
    ['Time to a usable login form', 'figures'],
    ['First contentful paint', 'paints'],
  ] as const) {
    console.log(`\n${title}, median of ${RUNS} (min–max):`);
    console.log(`${''.padEnd(31)}${'Pishkhan'.padStart(22)}${'floor'.padStart(22)}   ratio`);
    for (const [label, key] of rows) {
      const a = ours[of][key];
      const b = base[of][key];
      console.log(
        `${label.padEnd(31)}${ms(median(a))} ${range(a).padStart(12)}${ms(median(b))} ${range(b).padStart(12)}   ${(median(a) / median(b)).toFixed(2)}×`,
      );
    }
  }
  console.log(`floor, repeat visit from the HTTP cache (no service worker): ${ms(median(floorHttpCache)).trim()} ${range(floorHttpCache)}`);
  const repeatRatio = median(ours.figures.repeat) / median(base.figures.repeat);
  console.log(`\nrepeat visit: ${repeatRatio.toFixed(2)}× the floor — target ≤ ${TARGET_RATIO}×: ${verdict(repeatRatio <= TARGET_RATIO)}`);
  const slowRatio = median(ours.figures.slowFirst) / median(base.figures.slowFirst);
  console.log(
    `first visit on the slow network: ${slowRatio.toFixed(2)}× the floor's — target ≤ ${TARGET_SLOW_FIRST_RATIO}×: ${verdict(slowRatio <= TARGET_SLOW_FIRST_RATIO)}`,
  );
  const size = precacheSize(appDir);
  console.log(
    `precache: ${size.files} files, ${kb(size.raw)} raw, ${kb(size.gzip)} gzip — target < ${kb(TARGET_PRECACHE_BYTES)}: ${verdict(size.gzip < TARGET_PRECACHE_BYTES)}`,
  );
} finally {
  await Promise.all([app.stop(), floor.stop()]);
  for (const { remove } of data) remove();
  cleanup();
}
