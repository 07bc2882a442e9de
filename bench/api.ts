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
 *   BENCH_PROFILE=/tmp/prof npm run bench:api           # also writes each server's CPU profile there
 *   npm run bench:api -- --smoke                        # 1 s per scenario, 4 connections, no warm-up
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '../src/contract/endpoints.ts';
import type { Envelope, LoginData } from '../src/contract/envelope.ts';
import { sized, smoke, verdict } from './benchArgs.ts';
import { call, machine, onPostgres, peakRssMb, start, startServer, stop } from './serverProcess.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(10, 1));
const PROFILE = process.env.BENCH_PROFILE;
const CONNECTIONS = sized(50, 4);
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

const bareFastify = `
  import Fastify from 'fastify';
  const app = Fastify({ logger: false });
  app.get('/ceiling', async () => ({ isSuccess: true, data: { ok: true }, errorData: null, message: '' }));
  console.log('running at ' + (await app.listen({ port: 0, host: '127.0.0.1' })));
`;

interface Row {
  scenario: string;
  engine: string;
  result: CannonResult;
}

const rows: Row[] = [];
const rss: Record<string, number | null> = {};

async function measure(scenario: string, engine: string, options: Omit<Parameters<typeof autocannon>[0], 'connections' | 'duration'>) {
  if (!smoke) await autocannon({ ...options, connections: CONNECTIONS, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  rows.push({ scenario, engine, result });
  console.log(`  ${scenario} on ${engine}: ${Math.round(result.requests.average)} req/s`);
}

async function benchAccount(engine: string, env: Record<string, string>): Promise<void> {
  const server = await startServer(env, { nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [] });
  try {
    const username = `bench${Date.now().toString(36)}`;
    const signedUp = await call<LoginData>(server.url, endpoints.signUp, { username, password: PASSWORD, serviceName: 'pishkhan' });
    await call(
      server.url,
      endpoints.registrationProfile,
      { firstName: 'بنچ', lastName: 'مارک', publicUserName: 'null' },
      signedUp.access_token,
    );

    await measure('GetCurrectUser', engine, {
      url: `${server.url}${endpoints.getCurrentUser.path}`,
      headers: { authorization: `Bearer ${signedUp.access_token}` },
    });

    // Each connection follows its own rotation chain: every answer's refresh token is its next
    // request's body. (autocannon's per-request context is reset after each request, so the
    // chain lives on the connection.)
    const pool: string[] = [];
    for (let i = 0; i < CONNECTIONS * 2; i++) {
      pool.push(
        (await call<LoginData>(server.url, endpoints.login, { username, password: PASSWORD, serviceName: 'pishkhan' })).refresh_token,
      );
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

function report(loadBefore: string): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per scenario, loopback`);
  console.log(`machine before: ${loadBefore}; after: ${machine()}\n`);
  console.log(
    ['scenario'.padEnd(16), 'engine'.padEnd(12), 'req/s'.padStart(8), 'p50'.padStart(9), 'p99'.padStart(9), '  failed'].join(' '),
  );
  for (const { scenario, engine, result } of rows) {
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(
      [
        scenario.padEnd(16),
        engine.padEnd(12),
        String(Math.round(result.requests.average)).padStart(8),
        ms(result.latency.p50).padStart(9),
        ms(result.latency.p99).padStart(9),
        String(failed).padStart(8),
      ].join(' '),
    );
  }
  console.log('\npeak RSS');
  for (const [name, mb] of Object.entries(rss)) console.log(`  ${name.padEnd(26)} ${mb === null ? 'n/a' : `${mb.toFixed(0)} MB`}`);

  const ceiling = rows.find((r) => r.scenario === 'bare Fastify')?.result.requests.average ?? 0;
  const current = rows.find((r) => r.scenario === 'GetCurrectUser' && r.engine === 'PostgreSQL')?.result;
  console.log('\ntargets');
  if (current) {
    const share = current.requests.average / ceiling;
    console.log(`  GetCurrectUser on PostgreSQL ≥ 50% of the ceiling: ${(share * 100).toFixed(0)}% ${verdict(share >= 0.5)}`);
    console.log(`  GetCurrectUser on PostgreSQL p99 < 25 ms: ${ms(current.latency.p99)} ${verdict(current.latency.p99 < 25)}`);
  } else {
    console.log('  GetCurrectUser on PostgreSQL: not measured (no PostgreSQL)');
  }
  for (const engine of ['PGlite', 'PostgreSQL']) {
    const peak = rss[`server on ${engine}`];
    if (peak) console.log(`  peak RSS of the server on ${engine} < 250 MB: ${peak.toFixed(0)} MB ${verdict(peak < 250)}`);
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

  await onPostgres((databaseUrl) => {
    console.log('PostgreSQL');
    return benchAccount('PostgreSQL', { DATABASE_URL: databaseUrl });
  });
  report(loadBefore);
}

await main();
