/**
 * The password side of the account (spec section 7): login, sign-up, token refresh, logout and
 * changing the password while signed in. Wire names are the spec's, casing included.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { USERNAME_PATTERN } from '../../src/contract/profile.ts';
import { recordActivity } from '../account/activity.ts';
import { createUser, findUserById, findUserByUsername, nameTaken, setPassword } from '../account/users.ts';
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { guardLogin, guardSignUp } from '../auth/rateLimit.ts';
import { readSession, requireSession } from '../auth/session.ts';
import { revokeByRefreshToken, revokeSession, revokeUserSessions, rotateRefreshToken } from '../auth/sessionStore.ts';
import { ok } from '../envelope.ts';
import { AppError, badRequest, unauthorized } from '../errors.ts';
import { accountSchemas as schemas } from '../apiSchema/accountSchemas.ts';
import { apiPath } from './apiPath.ts';
import { bodyOf, MAX, requiredText, type Fields } from '../fields.ts';
import { issueContext, startLogin } from './loginSession.ts';

/** Login and sign-up name the service; another service's name is answered 101. */
export function checkServiceName(request: FastifyRequest, fields: Fields, field: string): void {
  const serviceName = requiredText(fields, field, MAX.serviceName);
  if (serviceName !== request.server.deps.config.serviceName) throw new AppError(Code.InvalidServiceOrIncompleteProfile);
}

/** A new password must pass the length and common-password rules and match its confirmation. */
export function checkNewPassword(password: string, confirmation: string): void {
  if (password !== confirmation || passwordProblem(password)) throw badRequest();
}

async function login(request: FastifyRequest) {
  const body = bodyOf(request);
  const username = requiredText(body, 'username', MAX.username);
  const password = requiredText(body, 'password', MAX.password);
  checkServiceName(request, body, 'serviceName');
  const { db, clock } = request.server.deps;
  const tokens = await guardLogin(request, { username }, async () => {
    const user = await findUserByUsername(db, username);
    // Unknown user and wrong password take the same path and time, and give the same answer.
    const valid = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !valid) throw new AppError(Code.WrongCredentials);
    if (needsRehash(user.password_hash)) await setPassword(db, user.id, await hashPassword(password), clock.now());
    return startLogin(request, user.id, 'login');
  });
  return ok(request, tokens);
}

async function signUp(request: FastifyRequest) {
  const body = bodyOf(request);
  const username = requiredText(body, 'username', MAX.username).trim();
  const password = requiredText(body, 'password', MAX.password);
  checkServiceName(request, body, 'serviceName');
  if (!USERNAME_PATTERN.test(username) || passwordProblem(password)) throw badRequest();
  const { db, clock } = request.server.deps;
  const userId = await guardSignUp(request, async () => {
    if (await nameTaken(db, username)) throw new AppError(Code.UserExists);
    return createUser(db, username, await hashPassword(password), clock.now());
  });
  if (!userId) throw new AppError(Code.UserExists);
  return ok(request, await startLogin(request, userId, 'signup'), Code.Created);
}

async function refreshToken(request: FastifyRequest) {
  const token = requiredText(bodyOf(request), 'refreshToken', MAX.token);
  const result = await rotateRefreshToken(issueContext(request), token);
  if ('refused' in result) {
    if (result.refused === 'reuse') request.log.warn('a used refresh token was presented again; its session is revoked');
    throw unauthorized();
  }
  return ok(request, result.tokens);
}

/** Ends the refresh token's session, and the bearer's when one comes along; unknown tokens are fine. */
async function logout(request: FastifyRequest) {
  const token = requiredText(bodyOf(request), 'refreshToken', MAX.token);
  const { db, clock } = request.server.deps;
  const now = clock.now();
  const bearer = await readSession(request);
  const userId = await revokeByRefreshToken(db, token, now);
  const bearerEnded = bearer ? await revokeSession(db, bearer.sessionId, 'logout', now) : false;
  const who = userId ?? (bearerEnded ? bearer!.userId : null);
  if (who) await recordActivity(db, who, 'logout', now);
  return ok(request, null);
}

/** Changing the password while signed in ends every other session of the account. */
async function resetPassword(request: FastifyRequest) {
  const body = bodyOf(request);
  const oldPassword = requiredText(body, 'oldPassword', MAX.password);
  const newPassword = requiredText(body, 'newPassword', MAX.password);
  checkNewPassword(newPassword, requiredText(body, 'confirmPassword', MAX.password));
  const { db, clock } = request.server.deps;
  const { userId, sessionId, username } = request.session;
  await guardLogin(request, { username }, async () => {
    const user = await findUserById(db, userId);
    if (!(await verifyPassword(user?.password_hash ?? null, oldPassword))) throw new AppError(Code.WrongCredentials);
  });
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  await db.transaction(async (tx) => {
    await setPassword(tx, userId, passwordHash, now);
    await revokeUserSessions(tx, userId, sessionId, 'password_change', now);
    await recordActivity(tx, userId, 'password_change', now);
  });
  return ok(request, null, Code.Updated);
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.post(apiPath(endpoints.login), { schema: schemas.login }, login);
  app.post(apiPath(endpoints.signUp), { schema: schemas.signUp }, async (request, reply) => {
    const answer = await signUp(request);
    return reply.status(201).send(answer);
  });
  app.put(apiPath(endpoints.refreshToken), { schema: schemas.refreshToken }, refreshToken);
  app.put(apiPath(endpoints.logout), { schema: schemas.logout }, logout);
  app.put(apiPath(endpoints.resetPassword), { preHandler: requireSession, schema: schemas.resetPassword }, resetPassword);
}
