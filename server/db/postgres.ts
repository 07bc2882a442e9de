import pg from 'pg';
import { openCommitList, runCommitList } from './afterCommit.ts';
import { int8, type Db, type Prepared, type Queryable } from './Db.ts';

pg.types.setTypeParser(pg.types.builtins.INT8, int8);
// A date stays its 'YYYY-MM-DD' text, as on PGlite (a JS Date would shift it by the time zone).
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

export interface PostgresOptions {
  /** A schema to work in (created when missing); tests give each run its own. */
  schema?: string;
  max?: number;
}

/** A pool on a PostgreSQL server. */
export async function openPostgres(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  const { schema, max = 10 } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (schema) {
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const asQueryable = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string | Prepared, params: readonly unknown[] = []) {
      const values = params as unknown[];
      const result = typeof sql === 'string' ? await q.query(sql, values) : await q.query({ name: sql.name, text: sql.text, values });
      return result.rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx = asQueryable(client);
        openCommitList(tx);
        const result = await work(tx);
        await client.query('COMMIT');
        runCommitList(tx);
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    listen: (channel, onPayload, onGap) => listenOn(connectionString, schema, channel, onPayload, onGap),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * LISTEN needs a connection of its own for as long as it listens (a pooled one goes back to the
 * pool). When it drops (the server restarted, a network cut), it is opened again after a short
 * wait and `onGap` says that notifications may have been missed in between.
 */
async function listenOn(
  connectionString: string,
  schema: string | undefined,
  channel: string,
  onPayload: (payload: string) => void,
  onGap?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => reopen());
    next.on('end', () => reopen());
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const reopen = () => {
    if (stopped || retry) return;
    const lost = client;
    client = null;
    void lost?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      open().then(
        () => onGap?.(),
        () => reopen(),
      );
    }, 500);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
