/**
 * The mobile side of the account (spec section 7): sending a code, logging in with it, and
 * resetting a forgotten password with it. Codes are bound to their purpose; failures on the
 * login paths count against the username, the number and the address.
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
import { readSession } from '../auth/session.ts';
import { revokeUserSessions } from '../auth/sessionStore.ts';
import { codePurposes, type CodePurpose } from '../auth/sms.ts';
import { ok } from '../envelope.ts';
import { AppError, badRequest, tooManyRequests, unauthorized } from '../errors.ts';
import { checkNewPassword, checkServiceName } from './account.ts';
import { accountSchemas as schemas } from '../apiSchema/accountSchemas.ts';
import { apiPath } from './apiPath.ts';
import { bodyOf, MAX, optionalText, requiredText, type Fields } from './fields.ts';
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

/** The account that has verified `mobile`, matching `userName` when one was given; else 110. */
async function accountOf(request: FastifyRequest, mobile: string, userName: string | undefined): Promise<LoginUser> {
  const user = await findUserByVerifiedMobile(request.server.deps.db, mobile);
  const nameMatches = !userName || user?.username.toLowerCase() === userName.trim().toLowerCase();
  if (!user || !nameMatches) throw new AppError(Code.UserNotFound);
  return user;
}

/**
 * Without `purpose`, a signed-in caller is verifying a number and anyone else is logging in.
 * Login and reset codes go only to numbers an account has verified (else 110); a verify code
 * goes to a new number too, unless another account has verified it (9107).
 */
async function sendVerifiedCode(request: FastifyRequest) {
  const body = bodyOf(request);
  const mobile = readMobile(body, 'mobile');
  const asked = readPurpose(body);
  const session = await readSession(request);
  const purpose = asked ?? (session ? 'verify' : 'login');
  const { db, clock, config, sms } = request.server.deps;
  let userId: string | null = null;
  if (purpose === 'verify') {
    if (!session) throw unauthorized();
    const owner = await findUserByVerifiedMobile(db, mobile);
    if (owner && owner.id !== session.userId) throw new AppError(Code.AlreadyExists, 400, mobile);
    userId = session.userId;
  } else {
    // Only the address is counted here: asking about many numbers is how accounts are enumerated.
    await guardLogin(request, {}, () => accountOf(request, mobile, undefined));
  }
  const issued = await issueCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose, userId }, request.ip, clock.now());
  if ('retryAfterMs' in issued) throw tooManyRequests(issued.retryAfterMs / 1000);
  try {
    await sms.send({ mobile, code: issued.code, purpose, lang: request.lang });
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
    const user = await accountOf(request, mobile, userName);
    await consumeCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose: 'login' }, code, clock.now());
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
    const user = await accountOf(request, mobile, userName);
    await consumeCode(db, keysOf(config.jwtSecret).smsCode, { mobile, purpose: 'reset' }, code, clock.now());
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
