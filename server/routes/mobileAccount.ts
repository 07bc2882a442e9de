/**
 * The mobile side of the account (spec section 7): sending a code, logging in with it, and
 * resetting a forgotten password with it. Codes are bound to their purpose; failures on the
 * login paths count against the username, the number and the address. No answer tells whether an
 * account has a number (issue 23).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { normalizeMobile, toAsciiDigits } from '../../src/contract/normalize.ts';
import { recordActivity } from '../account/activity.ts';
import { findUserByVerifiedMobile, setPassword, type LoginUser } from '../account/users.ts';
import { consumeCode, issueCode } from '../auth/codes.ts';
import { keysOf } from '../auth/keys.ts';
import { hashPassword } from '../auth/passwords.ts';
import { guardLogin } from '../auth/rateLimit.ts';
import { reserve, throttleKey, type Limit } from '../auth/throttle.ts';
import { readSession } from '../auth/session.ts';
import { revokeUserSessions } from '../auth/sessionStore.ts';
import { codePurposes, type CodePurpose } from '../auth/sms.ts';
import { ok } from '../envelope.ts';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../errors.ts';
import { checkNewPassword, checkServiceName } from './account.ts';
import { accountSchemas as schemas } from '../apiSchema/accountSchemas.ts';
import { apiPath } from './apiPath.ts';
import { bodyOf, MAX, optionalText, requiredText, type Fields } from '../fields.ts';
import { startLogin } from './loginSession.ts';

export function readMobile(fields: Fields, name: string): string {
  const mobile = normalizeMobile(requiredText(fields, name, MAX.mobile));
  if (!mobile) throw new AppError(Code.InvalidMobile);
  return mobile;
}

export function readCode(fields: Fields, name: string): string {
  return toAsciiDigits(requiredText(fields, name, MAX.code)).trim();
}

function readPurpose(fields: Fields): CodePurpose | undefined {
  const purpose = optionalText(fields, 'purpose', 16);
  if (purpose === undefined) return undefined;
  if (!(codePurposes as readonly string[]).includes(purpose)) throw badRequest();
  return purpose as CodePurpose;
}

/**
 * The account that has verified `mobile`, matching `userName` when one was given. Asked only
 * after the code was right, and answered like a wrong code (112) when there is none: a caller
 * who does not hold the number learns nothing about it.
 */
async function accountOf(request: FastifyRequest, mobile: string, userName: string | undefined): Promise<LoginUser> {
  const user = await findUserByVerifiedMobile(request.server.deps.db, mobile);
  const nameMatches = !userName || user?.username.toLowerCase() === userName.trim().toLowerCase();
  if (!user || !nameMatches) throw new AppError(Code.CodeInvalid);
  return user;
}

/** Verify codes a signed-in person may ask for in an hour, whatever the numbers. */
export const verifySendLimit: Limit = { prefix: 'verify-send', maxFailures: 5, windowMs: 60 * 60_000, slowAfter: Number.POSITIVE_INFINITY };

/**
 * Without `purpose`, a signed-in caller is verifying a number and anyone else is logging in.
 * The answer never says whether an account has the number (issue 23): a login or reset code is
 * issued and counted against the number's and the address's limits either way, and sent only when
 * an account has verified the number, after the answer (so the gateway's time tells nothing
 * either). A verify code goes to any number, within the person's own hourly limit; that someone
 * else holds it is said only to whoever proves they hold the phone (VerifyPhoneNumber, 9107).
 */
async function sendVerifiedCode(request: FastifyRequest) {
  const body = bodyOf(request);
  const mobile = readMobile(body, 'mobile');
  const asked = readPurpose(body);
  const session = await readSession(request);
  const purpose = asked ?? (session ? 'verify' : 'login');
  const { db, clock, config, sms } = request.server.deps;
  let userId: string | null = null;
  let deliver: boolean;
  if (purpose === 'verify') {
    if (!session) throw unauthorized();
    userId = session.userId;
    const reservation = await reserve(db, [throttleKey(verifySendLimit, userId)], clock.now());
    if (reservation.blockedForMs > 0) throw tooManyRequests(reservation.blockedForMs / 1000);
    deliver = true;
  } else {
    // Only the address is counted here: the same for every number, known or not.
    deliver = await guardLogin(request, {}, async () => (await findUserByVerifiedMobile(db, mobile)) !== null);
  }
  const issued = await issueCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose, userId }, request.ip, clock.now());
  if ('retryAfterMs' in issued) throw tooManyRequests(issued.retryAfterMs / 1000);
  const message = { mobile, code: issued.code, purpose, lang: request.lang };
  if (purpose !== 'verify') {
    if (deliver) sms.send(message).catch((error: unknown) => request.log.error({ err: error }, 'the SMS could not be sent'));
    return ok(request, null);
  }
  try {
    await sms.send(message);
  } catch (error) {
    request.log.error({ err: error }, 'the SMS could not be sent');
    throw new AppError(Code.ProcessingProblem, 502);
  }
  return ok(request, null);
}

async function loginByMobile(request: FastifyRequest) {
  const body = bodyOf(request);
  const userName = optionalText(body, 'UserName', MAX.username);
  const mobile = readMobile(body, 'Mobile');
  const code = readCode(body, 'Code');
  checkServiceName(request, body, 'ServiceName');
  const { db, clock, config } = request.server.deps;
  const tokens = await guardLogin(request, { username: userName, mobile }, async () => {
    await consumeCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose: 'login' }, code, clock.now());
    const user = await accountOf(request, mobile, userName);
    return startLogin(request, user.id, 'login_mobile');
  });
  return ok(request, tokens);
}

/** A forgotten password, reset with a code sent to the account's number; every session ends. */
async function resetPasswordByMobile(request: FastifyRequest) {
  const body = bodyOf(request);
  const userName = optionalText(body, 'UserName', MAX.username);
  const mobile = readMobile(body, 'mobile');
  const code = readCode(body, 'code');
  const newPassword = requiredText(body, 'newPassword', MAX.password);
  checkNewPassword(newPassword, requiredText(body, 'confirmPassword', MAX.password));
  const { db, clock, config } = request.server.deps;
  await guardLogin(request, { username: userName, mobile }, async () => {
    await consumeCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose: 'reset' }, code, clock.now());
    const user = await accountOf(request, mobile, userName);
    const passwordHash = await hashPassword(newPassword);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await setPassword(tx, user.id, passwordHash, now);
      await revokeUserSessions(tx, user.id, null, 'password_reset', now);
      await recordActivity(tx, user.id, 'password_reset', now);
    });
  });
  return ok(request, null, Code.Updated);
}

export async function mobileAccountRoutes(app: FastifyInstance): Promise<void> {
  app.post(apiPath(endpoints.sendVerifiedCode), { schema: schemas.sendVerifiedCode }, sendVerifiedCode);
  app.post(apiPath(endpoints.loginByMobile), { schema: schemas.loginByMobile }, loginByMobile);
  app.put(apiPath(endpoints.resetPasswordByMobile), { schema: schemas.resetPasswordByMobile }, resetPasswordByMobile);
}
