/**
 * Login sessions and their refresh-token families. A login opens a session with an absolute
 * expiry; each refresh uses up the presented token and issues the next one (valid a week of
 * inactivity, never past the session's end). Presenting a token already used means it was copied:
 * the whole family is revoked. Ending a session ends its access tokens too, because
 * `requireSession` checks the session on every request.
 */
import type { LoginData } from '../../src/contract/envelope.ts';
import { prepared, type Queryable } from '../db/Db.ts';
import type { Clock } from '../clock.ts';
import { hashRefreshToken, newRefreshToken, signAccessToken, type TokenSettings } from './tokens.ts';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 30 * DAY;
export const REFRESH_IDLE_MS = 7 * DAY;

export type RevokeReason = 'logout' | 'reuse' | 'password_change' | 'password_reset';

export interface IssueContext {
  db: Queryable;
  clock: Clock;
  tokens: TokenSettings;
}

/** Opens a session for `userId` and answers its first token pair. */
export async function openSession(ctx: IssueContext, userId: string): Promise<LoginData> {
  const now = ctx.clock.now();
  const refreshToken = newRefreshToken();
  const [session] = await ctx.db.query<{ id: string }>(openSessionStatement, [
    userId,
    new Date(now),
    new Date(now + SESSION_MAX_AGE_MS),
    hashRefreshToken(refreshToken),
    new Date(now + REFRESH_IDLE_MS),
  ]);
  const access_token = signAccessToken(ctx.tokens, { userId, sessionId: session!.id }, now);
  return { access_token, refresh_token: refreshToken };
}

const openSessionStatement = prepared(
  `WITH s AS (
     INSERT INTO sessions (user_id, created_at, expires_at) VALUES ($1, $2, $3) RETURNING id, expires_at
   )
   INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at)
   SELECT $4, s.id, $2, LEAST(s.expires_at, $5) FROM s
   RETURNING session_id AS id`,
);

export type RotateResult = { tokens: LoginData; userId: string } | { refused: 'unknown' | 'reuse' };

/**
 * Uses up `refreshToken` and answers the next pair, in one statement so two processes cannot
 * both use one token. A token that was already used revokes its family.
 */
export async function rotateRefreshToken(ctx: IssueContext, refreshToken: string): Promise<RotateResult> {
  const now = ctx.clock.now();
  const next = newRefreshToken();
  const [rotated] = await ctx.db.query<{ session_id: string; user_id: string }>(rotateStatement, [
    hashRefreshToken(refreshToken),
    new Date(now),
    hashRefreshToken(next),
    new Date(now + REFRESH_IDLE_MS),
  ]);
  if (rotated) {
    const access_token = signAccessToken(ctx.tokens, { userId: rotated.user_id, sessionId: rotated.session_id }, now);
    return { tokens: { access_token, refresh_token: next }, userId: rotated.user_id };
  }
  const revoked = await ctx.db.query(reuseStatement, [hashRefreshToken(refreshToken), new Date(now)]);
  return { refused: revoked.length ? 'reuse' : 'unknown' };
}

const rotateStatement = prepared(
  `WITH used AS (
     UPDATE refresh_tokens r SET used_at = $2
     FROM sessions s
     WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2
       AND s.id = r.session_id AND s.revoked_at IS NULL AND s.expires_at > $2
     RETURNING r.session_id, s.user_id, s.expires_at
   ), fresh AS (
     INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at)
     SELECT $3, session_id, $2, LEAST(expires_at, $4) FROM used
   ), activity AS (
     INSERT INTO user_activity (user_id, kind, at) SELECT user_id, 'refresh', $2 FROM used
   )
   SELECT session_id, user_id FROM used`,
);

const reuseStatement = prepared(
  `UPDATE sessions s SET revoked_at = $2, revoke_reason = 'reuse'
   FROM refresh_tokens r
   WHERE r.token_hash = $1 AND r.used_at IS NOT NULL AND s.id = r.session_id AND s.revoked_at IS NULL
   RETURNING s.id`,
);

/** Ends the session `refreshToken` belongs to (used or not); answers its user, if it was live. */
export async function revokeByRefreshToken(db: Queryable, refreshToken: string, now: number): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    `WITH ended AS (
       UPDATE sessions s SET revoked_at = $2, revoke_reason = 'logout'
       FROM refresh_tokens r
       WHERE r.token_hash = $1 AND s.id = r.session_id AND s.revoked_at IS NULL
       RETURNING s.id, s.user_id
     ), unpushed AS (DELETE FROM push_subscriptions WHERE session_id IN (SELECT id FROM ended))
     SELECT user_id FROM ended`,
    [hashRefreshToken(refreshToken), new Date(now)],
  );
  return row?.user_id ?? null;
}

export async function revokeSession(db: Queryable, sessionId: string, reason: RevokeReason, now: number): Promise<boolean> {
  const rows = await db.query(
    `WITH ended AS (UPDATE sessions SET revoked_at = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING id),
     unpushed AS (DELETE FROM push_subscriptions WHERE session_id IN (SELECT id FROM ended))
     SELECT id FROM ended`,
    [sessionId, new Date(now), reason],
  );
  return rows.length > 0;
}

/** Ends every live session of `userId` except `keep` (null ends them all). */
export async function revokeUserSessions(
  db: Queryable,
  userId: string,
  keep: string | null,
  reason: RevokeReason,
  now: number,
): Promise<number> {
  const rows = await db.query(
    `WITH ended AS (
       UPDATE sessions SET revoked_at = $3, revoke_reason = $4
       WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2)
       RETURNING id
     ), unpushed AS (DELETE FROM push_subscriptions WHERE session_id IN (SELECT id FROM ended))
     SELECT id FROM ended`,
    [userId, keep, new Date(now), reason],
  );
  return rows.length;
}
