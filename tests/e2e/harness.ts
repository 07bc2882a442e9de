/**
 * End-to-end tests drive Debian's Chromium through playwright-core against the real server on a
 * fresh embedded database (developer tools on, so SMS codes can be read from the dev outbox).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LoginData } from '../../src/contract/envelope.ts';
import { ACCESS_TOKEN_TTL_MS } from '../../src/contract/service.ts';

const root = resolve(import.meta.dirname, '../..');
export const screenshotDir = join(root, 'tests/e2e/screenshots');

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  distDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

type ServerOptions = { env?: Record<string, string>; distDir?: string };

/**
 * A test file's server and Chromium: both start before the file's first test (a function for the
 * options runs then) and stop after its last. Read `server` and `browser` from the result inside
 * hooks and tests.
 */
export function serverAndBrowser(options: ServerOptions | (() => ServerOptions) = {}): {
  readonly server: RunningServer;
  readonly browser: Browser;
} {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(typeof options === 'function' ? options() : options), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll; read it inside hooks and tests.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium starts in beforeAll; read it inside hooks and tests.');
      return browser;
    },
  };
}

/**
 * Starts `server/main.ts` on a free port with a fresh data folder — in a test run a copy of the
 * run's migrated database (globalSetup.ts), so a server spends its start on nothing but the demo
 * account and listening — and resolves once it answers.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pishkhan-e2e-'));
  // Inside a Vitest run; a bench (plain tsx) starts its server on a fresh folder that migrates.
  if (process.env.VITEST) cpSync(inject('dataTemplate'), join(dataDir, 'pglite'), { recursive: true });
  const distDir = options.distDir ?? inject('distDir');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DEV_TOOLS: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    distDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ContextOptions {
  baseURL: string;
  width?: number;
  height?: number;
}

/** A fresh browser profile (no cookies, storage or service worker) at a phone or desktop width. */
export async function newContext(browser: Browser, { baseURL, width = 1280, height }: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: height ?? (width < 600 ? 844 : 800) },
    deviceScaleFactor: width < 600 ? 2 : 1,
    isMobile: width < 600,
    hasTouch: width < 600,
  });
  // A phone in these tests goes offline once the app on it is ready offline, as a person's would be
  // after using it: its service worker registers when the first screen is idle and then precaches
  // about 1 MB, which under CI's load took longer than some tests took to reach their offline part
  // (a navigation then failed with ERR_INTERNET_DISCONNECTED).
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    if (offline)
      await Promise.all(
        context
          .pages()
          .filter((page) => page.url().startsWith('http'))
          .map(waitForServiceWorker),
      );
    await setOffline(offline);
  };
  return context;
}

/** Waits until a service worker controls the page (the first visit's worker claims it once it has precached the build). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  // A page mid-navigation loses the check's context: asked again on the page it lands on.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 60_000 });
      return;
    } catch (error) {
      if (/context was destroyed|navigat/i.test(String(error)) && attempt < 3) continue;
      throw new Error(`No service worker controls ${page.url()}: ${await workersOf(page).catch(String)}`, { cause: error });
    }
  }
}

/** What the page's service worker registrations hold, for a failure's message. */
function workersOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registrations = await navigator.serviceWorker.getRegistrations();
    const states = registrations.map((r) =>
      (['installing', 'waiting', 'active'] as const).map((slot) => `${slot}: ${r[slot]?.state ?? 'none'}`).join(', '),
    );
    return `controller ${navigator.serviceWorker.controller?.state ?? 'none'}; ${registrations.length} registration(s)${states.map((s) => ` [${s}]`).join('')}`;
  });
}

/** Writes a PNG to tests/e2e/screenshots (ignored by git) for people to look at. */
/** Puts a login's session cookies (and a chosen panel) into a browser profile, as the app itself stores them. */
export async function addSessionCookies(
  context: BrowserContext,
  url: string,
  tokens: LoginData,
  username: string,
  panelCode?: string,
): Promise<void> {
  const cookie = (name: string, value: string) => ({ name, value: encodeURIComponent(value), url, sameSite: 'Strict' as const });
  await context.addCookies([
    cookie('token', tokens.access_token),
    cookie('refresh_token', tokens.refresh_token),
    cookie('username', username),
    cookie('tokenExpiry', String(Date.now() + ACCESS_TOKEN_TTL_MS)),
    ...(panelCode ? [cookie('panelCode', JSON.stringify(panelCode))] : []),
  ]);
}

/** The page sizes in a PDF in whole millimetres, as Chromium writes them (`/MediaBox [0 0 w h]`, in points). */
export function pdfPageSizes(pdf: Buffer): number[][] {
  const mm = (points: string) => Math.round((Number(points) / 72) * 25.4);
  return [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [mm(m[1]!), mm(m[2]!)]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** An account of the test's own per server, signed up once: the developer tools answer only a signed-in caller. */
const outboxReaders = new Map<string, Promise<{ username: string; password: string }>>();

async function postJson(url: string, body: unknown): Promise<{ data: { access_token: string } | null }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { data: { access_token: string } | null };
}

async function outboxToken(server: Pick<RunningServer, 'url'>): Promise<string> {
  let reader = outboxReaders.get(server.url);
  if (!reader) {
    const account = { username: `outbox${Date.now().toString(36)}`, password: 'the outbox reader of the e2e tests' };
    reader = postJson(`${server.url}/api/Account/SignUp`, { ...account, serviceName: 'pishkhan' }).then(() => account);
    outboxReaders.set(server.url, reader);
  }
  // A login each time: a test file can outlast one access token.
  const login = await postJson(`${server.url}/api/account/login`, { ...(await reader), serviceName: 'pishkhan' });
  if (!login.data) throw new Error('the outbox reader could not log in');
  return login.data.access_token;
}

/** The last SMS code sent to a mobile number, from the server's dev outbox. */
export async function smsCode(server: Pick<RunningServer, 'url'>, mobile: string): Promise<string> {
  const response = await fetch(`${server.url}/api/Dev/SmsOutbox?mobile=${encodeURIComponent(mobile)}`, {
    headers: { Authorization: `Bearer ${await outboxToken(server)}` },
  });
  const body = (await response.json()) as { data: { code: string }[] | { code: string } | null };
  const data = body.data;
  const last = Array.isArray(data) ? data.at(-1) : data;
  if (!last) throw new Error(`no SMS was sent to ${mobile}`);
  return last.code;
}

const axeSource = () => import('axe-core').then((m) => (m.default as unknown as { source: string }).source);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** axe-core's serious and critical violations on the page as it stands. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools, so the page's CSP (no inline script) does not block it; once per
  // document (a sweep that moves inside the app keeps it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // Headless UI's focus guards (the hidden buttons a dialog's focus trap puts at its edges) are
    // aria-hidden and focusable by design: they hand focus straight back into the dialog.
    const result = await axe.run({ exclude: [['[data-headlessui-focus-guard]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Writes a file into a data or dist folder (tests that fake a deploy). */
export function writeInto(dir: string, relative: string, content: string): void {
  const path = join(dir, relative);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, content);
}
