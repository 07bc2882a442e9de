/** Push and pull (src/contract/sync.ts), scoped to the X-Panel-Code panel. */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { requirePanel } from '../panels/panelAccess.ts';
import { parsePull, pullChanges } from '../sync/pullChanges.ts';
import { parsePush, pushMutations } from '../sync/pushMutations.ts';
import { pullSnapshot } from '../sync/pullSnapshot.ts';
import { syncSchemas } from '../apiSchema/panelSchemas.ts';
import { apiPath } from './apiPath.ts';
import { entityByKey } from '../../src/contract/modules.ts';
import { permission } from '../../src/contract/entity.ts';
import { notifyChannel } from '../db/changeLog.ts';
import { findRows } from '../entities/entityStore.ts';
import { rowForCaller } from '../entities/rowScope.ts';
import { AppError, badRequest } from '../errors.ts';
import { bodyOf, requiredText } from '../fields.ts';
import { LiveHub } from '../sync/liveHub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live streams (decision 039). */
    live: LiveHub;
  }
}

/** The `snapshot` parameter (decision 051): only with cursor 0; absent, the log is walked. */
function snapshotOf(query: Record<string, unknown>, cursor: number): string | undefined {
  const snapshot = query.snapshot;
  if (snapshot === undefined) return undefined;
  if (typeof snapshot !== 'string' || cursor !== 0) throw badRequest();
  return snapshot;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function registerSyncRoutes(app: FastifyInstance): Promise<void> {
  const preHandler = [requireSession, requirePanel];
  const schemas = syncSchemas();
  app.post(apiPath(syncEndpoints.push), { preHandler, schema: schemas.push, config: { failureCode: Code.SaveFailed } }, async (request) => {
    const push = parsePush(request.body);
    const started = performance.now();
    const answer = await pushMutations(request, push);
    request.server.syncMetrics.pushed(push.mutations.length, (performance.now() - started) / 1000);
    return ok(request, answer, Code.Processed);
  });
  app.get(apiPath(syncEndpoints.pull), { preHandler, schema: schemas.pull }, async (request) => {
    const pull = parsePull(request.query as Record<string, unknown>);
    const started = performance.now();
    const { db, clock, config } = request.server.deps;
    const windows = { at: new Date(clock.now()), capMonths: config.syncWindowMonths };
    // A first sync that asks for it reads a snapshot of the tables (decision 051); older builds walk the log.
    const snapshot = snapshotOf(request.query as Record<string, unknown>, pull.cursor);
    const answer =
      snapshot === undefined
        ? await pullChanges(db, request.panel, pull, windows)
        : await pullSnapshot(db, request.panel, pull, snapshot, windows);
    request.server.syncMetrics.pulled(answer.changes.length, (performance.now() - started) / 1000);
    return ok(request, answer, Code.Retrieved);
  });

  // The live stream (decision 039): listens from ready to close; a stop ends every stream first,
  // so it never holds the graceful stop open (lifecycle.ts).
  const hub = new LiveHub(app.deps.db, app.deps.clock);
  app.decorate('live', hub);
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.stop());

  app.get(apiPath(syncEndpoints.live), { preHandler, schema: schemas.live }, async (request, reply) => {
    const { db } = request.server.deps;
    const [top] = await db.query<{ c: number }>('SELECT coalesce(max(seq), 0) AS c FROM sync_changes WHERE panel_id = $1', [
      request.panel.id,
    ]);
    // Past the answer's hooks (compression would buffer it); the stream is written by hand.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and its like buffer answers unless told not to.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      // The connection ends with the stream: a stop never waits for it to go idle.
      connection: 'close',
    });
    reply.raw.flushHeaders();
    // An injected request (light-my-request) has a socket without these.
    request.raw.socket.setNoDelay?.(true);
    request.raw.socket.setKeepAlive?.(true);
    hub.add(
      {
        panelId: request.panel.id,
        userId: request.session.userId,
        sessionId: request.session.sessionId,
        access: request.panel,
        response: reply.raw,
        presenceSent: '',
      },
      Number(top?.c ?? 0),
    );
  });

  app.post(apiPath(syncEndpoints.presence), { preHandler, schema: schemas.presence }, async (request) => {
    const body = bodyOf(request);
    const entity = entityByKey(requiredText(body, 'entity', 100));
    const id = requiredText(body, 'id', 36);
    if (!entity || !UUID.test(id) || typeof body.open !== 'boolean') throw badRequest();
    const access = request.panel;
    if (!access.permissions.has(permission(entity, 'read'))) throw new AppError(Code.InvalidOperation, 403);
    const { db } = request.server.deps;
    const [row] = await findRows(db, entity, access.id, [id]);
    // A row the caller may not read is answered as one that does not exist.
    if (!row || !rowForCaller(entity, access, row)) throw new AppError(Code.NotFound, 404);
    await notifyChannel(db, {
      p: access.id,
      c: 0,
      presence: {
        e: entity.key,
        r: id.toLowerCase(),
        u: request.session.userId,
        n: access.actorName,
        s: request.session.sessionId,
        ...(body.open ? {} : { off: 1 as const }),
      },
    });
    return ok(request, null, Code.Processed);
  });
}
