/**
 * API throughput on loopback: autocannon against real server processes (`server/main.ts`, as
 * `npm start` runs it) for GetCurrectUser with a valid token and for RefreshToken, on PGlite and
 * on PostgreSQL, beside a bare Fastify route in the same run (the ceiling). Prints requests/s,
 * p50/p99 latency and each server process's peak RSS, and the targets: GetCurrectUser at least
 * half the ceiling on PostgreSQL, p99 under 25 ms at 50 connections, peak RSS under 250 MB.
 *
 *   npm run bench:api                       # 10 s per scenario
 *   BENCH_SECONDS=20 npm run bench:api
 *   BENCH_DATABASE_URL=postgres://… npm run bench:api   # default postgres://postgres@127.0.0.1:5432/test
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { endpoints } from '../src/contract/endpoints.ts';
import type { Envelope, LoginData } from '../src/contract/envelope.ts';

const root = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const PASSWORD = 'Bench-Passphrase-1404';

/** One autocannon connection, as `setupClient` sees it. */
interface CannonClient {
  setBody(body: string): void;
  on(event: 'headers', listener: () => void): void;
  on(event: 'body', listener: (chunk: Buffer) => void): void;
  on(event: 'response', listener: (status: number) => void): void;
}

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  setupClient?: (client: CannonClient) => void;
}) => Promise<CannonResult>;

interface Running {
  url: string;
  child: ChildProcess;
}

function start(args: string[], env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
function peakRssMb(child: ChildProcess): number | null {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

async function stop(running: Running): Promise<void> {
  if (running.child.exitCode !== null) return;
  const exited = new Promise((r) => running.child.once('exit', r));
  running.child.kill('SIGTERM');
  await exited;
}

const bareFastify = `
  import Fastify from 'fastify';
  const app = Fastify({ logger: false });
  app.get('/ceiling', async () => ({ isSuccess: true, data: { ok: true }, errorData: null, message: '' }));
  console.log('running at ' + (await app.listen({ port: 0, host: '127.0.0.1' })));
`;

function startServer(env: Record<string, string>): Promise<Running> {
  return start(['--import', 'tsx', 'server/main.ts'], {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    DEV_TOOLS: '0',
    JWT_SECRET,
    DIST_DIR: '/nonexistent/pishkhan-bench',
    ...env,
  });
}

async function call<T>(url: string, endpoint: { method: string; path: string }, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${url}${endpoint.path}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${endpoint.path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

interface Row {
  scenario: string;
  engine: string;
  result: CannonResult;
}

const rows: Row[] = [];
const rss: Record<string, number | null> = {};

async function measure(scenario: string, engine: string, options: Omit<Parameters<typeof autocannon>[0], 'connections' | 'duration'>) {
  await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  rows.push({ scenario, engine, result });
  console.log(`  ${scenario} on ${engine}: ${Math.round(result.requests.average)} req/s`);
}

async function benchAccount(engine: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(env);
  try {
    const username = `bench${Date.now().toString(36)}`;
    const signedUp = await call<LoginData>(server.url, endpoints.signUp, { username, password: PASSWORD, serviceName: 'pishkhan' });
    await call(server.url, endpoints.registrationProfile, { firstName: 'بنچ', lastName: 'مارک', publicUserName: 'null' }, signedUp.access_token);

    await measure('GetCurrectUser', engine, {
      url: `${server.url}${endpoints.getCurrentUser.path}`,
      headers: { authorization: `Bearer ${signedUp.access_token}` },
    });

    // Each connection follows its own rotation chain: every answer's refresh token is its next
    // request's body. (autocannon's per-request context is reset after each request, so the
    // chain lives on the connection.)
    const pool: string[] = [];
    for (let i = 0; i < CONNECTIONS * 2; i++) {
      pool.push((await call<LoginData>(server.url, endpoints.login, { username, password: PASSWORD, serviceName: 'pishkhan' })).refresh_token);
    }
    const chain = (client: CannonClient) => {
      const body = (refreshToken: string | undefined) => JSON.stringify({ refreshToken });
      let answer = '';
      client.setBody(body(pool.pop()));
      client.on('headers', () => (answer = ''));
      client.on('body', (chunk) => (answer += chunk.toString()));
      client.on('response', (status) => {
        if (status === 200) client.setBody(body((JSON.parse(answer) as Envelope<LoginData>).data!.refresh_token));
      });
    };
    await measure('RefreshToken', engine, {
      url: `${server.url}${endpoints.refreshToken.path}`,
      method: endpoints.refreshToken.method,
      headers: { 'content-type': 'application/json' },
      setupClient: chain,
    });
  } finally {
    rss[`server on ${engine}`] = peakRssMb(server.child);
    await stop(server);
  }
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function onPostgres(work: (databaseUrl: string) => Promise<void>): Promise<void> {
  const schema = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const separator = POSTGRES_URL.includes('?') ? '&' : '?';
    await work(`${POSTGRES_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** Everything shares the machine's cores (load generator, servers, PostgreSQL), so say how busy it was. */
function machine(): string {
  return `${availableParallelism()} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
}

function report(loadBefore: string): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per scenario, loopback`);
  console.log(`machine before: ${loadBefore}; after: ${machine()}\n`);
  console.log(['scenario'.padEnd(16), 'engine'.padEnd(12), 'req/s'.padStart(8), 'p50'.padStart(9), 'p99'.padStart(9), '  failed'].join(' '));
  for (const { scenario, engine, result } of rows) {
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log([scenario.padEnd(16), engine.padEnd(12), String(Math.round(result.requests.average)).padStart(8), ms(result.latency.p50).padStart(9), ms(result.latency.p99).padStart(9), String(failed).padStart(8)].join(' '));
  }
  console.log('\npeak RSS');
  for (const [name, mb] of Object.entries(rss)) console.log(`  ${name.padEnd(26)} ${mb === null ? 'n/a' : `${mb.toFixed(0)} MB`}`);

  const ceiling = rows.find((r) => r.scenario === 'bare Fastify')?.result.requests.average ?? 0;
  const current = rows.find((r) => r.scenario === 'GetCurrectUser' && r.engine === 'PostgreSQL')?.result;
  console.log('\ntargets');
  if (current) {
    const share = current.requests.average / ceiling;
    console.log(`  GetCurrectUser on PostgreSQL ≥ 50% of the ceiling: ${(share * 100).toFixed(0)}% ${share >= 0.5 ? 'met' : 'MISSED'}`);
    console.log(`  GetCurrectUser on PostgreSQL p99 < 25 ms: ${ms(current.latency.p99)} ${current.latency.p99 < 25 ? 'met' : 'MISSED'}`);
  } else {
    console.log('  GetCurrectUser on PostgreSQL: not measured (no PostgreSQL)');
  }
  for (const engine of ['PGlite', 'PostgreSQL']) {
    const peak = rss[`server on ${engine}`];
    if (peak) console.log(`  peak RSS of the server on ${engine} < 250 MB: ${peak.toFixed(0)} MB ${peak < 250 ? 'met' : 'MISSED'}`);
  }
}

async function main(): Promise<void> {
  const loadBefore = machine();
  console.log('bare Fastify (the ceiling)');
  const bare = await start(['--input-type=module', '-e', bareFastify], {});
  try {
    await measure('bare Fastify', '-', { url: `${bare.url}/ceiling` });
  } finally {
    rss['bare Fastify'] = peakRssMb(bare.child);
    await stop(bare);
  }

  console.log('PGlite (embedded)');
  const dataDir = mkdtempSync(join(tmpdir(), 'pishkhan-bench-'));
  try {
    // The first start creates the database (initdb), which needs far more memory than running it.
    const firstStart = await startServer({ DATA_DIR: dataDir });
    rss['PGlite first start (initdb)'] = peakRssMb(firstStart.child);
    await stop(firstStart);
    await benchAccount('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (await postgresAnswers()) {
    console.log('PostgreSQL');
    await onPostgres((databaseUrl) => benchAccount('PostgreSQL', { DATABASE_URL: databaseUrl }));
  } else {
    console.log(`PostgreSQL: SKIPPED, nothing answers at ${POSTGRES_URL}`);
  }
  report(loadBefore);
}

await main();
