/**
 * Developer tools, registered only with DEV_TOOLS=1 (otherwise these paths answer 404), which the
 * configuration refuses in production and off loopback: the spec's lookup of a user by username,
 * and the codes the log sender "sent", which end-to-end tests read instead of a phone. Even so,
 * only a signed-in caller gets an answer. And the modules' scheduled jobs run at once, instead of
 * at their next tick, so an end-to-end test need not wait a minute for the tax system's sending.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { toCurrentUser } from '../account/profileFields.ts';
import { findUserByUsername, loadProfile } from '../account/users.ts';
import { requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { AppError } from '../errors.ts';
import { accountSchemas as schemas } from '../apiSchema/accountSchemas.ts';
import { apiPath } from './apiPath.ts';
import { MAX, queryOf, requiredText } from '../fields.ts';
import { readMobile } from './mobileAccount.ts';
import { moduleJobs } from '../modules/serverModule.ts';

async function getUserByUsername(request: FastifyRequest) {
  const username = requiredText(queryOf(request), 'username', MAX.username);
  const { db } = request.server.deps;
  const user = await findUserByUsername(db, username);
  const row = user && (await loadProfile(db, user.id));
  if (!user || !row) throw new AppError(Code.UserNotFound, 404);
  return ok(request, { id: user.id, registered: row.registered, ...toCurrentUser(row) }, Code.Retrieved);
}

/** Oldest first; empty when the configured sender keeps no outbox (the HTTP sender). */
async function smsOutbox(request: FastifyRequest) {
  const mobile = readMobile(queryOf(request), 'mobile');
  return ok(request, request.server.deps.sms.outbox?.forMobile(mobile) ?? [], Code.Retrieved);
}

/** One after another; a job that another process's tick holds (its advisory lock) answers what it returns then (null). */
async function runJobs(request: FastifyRequest) {
  const { db, config, clock } = request.server.deps;
  const answers = [];
  for (const job of moduleJobs()) answers.push({ name: job.name, result: (await job.run({ db, config }, new Date(clock.now()))) ?? null });
  return ok(request, answers, Code.Retrieved);
}

export async function devRoutes(app: FastifyInstance): Promise<void> {
  const preHandler = requireSession;
  app.get(apiPath(endpoints.getUserByUsername), { preHandler, schema: schemas.getUserByUsername }, getUserByUsername);
  app.get(apiPath(endpoints.devSmsOutbox), { preHandler, schema: schemas.devSmsOutbox }, smsOutbox);
  app.post(apiPath(endpoints.devRunJobs), { preHandler, schema: schemas.devRunJobs }, runJobs);
}
