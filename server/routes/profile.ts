/**
 * The signed-in person's profile (spec section 7): reading it (101 until the registration profile
 * exists), registering it, updating all of it or only the complete-profile subset, verifying a
 * mobile number, and the account's own activity for the dashboard.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { activityByDay, recordActivity } from '../account/activity.ts';
import { profileColumnsSql, readProfileChanges, toCurrentUser, type ProfileChanges, type ProfileRow } from '../account/profileFields.ts';
import { nameTaken, setVerifiedMobile, updateProfile } from '../account/users.ts';
import { consumeCode } from '../auth/codes.ts';
import { keysOf } from '../auth/keys.ts';
import { liveSessionUser, requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { AppError, badRequest, unauthorized } from '../errors.ts';
import { accountSchemas as schemas } from '../apiSchema/accountSchemas.ts';
import { apiPath } from './apiPath.ts';
import { bodyOf } from '../fields.ts';
import { readCode, readMobile } from './mobileAccount.ts';

/** The busiest authenticated call: session check and profile in one round trip. */
async function getCurrentUser(request: FastifyRequest) {
  const row = await liveSessionUser<ProfileRow>(request, profileColumnsSql);
  if (!row) throw unauthorized();
  if (!row.registered) throw new AppError(Code.InvalidServiceOrIncompleteProfile);
  return ok(request, toCurrentUser(row), Code.Retrieved);
}

/**
 * 123 for a public name someone else uses (as a name or a username). A number is not checked: a
 * profile's number is only a claim until verified, so two may name one number, and saying that
 * another account holds it would tell anyone whose number it is (issue 23).
 */
async function checkUniqueness(request: FastifyRequest, changes: ProfileChanges): Promise<void> {
  const { db } = request.server.deps;
  const publicName = changes.get('publicUserName');
  if (publicName && (await nameTaken(db, publicName, request.session.userId))) throw new AppError(Code.UsernameTaken);
}

async function saveProfile(request: FastifyRequest, changes: ProfileChanges, code: number) {
  await checkUniqueness(request, changes);
  const { db, clock } = request.server.deps;
  const now = clock.now();
  const row = await updateProfile(db, request.session.userId, changes, now);
  await recordActivity(db, request.session.userId, 'profile_update', now);
  return ok(request, toCurrentUser(row), code);
}

function today(request: FastifyRequest): Date {
  return new Date(request.server.deps.clock.now());
}

async function registrationProfile(request: FastifyRequest) {
  const changes = readProfileChanges(bodyOf(request), today(request));
  if (!changes.get('firstName') || !changes.get('lastName')) throw badRequest();
  return saveProfile(request, changes, Code.Saved);
}

/**
 * Whatever profile fields come along are changed; the rest stay (so the subset alone works). The
 * spec's update body always carries `publicUserName` as "" (section 3), so on update "" (or "null")
 * leaves the public name as it is; a name is set at registration, or by a non-empty value here.
 */
async function updateProfileRoute(request: FastifyRequest) {
  const changes = readProfileChanges(bodyOf(request), today(request));
  if (changes.get('publicUserName') === null) changes.delete('publicUserName');
  return saveProfile(request, changes, Code.Updated);
}

async function verifyPhoneNumber(request: FastifyRequest) {
  const body = bodyOf(request);
  const mobile = readMobile(body, 'mobile');
  const code = readCode(body, 'code');
  const { db, clock, config } = request.server.deps;
  const { userId } = request.session;
  // The code first: only who holds the phone learns that another account has verified it (9107).
  await consumeCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose: 'verify', userId }, code, clock.now());
  await setVerifiedMobile(db, userId, mobile, clock.now());
  await recordActivity(db, userId, 'mobile_verify', clock.now());
  return ok(request, null, Code.Updated);
}

async function activity(request: FastifyRequest) {
  const { db, clock } = request.server.deps;
  return ok(request, await activityByDay(db, request.session.userId, clock.now()), Code.Retrieved);
}

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const preHandler = requireSession;
  // The session is checked inside, in the same round trip as the profile (schema says bearer).
  app.get(apiPath(endpoints.getCurrentUser), { schema: schemas.getCurrentUser }, getCurrentUser);
  app.post(
    apiPath(endpoints.registrationProfile),
    { preHandler, schema: schemas.registrationProfile, config: { failureCode: Code.SaveFailed } },
    registrationProfile,
  );
  app.put(apiPath(endpoints.updateProfile), { preHandler, schema: schemas.updateProfile }, updateProfileRoute);
  app.post(apiPath(endpoints.verifyPhoneNumber), { preHandler, schema: schemas.verifyPhoneNumber }, verifyPhoneNumber);
  app.get(apiPath(endpoints.myActivity), { preHandler, schema: schemas.myActivity }, activity);
}
