/**
 * Several server processes on one PostgreSQL (issue 13's `bench:scale`): 200 concurrent clients
 * for 60 s on loopback, each a loop of GetCurrectUser, a list, a push of new rows and a pull, in
 * the proportions a day of phones makes (40/20/20/20), against
 *   1. one process,
 *   2. two processes on two ports (as behind a reverse proxy), the clients split between them,
 *   3. two processes of Node's cluster on one port (`WORKERS=2`, what `npm start` runs with it).
 * Then every row a client wrote through one process is looked for through the other (pull from
 * the start, and the list's total): none may be lost or doubled. Prints throughput and p50/p99
 * per call beside the one-process row; asserts nothing. Needs PostgreSQL; says SKIPPED without.
 *
 *   npm run bench:scale                     # 60 s a row
 *   BENCH_SECONDS=20 npm run bench:scale
 *   npm run bench:scale -- --smoke          # 6 clients in 2 panels, 2 s a row
 */
import { randomUUID } from 'node:crypto';
import { endpoints } from '../src/contract/endpoints.ts';
import { entityPath } from '../src/contract/entity.ts';
import type { Envelope, LoginData } from '../src/contract/envelope.ts';
import { panelEndpoints, type CurrentPanel } from '../src/contract/panels.ts';
import { DEFAULT_SERVICE_NAME, PANEL_HEADER } from '../src/contract/service.ts';
import { syncEndpoints, type Mutation, type PullResponse, type PushResponse } from '../src/contract/sync.ts';
import { Place } from '../modules/HumanResource/entities/masterData.ts';
import { sized, smoke } from './benchArgs.ts';
import { call, machine, onPostgres, postgresAnswers, POSTGRES_URL, startServer, stop, type Running } from './serverProcess.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(60, 2));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? sized(200, 6));
const PANELS = sized(10, 2);
const PASSWORD = 'a quiet river at dawn';
type Op = 'me' | 'list' | 'push' | 'pull';
const MIX: [Op, number][] = [
  ['me', 0.4],
  ['list', 0.2],
  ['push', 0.2],
  ['pull', 0.2],
];

interface Panel {
  token: string;
  code: string;
}

interface Outcome {
  latencies: Record<Op, number[]>;
  errors: number;
  firstErrors: string[];
  written: Map<string, { panel: number; via: number }>;
  calls: number;
  seconds: number;
}

function pick(): Op {
  let r = Math.random();
  for (const [op, share] of MIX) if ((r -= share) < 0) return op;
  return 'me';
}

async function request<T>(url: string, method: string, path: string, panel: Panel, body?: unknown): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${panel.token}`,
      [PANEL_HEADER]: panel.code,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.isSuccess) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope.errorData)}`);
  return envelope.data as T;
}

async function panels(url: string): Promise<Panel[]> {
  const made: Panel[] = [];
  for (let i = 0; i < PANELS; i++) {
    const username = `scale${i}x${Date.now().toString(36)}`;
    const { access_token: token } = await call<LoginData>(url, endpoints.signUp, {
      username,
      password: PASSWORD,
      serviceName: DEFAULT_SERVICE_NAME,
    });
    await call(url, endpoints.registrationProfile, { firstName: 'بار', lastName: `${i}`, publicUserName: 'null' }, token);
    const panel = await call<CurrentPanel>(
      url,
      panelEndpoints.register,
      { name: `بار ${i}`, icon: 'store', modules: ['PanelManagement', 'HumanResource'] },
      token,
    );
    made.push({ token, code: panel.code });
  }
  return made;
}

/** CLIENTS loops for SECONDS; client c works in panel c % PANELS through process c % urls.length. */
async function load(urls: string[], made: Panel[]): Promise<Outcome> {
  const outcome: Outcome = {
    latencies: { me: [], list: [], push: [], pull: [] },
    errors: 0,
    firstErrors: [],
    written: new Map(),
    calls: 0,
    seconds: 0,
  };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const panelIndex = c % PANELS;
      const panel = made[panelIndex]!;
      const via = c % urls.length;
      const url = urls[via]!;
      const clientId = randomUUID();
      let mutationId = 0;
      let cursor = 0;
      while (performance.now() < deadline) {
        const op = pick();
        const t = performance.now();
        try {
          if (op === 'me') await request(url, endpoints.getCurrentUser.method, endpoints.getCurrentUser.path, panel);
          else if (op === 'list') await request(url, 'GET', `${entityPath(Place)}?page=1&pageSize=50`, panel);
          else if (op === 'pull')
            cursor = (await request<PullResponse>(url, 'GET', `${syncEndpoints.pull.path}?cursor=${cursor}&limit=200`, panel)).cursor;
          else {
            const rows = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => randomUUID());
            const mutations: Mutation[] = rows.map((id) => ({
              mutationId: ++mutationId,
              entity: Place.key,
              op: 'create',
              id,
              values: { name: `محل ${id}`, latitude: '35.7', longitude: '51.4', radius: 100 },
            }));
            const answer = await request<PushResponse>(url, syncEndpoints.push.method, syncEndpoints.push.path, panel, {
              clientId,
              mutations,
            });
            const refused = answer.results.filter((r) => r.status !== 'applied');
            if (refused.length) throw new Error(`push refused: ${JSON.stringify(refused[0])}`);
            for (const id of rows) outcome.written.set(id, { panel: panelIndex, via });
          }
          outcome.latencies[op].push(performance.now() - t);
          outcome.calls++;
        } catch (error) {
          outcome.errors++;
          if (outcome.firstErrors.length < 3) outcome.firstErrors.push(String(error).slice(0, 300));
        }
      }
    }),
  );
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

/** Every row written, looked for through the other process: the pull from the start, and the list's total. */
async function check(urls: string[], made: Panel[], outcome: Outcome): Promise<{ lost: number; doubled: number; crossed: number }> {
  let lost = 0;
  let doubled = 0;
  let crossed = 0;
  for (const [index, panel] of made.entries()) {
    const mine = [...outcome.written].filter(([, w]) => w.panel === index);
    const through = urls.length > 1 ? 1 : 0;
    const seen = new Map<string, number>();
    for (let cursor = 0, more = true; more;) {
      const page = await request<PullResponse>(urls[through]!, 'GET', `${syncEndpoints.pull.path}?cursor=${cursor}&limit=2000`, panel);
      for (const change of page.changes) if (change.entity === Place.key) seen.set(change.row.id, (seen.get(change.row.id) ?? 0) + 1);
      cursor = page.cursor;
      more = page.hasMore;
    }
    for (const [id, w] of mine) {
      if (!seen.has(id)) lost++;
      else if (w.via !== through) crossed++;
    }
    doubled += [...seen.values()].filter((n) => n > 1).length;
    const list = await request<{ total: number }>(urls[through]!, 'GET', `${entityPath(Place)}?page=1&pageSize=1`, panel);
    if (list.total !== mine.length) doubled += Math.max(0, list.total - mine.length);
  }
  return { lost, doubled, crossed };
}

const pct = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function report(
  label: string,
  ports: number,
  outcome: Outcome,
  verdict: { lost: number; doubled: number; crossed: number },
  base?: Outcome,
) {
  const rate = outcome.calls / outcome.seconds;
  const all = Object.values(outcome.latencies).flat();
  const vs = base ? ` (${(rate / (base.calls / base.seconds)).toFixed(2)}× one process)` : '';
  console.log(`\n${label}`);
  console.log(
    `  ${Math.round(rate).toLocaleString('en')} calls/s${vs}; p50 ${pct(all, 50).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms; errors ${outcome.errors}`,
  );
  for (const [op, values] of Object.entries(outcome.latencies))
    console.log(
      `    ${op.padEnd(5)} ${values.length.toLocaleString('en').padStart(8)} calls  p50 ${pct(values, 50).toFixed(1).padStart(6)} ms  p99 ${pct(values, 99).toFixed(1).padStart(6)} ms`,
    );
  // Through one port (the cluster) the bench cannot tell which process took a call: no crossing to count.
  const crossing =
    ports > 1
      ? `; written through one process and pulled through the other: ${verdict.crossed.toLocaleString('en')}`
      : ' (one port: which process took a call is not known)';
  console.log(`  rows written ${outcome.written.size.toLocaleString('en')}: lost ${verdict.lost}, doubled ${verdict.doubled}${crossing}`);
  for (const e of outcome.firstErrors) console.log(`  error: ${e}`);
}

type Servers = (databaseUrl: string) => Promise<{ urls: string[]; processes: Running[] }>;

async function run(label: string, servers: Servers, base?: Outcome): Promise<Outcome> {
  let outcome: Outcome | undefined;
  await onPostgres(async (databaseUrl) => {
    const { urls, processes } = await servers(databaseUrl);
    try {
      const made = await panels(urls[0]!);
      outcome = await load(urls, made);
      const found = await check(urls, made, outcome);
      report(label, urls.length, outcome, found, base);
      // A handful of clients meet no limit: a failed call or a lost or doubled row is a broken path.
      if (smoke && (outcome.errors || found.lost || found.doubled))
        throw new Error(`${label}: ${outcome.errors} calls failed, ${found.lost} rows lost, ${found.doubled} doubled`);
    } finally {
      for (const p of processes) await stop(p);
    }
  });
  return outcome!;
}

/** `count` processes on their own ports, or one cluster of `count` on one port. */
const processesOn =
  (count: number, cluster: boolean): Servers =>
  async (databaseUrl) => {
    if (cluster) {
      const primary = await startServer({ DATABASE_URL: databaseUrl, WORKERS: String(count) });
      return { urls: [primary.url], processes: [primary] };
    }
    const processes: Running[] = [];
    for (let i = 0; i < count; i++) processes.push(await startServer({ DATABASE_URL: databaseUrl }));
    return { urls: processes.map((p) => p.url), processes };
  };

if (!(await postgresAnswers(POSTGRES_URL))) {
  console.log(
    `\n*** bench:scale SKIPPED: no PostgreSQL answers at ${POSTGRES_URL}. Several processes share one PostgreSQL; set BENCH_DATABASE_URL. ***\n`,
  );
  process.exit(0);
}
console.log(`bench:scale: ${CLIENTS} clients, ${SECONDS} s a row, ${PANELS} panels; ${machine()}`);
const one = await run('1 process', processesOn(1, false));
await run('2 processes, two ports (as behind a reverse proxy)', processesOn(2, false), one);
await run('2 processes of the cluster, one port (WORKERS=2)', processesOn(2, true), one);
console.log(`\nmachine after: ${machine()}`);
