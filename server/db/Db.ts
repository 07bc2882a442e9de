/**
 * One small interface over the two engines: PGlite in a data folder (the embedded default) and a
 * PostgreSQL server through `pg` (DATABASE_URL). Both parse int8 as a JavaScript number while it
 * is a safe integer and as its exact text beyond (`int8`: money is rials in bigint columns, and
 * one above 2^53 must not lose a rial), timestamptz as a Date and date as 'YYYY-MM-DD' text, so
 * the code above never knows which one it talks to.
 */
import { createHash } from 'node:crypto';

/** An int8 column's text as a number while that is exact, else the text itself. */
export function int8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

export type Row = Record<string, unknown>;

/**
 * A statement PostgreSQL parses and plans once per connection, then reuses: for the hot paths
 * (the session check on every authenticated request, token refresh). Only for SQL over tables
 * whose shape never changes while the server runs. PGlite runs it as plain SQL.
 */
export interface Prepared {
  readonly name: string;
  readonly text: string;
}

export function prepared(text: string): Prepared {
  return { name: `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
}

export interface Queryable {
  /** One statement with $1… parameters; answers its rows. */
  query<T = Row>(sql: string | Prepared, params?: readonly unknown[]): Promise<T[]>;
  /** Runs statements without parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` (decision 039): `onPayload` gets each payload, `onGap` runs when the
   * listening connection was lost and came back (notifications in between are missed). Answers a
   * function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /** The connection pool's state (PostgreSQL; PGlite has no pool), for the metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** PostgreSQL error codes the server reacts to. */
export const PgError = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
