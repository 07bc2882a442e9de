/**
 * What every successful login path (password, sign-up, mobile code) ends with: a new session,
 * its first token pair, and the event in the account's history.
 */
import type { FastifyRequest } from 'fastify';
import type { LoginData } from '../../src/contract/envelope.ts';
import { recordActivity, type ActivityKind } from '../account/activity.ts';
import { openSession, type IssueContext } from '../auth/sessionStore.ts';
import { tokenSettings } from '../auth/session.ts';

export function issueContext(request: FastifyRequest): IssueContext {
  const { db, clock } = request.server.deps;
  return { db, clock, tokens: tokenSettings(request) };
}

export async function startLogin(request: FastifyRequest, userId: string, kind: ActivityKind): Promise<LoginData> {
  const ctx = issueContext(request);
  const tokens = await openSession(ctx, userId);
  await recordActivity(ctx.db, userId, kind, ctx.clock.now());
  return tokens;
}
