/**
 * The server as a benchmark drives it: a real process (`server/main.ts`, as `npm start` runs it)
 * on a free port, on PGlite in a fresh data folder or in a fresh schema of a PostgreSQL server,
 * called over loopback HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { endpoints } from '../src/contract/endpoints.ts';
import type { Envelope, LoginData } from '../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME, PANEL_HEADER } from '../src/contract/service.ts';
import { serverEnv } from '../scripts/serverEnv.mjs';
import { createSchema, dropSchema, postgresAnswers, uniqueSchemaName } from '../tests/server/testDatabase.ts';

const root = resolve(import.meta.dirname, '..');
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export { postgresAnswers };

export interface Running {
  url: string;
  child: ChildProcess;
}

/**
 * Options of a started process: `untuned` leaves out the malloc and heap settings `npm start` uses (to
 * show what it saves); `nodeArgs` go to the server's node (e.g. `--cpu-prof` for a profile).
 */
export interface StartOptions {
  untuned?: boolean;
  nodeArgs?: string[];
}

export function start(args: string[], env: Record<string, string>, { untuned = false }: StartOptions = {}): Promise<Running> {
  const environment = { ...process.env, ...env };
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: untuned ? withoutTuning(environment) : serverEnv(environment),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolveStart({ url: match[1]!, child });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

/** The process's peak resident set (VmHWM), in MB. */
export function peakRssMb(child: ChildProcess): number | null {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** The environment without serverEnv's settings, even where the caller's own environment has them. */
function withoutTuning(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { GLIBC_TUNABLES: _tunables, NODE_OPTIONS: _options, ...rest } = env;
  return rest;
}

export async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((r) => running.child.once('exit', r));
  running.child.kill('SIGTERM');
  await exited;
}

export function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<Running> {
  return start(
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      DEV_TOOLS: '0',
      JWT_SECRET,
      DIST_DIR: '/nonexistent/pishkhan-bench',
      ...env,
    },
    options,
  );
}

/** Calls an endpoint; answers the envelope's data, or throws with the envelope. `panel` is the X-Panel-Code. */
export async function call<T>(
  url: string,
  endpoint: { method: string; path: string },
  body: unknown,
  token?: string,
  panel?: string,
): Promise<T> {
  const response = await fetch(`${url}${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(panel ? { [PANEL_HEADER]: panel } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.isSuccess) throw new Error(`${endpoint.path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

/** A new account with its profile, and a panel of it with `modules`: what a bench writes into. */
export async function accountWithPanel(
  url: string,
  panelName: string,
  modules: readonly string[],
): Promise<{ token: string; panel: CurrentPanel }> {
  const { access_token: token } = await call<LoginData>(url, endpoints.signUp, {
    username: `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    password: 'a quiet river at dawn',
    serviceName: DEFAULT_SERVICE_NAME,
  });
  await call(url, endpoints.registrationProfile, { firstName: 'بنچ', lastName: 'مارک', publicUserName: 'null' }, token);
  const panel = await call<CurrentPanel>(url, panelEndpoints.register, { name: panelName, icon: 'store', modules }, token);
  return { token, panel };
}

/**
 * A fresh data folder for a server on PGlite. A run of several benches (scripts/bench.ts) starts
 * one server first and names its folder in BENCH_PGLITE_TEMPLATE: each folder is then a copy of it,
 * initialised and migrated, which spares each server its initdb (most of a first start: 30 s of
 * 41 on the loaded two-core machine). A bench run alone starts from an empty folder.
 */
export function pgliteDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'pishkhan-bench-data-'));
  const template = process.env.BENCH_PGLITE_TEMPLATE;
  if (template) cpSync(template, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `work` with a fresh PGlite data folder (`pgliteDataDir`), removed after. */
export async function onPglite(work: (dataDir: string) => Promise<void>): Promise<void> {
  const { dir, remove } = pgliteDataDir();
  try {
    await work(dir);
  } finally {
    remove();
  }
}

/**
 * Runs `work` in a fresh schema of the PostgreSQL server, and answers true; when none answers, says
 * so where nobody can miss it (the figures are PGlite's alone) and answers false.
 */
export async function onPostgres(work: (databaseUrl: string) => Promise<void>): Promise<boolean> {
  if (!(await postgresAnswers(POSTGRES_URL))) {
    console.log(
      `\n*** PostgreSQL SKIPPED: nothing answers at ${POSTGRES_URL}; only PGlite was measured (start it, or set BENCH_DATABASE_URL) ***\n`,
    );
    return false;
  }
  const schema = uniqueSchemaName('bench');
  try {
    await work(await createSchema(POSTGRES_URL, schema));
  } finally {
    await dropSchema(POSTGRES_URL, schema);
  }
  return true;
}

/** Everything shares the machine's cores (load generator, servers, PostgreSQL), so say how busy it was. */
export function machine(): string {
  return `${availableParallelism()} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
}
