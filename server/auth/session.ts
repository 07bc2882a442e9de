/**
 * Who is calling. `requireSession` is the preHandler of every authenticated route (account,
 * profile, and the panel and sync routes of other areas): it verifies the bearer access token and,
 * in one database round trip (shared by concurrent requests: sessionBatch.ts), that the session the
 * token names is still live. Anything else is
 * answered 401, which the client takes as "sign in again".
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';
import { keysOf } from './keys.ts';
import { liveSessionRow } from './sessionBatch.ts';
import { verifyAccessToken, type AccessClaims, type TokenSettings } from './tokens.ts';

export interface RequestSession {
  userId: string;
  sessionId: string;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession`; read it only on routes that run that preHandler. */
    session: RequestSession;
  }
}

export function tokenSettings(request: FastifyRequest): TokenSettings {
  const { config } = request.server.deps;
  return { key: keysOf(config.jwtSecret).accessToken, audience: config.serviceName };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,4096})\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** The claims of the request's bearer access token, checked without the database. */
export function bearerClaims(request: FastifyRequest): AccessClaims | null {
  const token = bearerToken(request);
  return token ? verifyAccessToken(tokenSettings(request), token, request.server.deps.clock.now()) : null;
}

/**
 * The caller's user row (the given columns of `users u`) when the bearer token is valid and its
 * session live, in one database round trip (shared with concurrent requests); null otherwise.
 * Routes that need the user anyway use this instead of `requireSession` plus a second query.
 */
export async function liveSessionUser<T>(request: FastifyRequest, columns: string): Promise<T | null> {
  const claims = bearerClaims(request);
  if (!claims) return null;
  const { db, clock } = request.server.deps;
  return liveSessionRow<T>(db, clock, columns, claims.sessionId, claims.userId);
}

/** The caller's live session, or null when there is no valid bearer token or its session ended. */
export async function readSession(request: FastifyRequest): Promise<RequestSession | null> {
  const row = await liveSessionUser<RequestSession>(request, 'u.id AS "userId", s.id AS "sessionId", u.username');
  return row ? { userId: row.userId, sessionId: row.sessionId, username: row.username } : null;
}

/** Fastify preHandler: sets `request.session`, or answers 401. */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const session = await readSession(request);
  if (!session) throw unauthorized();
  request.session = session;
}
