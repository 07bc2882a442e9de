/** Push and pull (src/contract/sync.ts), scoped to the X-Panel-Code panel. */
import type { FastifyInstance } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { syncEndpoints } from '../../src/contract/sync.ts';
import { requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { requirePanel } from '../panels/panelAccess.ts';
import { parsePull, pullChanges } from '../sync/pullChanges.ts';
import { parsePush, pushMutations } from '../sync/pushMutations.ts';
import { syncSchemas } from '../apiSchema/panelSchemas.ts';
import { apiPath } from './apiPath.ts';

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
    const answer = await pullChanges(request.server.deps.db, request.panel, pull);
    request.server.syncMetrics.pulled(answer.changes.length, (performance.now() - started) / 1000);
    return ok(request, answer, Code.Retrieved);
  });
}
