/**
 * How much the login page costs to download: builds the PWA (or takes `--dist <folder>`), serves it
 * from a bare static server, opens /auth/Login in Debian's Chromium, and gzips every script and
 * stylesheet the page fetched until its form was ready and the network went quiet (and the
 * stylesheet index.html carries inline). Then the bytes
 * the real server (`server/main.ts`, as `npm start` runs it) actually sent for a cold first visit,
 * counted on the wire: until the form is ready, and until the service worker has precached the
 * app. Then the gzip size of the whole build. Prints figures; the budget (100 KB JS, 20 KB CSS for
 * /auth/Login) is reported, not asserted.
 *
 *   npm run bench:bundle                 # builds into a temporary folder first
 *   npm run bench:bundle -- --dist dist  # measures an existing build
 *   npm run bench:bundle -- --smoke      # the same run (one visit of each kind is all it makes), the budget not judged
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { inlineStyles } from '../server/inlineStyles.ts';
import { paths } from '../src/contract/routes.ts';
import { appBuild } from './appBuild.ts';
import { verdict } from './benchArgs.ts';
import { pgliteDataDir, startServer, stop } from './serverProcess.ts';
import { wireCounter } from './wireCounter.ts';

const root = resolve(import.meta.dirname, '..');
const BUDGET = { js: 100 * 1024, css: 20 * 1024 };

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

function gz(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Serves the build; unknown paths get index.html, as the real server does for client routes. */
function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

interface Loaded {
  url: string;
  kind: 'js' | 'css' | 'font';
  raw: number;
  gzip: number;
}

async function measureLogin(url: string): Promise<Loaded[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const loaded: Promise<Loaded | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet' && type !== 'font') return;
      loaded.push(
        response.body().then(
          (body) => ({
            url: new URL(response.url()).pathname,
            kind: type === 'script' ? 'js' : type === 'font' ? 'font' : 'css',
            raw: body.length,
            gzip: gz(body),
          }),
          () => null,
        ),
      );
    });
    await page.goto(`${url}${paths.auth.login}`, { waitUntil: 'networkidle' });
    await page.locator('input[name="password"]').waitFor();
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() => Array.from(document.querySelectorAll('head > style'), (s) => s.textContent ?? ''));
    const inlined = inline.map((css): Loaded => ({ url: 'index.html <style>', kind: 'css', raw: Buffer.byteLength(css), gzip: gz(css) }));
    return [...(await Promise.all(loaded)).filter((x): x is Loaded => x !== null), ...inlined];
  } finally {
    await browser.close();
  }
}

interface Transferred {
  /** Bytes the server sent until the login form was ready and the network quiet. */
  page: number;
  /** ... of which the page's own requests (headers and bodies as sent), not the service worker's precache. */
  pageOwn: number;
  /** ... and until the service worker had precached the whole app. */
  precached: number;
}

/** A cold first visit to /auth/Login through the real server, its bytes counted on the wire. */
async function measureTransfer(dir: string): Promise<Transferred> {
  const data = pgliteDataDir();
  const server = await startServer({ DIST_DIR: dir, DATA_DIR: data.dir });
  const wire = await wireCounter(server.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The service worker's own fetches (its precache) are not the page's requests and are not seen here.
    const own: Promise<number>[] = [];
    page.on('requestfinished', (request) => own.push(request.sizes().then((s) => s.responseHeadersSize + s.responseBodySize)));
    wire.reset();
    await page.goto(`${wire.url}${paths.auth.login}`, { waitUntil: 'networkidle' });
    await page.locator('input[name="password"]').waitFor();
    await page.waitForLoadState('networkidle');
    const atForm = wire.bytes().down;
    const pageOwn = (await Promise.all(own)).reduce((n, b) => n + b, 0);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    return { page: atForm, pageOwn, precached: wire.bytes().down };
  } finally {
    await browser.close();
    await wire.close();
    await stop(server);
    data.remove();
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
}

/** The text of index.html's inline style elements (the app's stylesheet, build/inlineStylesheet.ts). */
function inlineCss(dir: string): string {
  return inlineStyles(readFileSync(join(dir, 'index.html'), 'utf8')).join('');
}

function wholeBuild(dir: string): { js: number; css: number; jsRaw: number; cssRaw: number; files: number } {
  const inline = inlineCss(dir);
  const totals = { js: 0, css: gz(inline), jsRaw: 0, cssRaw: Buffer.byteLength(inline), files: 0 };
  for (const file of walk(dir)) {
    const ext = extname(file);
    if (ext !== '.js' && ext !== '.css') continue;
    const data = readFileSync(file);
    totals.files++;
    if (ext === '.js') {
      totals.js += gz(data);
      totals.jsRaw += data.length;
    } else {
      totals.css += gz(data);
      totals.cssRaw += data.length;
    }
  }
  return totals;
}

const { dir, cleanup } = appBuild('bundle');
const { server, url } = await serve(dir);
try {
  const login = await measureLogin(url);
  console.log(`\n/auth/Login loads (gzip -9 of each response body; fonts are compressed already):`);
  for (const item of login.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${item.kind.padEnd(3)} ${kb(item.gzip).padStart(9)}  (${kb(item.raw)} raw)  ${item.url}`);
  }
  const sum = (kind: 'js' | 'css') => login.filter((x) => x.kind === kind).reduce((n, x) => n + x.gzip, 0);
  const js = sum('js');
  const css = sum('css');
  console.log(`  JS  total ${kb(js)} gzip — budget ${kb(BUDGET.js)}: ${verdict(js <= BUDGET.js)}`);
  console.log(`  CSS total ${kb(css)} gzip — budget ${kb(BUDGET.css)}: ${verdict(css <= BUDGET.css)}`);
  const wire = await measureTransfer(dir);
  console.log(`\n/auth/Login, cold first visit through the real server (bytes on the wire, headers included):`);
  console.log(`  until the form is ready       ${kb(wire.page).padStart(9)}   (gzip -9 of its JS and CSS alone: ${kb(js + css)})`);
  console.log(
    `  … the page's own requests     ${kb(wire.pageOwn).padStart(9)}   (the rest is the service worker's precache, begun before the network went quiet)`,
  );
  console.log(`  until the precache is filled  ${kb(wire.precached).padStart(9)}`);
  const html = readFileSync(join(dir, 'index.html'));
  const htmlBr = existsSync(join(dir, 'index.html.br')) ? statSync(join(dir, 'index.html.br')).size : html.length;
  console.log(
    `  index.html (stylesheet inline) ${kb(htmlBr).padStart(8)} brotli as sent  (${kb(html.length)} raw, ${kb(gz(html))} gzip -9)`,
  );
  const all = wholeBuild(dir);
  console.log(`\nwhole build (${relative(root, dir) || dir}, ${all.files} JS/CSS files and index.html's inline stylesheet):`);
  console.log(`  JS  ${kb(all.js)} gzip (${kb(all.jsRaw)} raw)`);
  console.log(`  CSS ${kb(all.css)} gzip (${kb(all.cssRaw)} raw)`);
} finally {
  server.close();
  cleanup();
}
