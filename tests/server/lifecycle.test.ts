/**
 * The real server as a child process on a PGlite data folder of its own, stopped with SIGTERM while
 * a sync push is being applied: the process exits 0, and after a restart on the same folder the
 * push is there whole or not at all — never some of its rows. A stop with nothing in flight is
 * quick, and a second signal ends a stop at once.
 */
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import type { Envelope, LoginData } from '../../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../../src/contract/panels.ts';
import { PANEL_HEADER } from '../../src/contract/service.ts';
import { PUSH_BATCH_MAX, syncEndpoints, type Mutation, type PullResponse, type PushResponse } from '../../src/contract/sync.ts';
import { sampleRegistration, strongPassword, uniqueUsername } from './harness.ts';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'pishkhan-lifecycle-'));
const running = new Set<ChildProcess>();

interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: 'lifecycle-test-secret-0123456789-abcdefghij',
      PORT: '0',
      HOST: '127.0.0.1',
      // Info: each request is logged as it arrives, which says when the push is in flight.
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      DEV_TOOLS: '0',
      DIST_DIR: '/nonexistent/pishkhan-lifecycle',
      SHUTDOWN_TIMEOUT_MS: '20000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      r({ code, signal });
    }),
  );
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 150 s:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveStart({ url: match[1]!, child, output: () => output, exited });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(({ code }) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Resolves once the server has printed a line that matches `pattern`. */
function printed(server: ServerProcess, pattern: RegExp): Promise<void> {
  return new Promise((r) => {
    const check = () => {
      if (pattern.test(server.output())) {
        server.child.stdout!.off('data', check);
        r();
      }
    };
    server.child.stdout!.on('data', check);
    check();
  });
}

async function call<T>(
  server: ServerProcess,
  endpoint: { method: string; path: string },
  options: { body?: unknown; token?: string; panel?: string; query?: string } = {},
) {
  const response = await fetch(`${server.url}${endpoint.path}${options.query ?? ''}`, {
    method: endpoint.method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.panel ? { [PANEL_HEADER]: options.panel } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a stop signal', () => {
  const username = uniqueUsername('stop');
  let panel = '';

  async function login(server: ServerProcess): Promise<string> {
    const answer = await call<LoginData>(server, endpoints.login, {
      body: { username, password: strongPassword, serviceName: 'pishkhan' },
    });
    expect(answer.status).toBe(200);
    return answer.body.data!.access_token;
  }

  it('during a sync push: the process exits 0 and the push is there whole or not at all after a restart', async () => {
    const first = await startServer();
    const signUp = await call<LoginData>(first, endpoints.signUp, {
      body: { username, password: strongPassword, serviceName: 'pishkhan' },
    });
    expect(signUp.status).toBe(201);
    const token = signUp.body.data!.access_token;
    expect(
      (await call(first, endpoints.registrationProfile, { body: { ...sampleRegistration(), mobileNumber: '09121234567' }, token })).status,
    ).toBe(200);
    const opened = await call<CurrentPanel>(first, panelEndpoints.register, {
      body: { name: 'فروشگاه توقف', icon: 'store', modules: ['PanelManagement'] },
      token,
    });
    expect(opened.status).toBe(201);
    panel = opened.body.data!.code;

    const ids = Array.from({ length: PUSH_BATCH_MAX }, () => randomUUID());
    const mutations: Mutation[] = ids.map((id, i) => ({
      mutationId: i + 1,
      entity: Role.key,
      op: 'create',
      id,
      values: { name: `نقش ${i + 1}` },
    }));
    const arrived = printed(first, /"url":"\/api\/Sync\/Push"/);
    const push = call<PushResponse>(first, syncEndpoints.push, { body: { clientId: randomUUID(), mutations }, token, panel }).then(
      (answer) => answer,
      (error: unknown) => error as Error,
    );
    await arrived;
    first.child.kill('SIGTERM');
    const [answer, exit] = await Promise.all([push, first.exited]);
    expect(exit, first.output()).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain('pishkhan: stopped');

    const second = await startServer();
    const again = await login(second);
    const pulled = await call<PullResponse>(second, syncEndpoints.pull, { token: again, panel, query: '?cursor=0&limit=500' });
    expect(pulled.status).toBe(200);
    const present = new Set(pulled.body.data!.changes.map((c) => c.row.id));
    const count = ids.filter((id) => present.has(id)).length;
    expect([0, ids.length]).toContain(count);
    // A push that was answered was applied, all of it.
    if (!(answer instanceof Error) && answer.status === 200) {
      expect(answer.body.data!.results.every((r) => r.status === 'applied')).toBe(true);
      expect(count).toBe(ids.length);
    }

    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 240_000);

  it('a second signal during the stop exits at once', async () => {
    const server = await startServer();
    const token = await login(server);
    // A push keeps the server busy while both signals arrive.
    const mutations: Mutation[] = Array.from({ length: PUSH_BATCH_MAX }, (_, i) => ({
      mutationId: i + 1,
      entity: Role.key,
      op: 'create',
      id: randomUUID(),
      values: { name: `دوم ${i + 1}` },
    }));
    const arrived = printed(server, /"url":"\/api\/Sync\/Push"/);
    const busy = call(server, syncEndpoints.push, { body: { clientId: randomUUID(), mutations }, token, panel }).catch(
      (error: unknown) => error,
    );
    await arrived;
    server.child.kill('SIGINT');
    await printed(server, /SIGINT: stopping/);
    server.child.kill('SIGINT');
    const exit = await server.exited;
    await busy;
    // Either the stop was already over (0), or the second signal ended it (130).
    expect([0, 130]).toContain(exit.code);
    expect(exit.code === 0 || server.output().includes('SIGINT again; exiting now')).toBe(true);
  }, 240_000);
});
