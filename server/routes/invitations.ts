/**
 * The invited person's side of invitations (src/contract/panels.ts): the open ones, and accepting
 * or declining one by the panel's code. No X-Panel-Code: the person is not in the panel yet. An
 * unknown code, someone else's invitation and one that lapsed get the same answer (404, 9101).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { panelEndpoints } from '../../src/contract/panels.ts';
import { requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { answerInvitation, openInvitations } from '../access/invitations.ts';
import { panelCodeFrom, panelUnavailable } from '../panels/panelAccess.ts';
import { panelsOf } from '../panels/panelStore.ts';
import { panelSchemas } from '../apiSchema/panelSchemas.ts';
import { apiPath } from './apiPath.ts';
import { bodyOf, MAX, requiredText } from '../fields.ts';

async function answer(request: FastifyRequest, accept: boolean) {
  const code = panelCodeFrom(requiredText(bodyOf(request), 'code', MAX.field));
  const { db, clock } = request.server.deps;
  const { userId } = request.session;
  const answered = code !== null && (await answerInvitation(db, { userId, code, accept, now: new Date(clock.now()) }));
  if (!answered) throw panelUnavailable();
  if (!accept) return ok(request, null, Code.Done);
  const joined = (await panelsOf(db, userId)).find((p) => p.code === code);
  return ok(request, joined ?? null, Code.Done);
}

export async function registerInvitationRoutes(app: FastifyInstance): Promise<void> {
  const preHandler = requireSession;
  const schemas = panelSchemas();
  app.get(apiPath(panelEndpoints.invitations), { preHandler, schema: schemas.invitations }, async (request) =>
    ok(
      request,
      await openInvitations(request.server.deps.db, request.session.userId, new Date(request.server.deps.clock.now())),
      Code.Retrieved,
    ),
  );
  app.post(apiPath(panelEndpoints.acceptInvitation), { preHandler, schema: schemas.acceptInvitation }, (request) => answer(request, true));
  app.post(apiPath(panelEndpoints.declineInvitation), { preHandler, schema: schemas.declineInvitation }, (request) =>
    answer(request, false),
  );
}
