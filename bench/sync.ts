/**
 * Sync throughput against a real server process, on PGlite and on PostgreSQL: a device pushes
 * 1,000 queued mutations (new roles) the way the sync engine does, one batch of PUSH_BATCH_MAX in
 * flight at a time; then a fresh device pulls a panel of 10,000 rows from cursor 0, page by page.
 * Median of 3 runs each. Then the list of 10,000 rows in Chromium (bench/list.ts, given the same
 * arguments) unless `--no-list` or in smoke mode (where bench:list is smoke-tested on its own).
 * Prints figures; the targets (3 s each on PGlite) are reported, not asserted.
 *
 *   npm run bench:sync
 *   npm run bench:sync -- --no-list
 *   npm run bench:sync -- --smoke       # one batch and a row more, one page and a row more, one run
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { Role } from '../src/contract/entities/panelManagement.ts';
import { endpoints } from '../src/contract/endpoints.ts';
import type { LoginData } from '../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME } from '../src/contract/service.ts';
import {
  PULL_PAGE_DEFAULT,
  PUSH_BATCH_MAX,
  syncEndpoints,
  type Mutation,
  type PullResponse,
  type PushResponse,
} from '../src/contract/sync.ts';
import { sized, smoke, verdict } from './benchArgs.ts';
import { call, machine, onPglite, onPostgres, peakRssMb, startServer, stop } from './serverProcess.ts';

// In smoke mode, just past one push batch and one pull page, so both go round their loops.
const PUSHED = sized(1_000, PUSH_BATCH_MAX + 1);
const PULLED = sized(10_000, PULL_PAGE_DEFAULT + 1);
const RUNS = sized(3, 1);
const TARGET_MS = 3_000;

interface Figures {
  engine: string;
  push: number[];
  pull: number[];
  rss: number | null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function roleCreations(count: number, firstMutationId: number, label: string): Mutation[] {
  return Array.from({ length: count }, (_, i) => ({
    mutationId: firstMutationId + i,
    entity: Role.key,
    op: 'create' as const,
    id: randomUUID(),
    values: { name: `${label} ${String(i).padStart(5, '0')}`, description: `نقش آزمایشی شمارهٔ ${i}`, parentRoleId: null, permissions: [] },
  }));
}

/** Pushes the mutations in order, one batch in flight, as the client's sync engine does; answers the milliseconds taken. */
async function push(url: string, token: string, panel: string, clientId: string, mutations: Mutation[]): Promise<number> {
  const started = performance.now();
  for (let at = 0; at < mutations.length; at += PUSH_BATCH_MAX) {
    const batch = mutations.slice(at, at + PUSH_BATCH_MAX);
    const answer = await call<PushResponse>(url, syncEndpoints.push, { clientId, mutations: batch }, token, panel);
    const rejected = answer.results.filter((r) => r.status !== 'applied');
    if (rejected.length) throw new Error(`push rejected ${rejected.length}: ${JSON.stringify(rejected[0])}`);
  }
  return performance.now() - started;
}

/** Pulls every page from cursor 0 as a fresh device does; answers the milliseconds taken and the rows received. */
async function pullAll(url: string, token: string, panel: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  let cursor = 0;
  let rows = 0;
  for (;;) {
    const path = `${syncEndpoints.pull.path}?cursor=${cursor}&limit=${PULL_PAGE_DEFAULT}`;
    const page = await call<PullResponse>(url, { method: syncEndpoints.pull.method, path }, undefined, token, panel);
    rows += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) return { ms: performance.now() - started, rows };
  }
}

async function benchEngine(engine: string, env: Record<string, string>): Promise<Figures> {
  const server = await startServer(env);
  const figures: Figures = { engine, push: [], pull: [], rss: null };
  try {
    const username = `bench${Date.now().toString(36)}`;
    const password = 'a quiet river at dawn';
    const { access_token: token } = await call<LoginData>(server.url, endpoints.signUp, {
      username,
      password,
      serviceName: DEFAULT_SERVICE_NAME,
    });
    await call(server.url, endpoints.registrationProfile, { firstName: 'بنچ', lastName: 'مارک', publicUserName: 'null' }, token);

    // Push: each run is a new panel and a new device with 1,000 changes queued while offline.
    for (let run = 0; run < RUNS; run++) {
      const panel = await call<CurrentPanel>(
        server.url,
        panelEndpoints.register,
        { name: `بنچ ارسال ${run}`, icon: 'store', modules: ['PanelManagement'] },
        token,
      );
      figures.push.push(await push(server.url, token, panel.code, randomUUID(), roleCreations(PUSHED, 1, 'نقش')));
    }

    // Pull: one panel holding 10,000 rows, pulled by a fresh device each run.
    const big = await call<CurrentPanel>(
      server.url,
      panelEndpoints.register,
      { name: 'بنچ دریافت', icon: 'store', modules: ['PanelManagement'] },
      token,
    );
    await push(server.url, token, big.code, randomUUID(), roleCreations(PULLED, 1, 'نقش'));
    for (let run = 0; run < RUNS; run++) {
      const pulled = await pullAll(server.url, token, big.code);
      if (pulled.rows < PULLED) throw new Error(`pulled ${pulled.rows} rows, expected at least ${PULLED}`);
      figures.pull.push(pulled.ms);
    }
  } finally {
    figures.rss = peakRssMb(server.child);
    await stop(server);
  }
  const seconds = (values: number[]) => values.map((v) => (v / 1000).toFixed(2)).join(', ');
  console.log(`  ${engine}: push ${seconds(figures.push)} s; pull ${seconds(figures.pull)} s`);
  return figures;
}

async function main(): Promise<void> {
  const loadBefore = machine();
  const results: Figures[] = [];

  console.log('PGlite (embedded)');
  await onPglite(async (dataDir) => {
    results.push(await benchEngine('PGlite', { DATA_DIR: dataDir }));
  });
  await onPostgres(async (databaseUrl) => {
    console.log('PostgreSQL');
    results.push(await benchEngine('PostgreSQL', { DATABASE_URL: databaseUrl }));
  });

  console.log(
    `\nsync over loopback HTTP, median of ${RUNS} runs; batches of ${PUSH_BATCH_MAX} mutations, pages of ${PULL_PAGE_DEFAULT} rows`,
  );
  console.log(`machine before: ${loadBefore}; after: ${machine()}\n`);
  console.log(
    [
      'engine'.padEnd(12),
      `push ${PUSHED.toLocaleString('en')}`.padStart(12),
      `pull ${PULLED.toLocaleString('en')}`.padStart(12),
      'mutations/s'.padStart(12),
      'rows/s'.padStart(9),
      'peak RSS'.padStart(9),
    ].join(' '),
  );
  for (const { engine, push: pushed, pull, rss } of results) {
    const [p, q] = [median(pushed), median(pull)];
    console.log(
      [
        engine.padEnd(12),
        `${(p / 1000).toFixed(2)} s`.padStart(12),
        `${(q / 1000).toFixed(2)} s`.padStart(12),
        String(Math.round(PUSHED / (p / 1000))).padStart(12),
        String(Math.round(PULLED / (q / 1000))).padStart(9),
        (rss === null ? 'n/a' : `${rss.toFixed(0)} MB`).padStart(9),
      ].join(' '),
    );
  }
  const pglite = results.find((r) => r.engine === 'PGlite');
  if (pglite) {
    console.log('\ntargets (PGlite)');
    for (const [what, values] of [
      [`push of ${PUSHED.toLocaleString('en')} mutations`, pglite.push],
      [`pull of ${PULLED.toLocaleString('en')} rows`, pglite.pull],
    ] as const) {
      const ms = median(values);
      console.log(`  ${what} < ${TARGET_MS / 1000} s: ${(ms / 1000).toFixed(2)} s ${verdict(ms < TARGET_MS)}`);
    }
  }

  if (!process.argv.includes('--no-list') && !smoke) {
    console.log('');
    const args = process.argv.slice(2).filter((arg) => arg !== '--no-list');
    const list = spawnSync(process.execPath, ['--import', 'tsx', 'bench/list.ts', ...args], {
      cwd: resolve(import.meta.dirname, '..'),
      stdio: 'inherit',
    });
    if (list.status !== 0) process.exitCode = list.status ?? 1;
  }
}

await main();
