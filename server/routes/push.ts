/**
 * Web push subscriptions (decision 040): the server's public key, and a device subscribing or
 * unsubscribing for the signed-in person. A subscription belongs to the session that made it, so
 * signing out on that device removes it (server/auth/sessionStore.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/codes.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { accountSchemas as schemas } from '../apiSchema/accountSchemas.ts';
import { requireSession } from '../auth/session.ts';
import { ok } from '../envelope.ts';
import { badRequest } from '../errors.ts';
import { bodyOf, requiredText } from '../fields.ts';
import { pushService, removeSubscription, saveSubscription } from '../notifications/push.ts';
import { apiPath } from './apiPath.ts';

/** A push service's address: https (http only on this machine, for a local stand-in). */
function readEndpoint(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw badRequest();
  }
  const local = parsed.protocol === 'http:' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(parsed.hostname);
  if (parsed.protocol !== 'https:' && !local) throw badRequest();
  return parsed.toString();
}

/** A base64url key of the subscription: the device's P-256 key is 65 bytes, its auth secret 16. */
function readKey(fields: Record<string, unknown>, name: string, bytes: number): string {
  const value = requiredText(fields, name, 200);
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value) || Buffer.from(value, 'base64url').length !== bytes) throw badRequest();
  return value.replace(/=+$/, '');
}

async function publicKey(request: FastifyRequest) {
  const push = pushService();
  if (!push) throw badRequest();
  return ok(request, { publicKey: push.keys.publicKey }, Code.Retrieved);
}

async function subscribe(request: FastifyRequest) {
  const body = bodyOf(request);
  const endpoint = readEndpoint(requiredText(body, 'endpoint', 2048));
  const keys = typeof body.keys === 'object' && body.keys !== null ? (body.keys as Record<string, unknown>) : {};
  const subscription = {
    endpoint,
    p256dh: readKey(keys, 'p256dh', 65),
    auth: readKey(keys, 'auth', 16),
    lang: body.lang === 'en' ? ('en' as const) : ('fa' as const),
  };
  const { db, clock } = request.server.deps;
  await saveSubscription(db, request.session, subscription, new Date(clock.now()));
  return ok(request, null, Code.Saved);
}

async function unsubscribe(request: FastifyRequest) {
  const endpoint = requiredText(bodyOf(request), 'endpoint', 2048);
  await removeSubscription(request.server.deps.db, request.session.userId, endpoint);
  return ok(request, null, Code.Deleted);
}

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const preHandler = requireSession;
  app.get(apiPath(endpoints.pushPublicKey), { schema: schemas.pushPublicKey }, publicKey);
  app.post(apiPath(endpoints.pushSubscribe), { preHandler, schema: schemas.pushSubscribe }, subscribe);
  app.post(apiPath(endpoints.pushUnsubscribe), { preHandler, schema: schemas.pushUnsubscribe }, unsubscribe);
}
