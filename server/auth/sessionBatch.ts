/**
 * Session checks of concurrent requests, answered together: every request that needs "is this
 * session live, and who is its user" within one turn of the event loop joins one query. Nothing is
 * cached — each request is still answered from the database after it arrived, so a logout on any
 * process ends its access tokens everywhere at once — but under load one round trip serves many
 * requests instead of one each.
 */
import type { Clock } from '../clock.ts';
import { prepared, type Db, type Prepared } from '../db/Db.ts';

interface Waiting {
  sessionId: string;
  userId: string;
  resolve(row: Record<string, unknown> | null): void;
  reject(error: unknown): void;
}

interface Batch {
  waiting: Waiting[];
}

/** Larger bursts are split, so one query never carries an unbounded array. */
const MAX_BATCH = 256;

const statements = new Map<string, Prepared>();

/** One prepared statement per column list (a handful, each fixed in code). */
function statementFor(columns: string): Prepared {
  let statement = statements.get(columns);
  if (!statement) {
    statement = prepared(
      `SELECT s.id AS "__sessionId", s.user_id AS "__userId", ${columns}
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id = ANY($1::uuid[]) AND s.revoked_at IS NULL AND s.expires_at > $2`,
    );
    statements.set(columns, statement);
  }
  return statement;
}

const pending = new WeakMap<Db, Map<string, Batch>>();

async function flush(db: Db, clock: Clock, columns: string, batch: Batch): Promise<void> {
  for (let start = 0; start < batch.waiting.length; start += MAX_BATCH) {
    const part = batch.waiting.slice(start, start + MAX_BATCH);
    try {
      const rows = await db.query<Record<string, unknown>>(statementFor(columns), [
        [...new Set(part.map((w) => w.sessionId))],
        new Date(clock.now()),
      ]);
      const bySession = new Map(rows.map((row) => [row.__sessionId as string, row]));
      for (const w of part) {
        const row = bySession.get(w.sessionId);
        if (!row || row.__userId !== w.userId) {
          w.resolve(null);
          continue;
        }
        const { __sessionId: _s, __userId: _u, ...columnsOnly } = row;
        w.resolve(columnsOnly);
      }
    } catch (error) {
      for (const w of part) w.reject(error);
    }
  }
}

/** The user columns of a live session, or null; joins the query of this event-loop turn. */
export function liveSessionRow<T>(db: Db, clock: Clock, columns: string, sessionId: string, userId: string): Promise<T | null> {
  let byColumns = pending.get(db);
  if (!byColumns) pending.set(db, (byColumns = new Map()));
  let batch = byColumns.get(columns);
  if (!batch) {
    const fresh: Batch = { waiting: [] };
    byColumns.set(columns, fresh);
    batch = fresh;
    setImmediate(() => {
      byColumns.delete(columns);
      void flush(db, clock, columns, fresh);
    });
  }
  return new Promise<T | null>((resolve, reject) => {
    batch.waiting.push({
      sessionId: sessionId.toLowerCase(),
      userId: userId.toLowerCase(),
      resolve: resolve as Waiting['resolve'],
      reject,
    });
  });
}
