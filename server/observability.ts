/**
 * What an operator watches: health probes, Prometheus metrics and request ids.
 *
 * - `GET /health/live`: the process answers (200). `GET /health/ready`: the database answers and
 *   holds every migration this build expects (200), else 503 — a load balancer sends no traffic
 *   there. During a stop every answer is 503 (Fastify's return503OnClosing), the probes too.
 * - `GET /metrics` (fastify-metrics over prom-client): requests by method, route pattern and
 *   status (a histogram and a summary of their durations), sync push and pull sizes and times, the
 *   PostgreSQL pool, and the process's own (event-loop lag, memory, CPU, handles). Labels hold route
 *   patterns (`/api/Entity/:id`), never a URL as sent, a user, a panel or a value. Readable with
 *   `Authorization: Bearer $METRICS_TOKEN` when METRICS_TOKEN is set, else from the machine
 *   itself only (the socket's address, never X-Forwarded-For); anyone else gets 403. With a token
 *   set, the token is needed from this machine too: one rule, whatever the network looks like
 *   (in a container, the "machine" is the container).
 * - Each request has an id: a sane `X-Request-Id` from the caller (a proxy's) or a new UUID. The
 *   answer carries it back in `X-Request-Id` and every log line of the request holds it (`reqId`).
 *   A request is logged by method, route pattern and path, its answer by status: no query string
 *   (it may hold a code), no body, no header, no address.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyMetrics from 'fastify-metrics';
import client from 'prom-client';
import { Code } from '../src/contract/codes.ts';
import { sameText } from './auth/keys.ts';
import type { Db } from './db/Db.ts';
import { currentPlan } from './migrationPlan.ts';
import { failure, ok } from './envelope.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The id of a request: the caller's X-Request-Id when it is sane, else a new UUID. */
export function requestId(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** What a log line says about a request and its answer (Fastify's serializers). */
export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: (request.url ?? '').split('?')[0], route: request.routeOptions?.url };
  },
  res(reply: Pick<FastifyReply, 'statusCode'>) {
    return { statusCode: reply.statusCode };
  },
};

/**
 * The process's own metrics (event loop, memory, CPU) are collected once per process, whatever
 * number of apps it holds (tests build many), into a registry of their own.
 */
let processRegistry: client.Registry | undefined;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, prefix: 'pishkhan_' });
  }
  return processRegistry;
}

export interface SyncMetrics {
  pushed(mutations: number, seconds: number): void;
  pulled(changes: number, seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    syncMetrics: SyncMetrics;
  }
}

const SIZE_BUCKETS = [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2000];
const TIME_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function mayReadMetrics(request: FastifyRequest, token: string | null): boolean {
  if (token) {
    return sameText(request.headers.authorization ?? '', `Bearer ${token}`);
  }
  const address = request.raw.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

let expected: Promise<string[]> | undefined;
/** The ids of the migrations this build applies (read once). */
function migrationIds(): Promise<string[]> {
  expected ??= currentPlan().then((plan) => [...plan.platform, ...plan.after].map((m) => m.id));
  return expected;
}

async function databaseReady(db: Db): Promise<boolean> {
  try {
    const applied = new Set((await db.query<{ id: string }>('SELECT id FROM applied_migrations')).map((r) => r.id));
    return (await migrationIds()).every((id) => applied.has(id));
  } catch {
    return false;
  }
}

export async function observability(app: FastifyInstance, options: { db: Db; metricsToken: string | null }): Promise<void> {
  const registry = new client.Registry();
  const { db, metricsToken } = options;

  app.addHook('onSend', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.get('/health/live', { config: { disableMetrics: true } }, async (request) => ok(request, { status: 'live' }, Code.Retrieved));
  app.get('/health/ready', { config: { disableMetrics: true } }, async (request, reply) => {
    if (await databaseReady(db)) return ok(request, { status: 'ready' }, Code.Retrieved);
    return reply.status(503).send(failure(request, Code.DatabaseError));
  });

  await app.register(fastifyMetrics, {
    endpoint: null,
    defaultMetrics: { enabled: false },
    routeMetrics: {
      enabled: true,
      groupStatusCodes: false,
      overrides: {
        histogram: { name: 'pishkhan_http_request_duration_seconds', registers: [registry] },
        summary: { name: 'pishkhan_http_request_summary_seconds', registers: [registry] },
      },
    },
    promClient: client,
  });

  const push = new client.Histogram({
    name: 'pishkhan_sync_push_mutations',
    help: 'mutations per sync push',
    buckets: SIZE_BUCKETS,
    registers: [registry],
  });
  const pushTime = new client.Histogram({
    name: 'pishkhan_sync_push_seconds',
    help: 'time to apply a sync push',
    buckets: TIME_BUCKETS,
    registers: [registry],
  });
  const pull = new client.Histogram({
    name: 'pishkhan_sync_pull_changes',
    help: 'changes per sync pull page',
    buckets: SIZE_BUCKETS,
    registers: [registry],
  });
  const pullTime = new client.Histogram({
    name: 'pishkhan_sync_pull_seconds',
    help: 'time to answer a sync pull',
    buckets: TIME_BUCKETS,
    registers: [registry],
  });
  app.decorate('syncMetrics', {
    pushed(mutations, seconds) {
      push.observe(mutations);
      pushTime.observe(seconds);
    },
    pulled(changes, seconds) {
      pull.observe(changes);
      pullTime.observe(seconds);
    },
  } satisfies SyncMetrics);

  if (db.poolStats) {
    const stats = () => db.poolStats!();
    for (const [name, help, read] of [
      ['pishkhan_db_pool_connections', 'connections the PostgreSQL pool holds', () => stats().total],
      ['pishkhan_db_pool_idle', 'idle connections in the PostgreSQL pool', () => stats().idle],
      ['pishkhan_db_pool_waiting', 'queries waiting for a connection of the pool', () => stats().waiting],
    ] as const) {
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    }
  }

  app.get('/metrics', { config: { disableMetrics: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, metricsToken)) return reply.status(403).send(failure(request, Code.InvalidOperation));
    const merged = client.Registry.merge([processMetrics(), registry]);
    return reply.type(merged.contentType).send(await merged.metrics());
  });
}
