/**
 * SMS verification codes: six digits from a CSPRNG, kept only as a keyed hash (with the SMS-code
 * key derived from the server secret: keys.ts), valid two minutes, single use, bound to a number
 * and a purpose (a login code cannot reset a password). Tries are counted per number and purpose
 * over an hour, each reserved before the code is compared, so concurrent guesses cannot outrun
 * the count, and asking for a new code does not buy more. Sending is limited per number and per
 * address: one a minute, five an hour.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Code } from '../../src/contract/codes.ts';
import { SMS_CODE_LENGTH } from '../../src/contract/service.ts';
import type { Db, Queryable } from '../db/Db.ts';
import { AppError } from '../errors.ts';
import type { CodePurpose } from './sms.ts';
import { clear, refund, reserve, throttleKey, type Limit } from './throttle.ts';

const MINUTE = 60_000;
export const CODE_TTL_MS = 2 * MINUTE;
export const RESEND_GAP_MS = MINUTE;
export const SEND_WINDOW_MS = 60 * MINUTE;
export const SENDS_PER_WINDOW = 5;

export const codeAttemptLimit: Limit = {
  prefix: 'code',
  maxFailures: 5,
  windowMs: 60 * MINUTE,
  slowAfter: Number.POSITIVE_INFINITY,
};

export interface CodeTarget {
  mobile: string;
  purpose: CodePurpose;
  /** The signed-in person a 'verify' code belongs to. */
  userId?: string | null;
}

function codeHash(key: Buffer, target: CodeTarget, code: string): Buffer {
  return createHmac('sha256', key).update(`${target.purpose}:${target.mobile}:${code}`).digest();
}

function attemptsKey(target: CodeTarget) {
  return throttleKey(codeAttemptLimit, `${target.purpose}:${target.mobile}`);
}

interface SendCounts {
  count: number;
  first: Date | null;
  /** The last code for the same purpose. */
  last: Date | null;
}

/** How long `counts` must wait before another send: the minute gap, then the hourly cap. */
function waitFor(counts: SendCounts, now: number): number {
  let wait = 0;
  if (counts.last) wait = counts.last.getTime() + RESEND_GAP_MS - now;
  if (counts.count >= SENDS_PER_WINDOW && counts.first) {
    wait = Math.max(wait, counts.first.getTime() + SEND_WINDOW_MS - now);
  }
  return Math.max(0, wait);
}

/**
 * How long a send to `target` from `address` must wait: a minute after the last code of the same
 * purpose (a verify code does not hold up the login code asked right after it), and the hourly
 * cap over every purpose, per number and per address.
 */
async function sendWait(tx: Queryable, target: CodeTarget, address: string, now: number): Promise<number> {
  const [row] = await tx.query<{
    by_mobile: number;
    first_mobile: Date | null;
    last_mobile: Date | null;
    by_address: number;
    first_address: Date | null;
    last_address: Date | null;
  }>(
    `SELECT count(*) FILTER (WHERE mobile = $1)::int AS by_mobile,
            min(sent_at) FILTER (WHERE mobile = $1) AS first_mobile,
            max(sent_at) FILTER (WHERE mobile = $1 AND same_purpose) AS last_mobile,
            count(*) FILTER (WHERE address = $2)::int AS by_address,
            min(sent_at) FILTER (WHERE address = $2) AS first_address,
            max(sent_at) FILTER (WHERE address = $2 AND same_purpose) AS last_address
     FROM (SELECT mobile, address, sent_at, purpose IS NULL OR purpose = $4 AS same_purpose FROM sms_sends
           WHERE (mobile = $1 OR address = $2) AND sent_at > $3) AS recent`,
    [target.mobile, address, new Date(now - SEND_WINDOW_MS), target.purpose],
  );
  if (!row) return 0;
  return Math.max(
    waitFor({ count: row.by_mobile, first: row.first_mobile, last: row.last_mobile }, now),
    waitFor({ count: row.by_address, first: row.first_address, last: row.last_address }, now),
  );
}

export type IssueResult = { code: string } | { retryAfterMs: number };

/**
 * A new code for `target`, replacing any earlier one, with the send recorded; or how long to
 * wait when the number or the address has had its share of messages.
 */
export async function issueCode(db: Db, key: Buffer, target: CodeTarget, address: string, now: number): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    // Serialises sends to one number and from one address across processes, in a fixed order.
    for (const lock of [`sms:${target.mobile}`, `sms:${address}`].sort()) {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    }
    const retryAfterMs = await sendWait(tx, target, address, now);
    if (retryAfterMs > 0) return { retryAfterMs };

    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const at = new Date(now);
    await tx.query('UPDATE verification_codes SET consumed_at = $3 WHERE mobile = $1 AND purpose = $2 AND consumed_at IS NULL', [
      target.mobile,
      target.purpose,
      at,
    ]);
    await tx.query(
      `INSERT INTO verification_codes (mobile, purpose, code_hash, user_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [target.mobile, target.purpose, codeHash(key, target, code), target.userId ?? null, at, new Date(now + CODE_TTL_MS)],
    );
    await tx.query('INSERT INTO sms_sends (mobile, address, sent_at, purpose) VALUES ($1, $2, $3, $4)', [
      target.mobile,
      address,
      at,
      target.purpose,
    ]);
    return { code };
  });
}

type Outcome = 'consumed' | 'wrong' | 'unusable';

/**
 * Uses up the latest code for `target` when `code` is it. Throws 112 for a wrong code (its try
 * kept) and 111 when there is no live code: none sent, expired, already used, or no tries left.
 */
export async function consumeCode(db: Db, key: Buffer, target: CodeTarget, code: string, now: number): Promise<void> {
  const attempts = [attemptsKey(target)];
  const reservation = await reserve(db, attempts, now);
  if (reservation.blockedForMs > 0) throw new AppError(Code.CodeProblem);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [latest] = await tx.query<{ id: number; code_hash: Uint8Array; expires_at: Date; consumed_at: Date | null }>(
      `SELECT id, code_hash, expires_at, consumed_at FROM verification_codes
       WHERE mobile = $1 AND purpose = $2 AND ($3::uuid IS NULL OR user_id = $3)
       ORDER BY created_at DESC, id DESC LIMIT 1 FOR UPDATE`,
      [target.mobile, target.purpose, target.userId ?? null],
    );
    if (!latest || latest.consumed_at || latest.expires_at.getTime() <= now) return 'unusable';
    if (!timingSafeEqual(Buffer.from(latest.code_hash), codeHash(key, target, code))) return 'wrong';
    await tx.query('UPDATE verification_codes SET consumed_at = $2 WHERE id = $1', [latest.id, new Date(now)]);
    return 'consumed';
  });
  if (outcome === 'wrong') throw new AppError(Code.CodeInvalid);
  if (outcome === 'unusable') {
    await refund(db, reservation);
    throw new AppError(Code.CodeProblem);
  }
  await clear(db, attempts);
}
