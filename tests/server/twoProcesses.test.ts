/**
 * Two real server processes on one PostgreSQL schema, sharing JWT_SECRET, as a load balancer
 * would run them: a session opened on one is refreshed on the other, and a logout on the first
 * ends it on both. Needs a PostgreSQL server; without one it says so loudly and runs nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { Envelope, LoginData } from '../../src/contract/envelope.ts';
import { sampleRegistration, strongPassword, uniqueUsername } from './harness.ts';
import { createSchema, dropSchema, postgresAnswers, postgresTestUrl, uniqueSchemaName } from './testDatabase.ts';

const root = resolve(import.meta.dirname, '../..');
const postgresUrl = postgresTestUrl();

const available = await postgresAnswers(postgresUrl);
if (!available) {
  console.log(
    `\n*** two-process test NOT RUN: no PostgreSQL answers at ${postgresUrl}. ` +
      'Start one (or set TEST_DATABASE_URL) to prove that two servers share sessions. ***\n',
  );
}

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

function startServer(databaseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'two-processes-share-this-secret-0123456789',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      DEV_TOOLS: '0',
      DIST_DIR: '/nonexistent/pishkhan-two-processes',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 45 s:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveStart({ url: match[1]!, child });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

async function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

async function call<T>(server: ServerProcess, endpoint: { method: string; path: string }, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${endpoint.path}`, {
    method: endpoint.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

describe.runIf(available)('two server processes on one PostgreSQL', () => {
  const schema = uniqueSchemaName('twoprocs');
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  beforeAll(async () => {
    const databaseUrl = await createSchema(postgresUrl, schema);
    // Started together, so their migrations race too.
    [first, second] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
  });

  afterAll(async () => {
    await Promise.all([stop(first), stop(second)]);
    await dropSchema(postgresUrl, schema);
  });

  it('share sessions: log in on one, refresh on the other, log out on the first ends it on both', async () => {
    const a = first!;
    const b = second!;
    const username = uniqueUsername('twoprocs');
    const signUp = await call<LoginData>(a, endpoints.signUp, { username, password: strongPassword, serviceName: 'pishkhan' });
    expect(signUp.status).toBe(201);
    const login = await call<LoginData>(a, endpoints.login, { username, password: strongPassword, serviceName: 'pishkhan' });
    expect(login.status).toBe(200);

    const refreshed = await call<LoginData>(b, endpoints.refreshToken, { refreshToken: login.body.data!.refresh_token });
    expect(refreshed.status).toBe(200);
    const tokens = refreshed.body.data!;
    expect((await call(b, endpoints.registrationProfile, sampleRegistration(), tokens.access_token)).status).toBe(200);
    expect((await call(a, endpoints.getCurrentUser, undefined, tokens.access_token)).status).toBe(200);
    // The token B replaced is used up on A as well.
    expect((await call(a, endpoints.refreshToken, { refreshToken: login.body.data!.refresh_token })).status).toBe(401);

    expect((await call(a, endpoints.logout, { refreshToken: tokens.refresh_token })).status).toBe(200);
    for (const server of [a, b]) {
      expect((await call(server, endpoints.getCurrentUser, undefined, tokens.access_token)).status).toBe(401);
    }
    expect((await call(b, endpoints.refreshToken, { refreshToken: tokens.refresh_token })).status).toBe(401);
  });
});
