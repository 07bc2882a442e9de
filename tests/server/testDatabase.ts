/**
 * A fresh database per harness: in-memory PGlite by default; with TEST_DATABASE_URL, a new schema
 * on that PostgreSQL server, dropped again when the harness closes.
 *
 * Creating a PGlite database costs seconds, so the first harness on the machine keeps a migrated
 * one as a tarball in the temp folder (named by the migrations' hash) and later ones load it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { currentPlan } from '../../server/db/migrationPlan.ts';
import { desiredSchema } from '../../server/entities/schema.ts';
import { openPglite, wrapPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';

const TEMPLATE_PREFIX = 'pishkhan-pglite-template-';

async function migratedTemplate(): Promise<Blob> {
  const plan = await currentPlan();
  const key = createHash('sha256').update(JSON.stringify([plan.platform, plan.after, desiredSchema(plan.entities)])).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `${TEMPLATE_PREFIX}${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);

  const template = await PGlite.create();
  await migrate(wrapPglite(template), plan);
  const dump = await template.dumpDataDir('none');
  await template.close();
  for (const old of readdirSync(tmpdir()).filter((f) => f.startsWith(TEMPLATE_PREFIX))) {
    rmSync(join(tmpdir(), old), { force: true });
  }
  // Written aside and renamed, so a parallel worker never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

export interface TestDatabase {
  db: Db;
  /** Closes the database and removes what it left behind. */
  drop(): Promise<void>;
}

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export function uniqueSchemaName(prefix = 'test'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Whether a PostgreSQL server accepts a connection at `url` (within 2 s). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates `schema` on the server at `url`; answers the URL of a connection that works in it. */
export async function createSchema(url: string, schema: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/** A fresh database; `empty` leaves it without any table (migration tests start from nothing). */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (!url) {
    const db = await openPglite(undefined, options.empty ? {} : { loadDataDir: await migratedTemplate() });
    return { db, drop: () => db.close() };
  }
  const schema = uniqueSchemaName();
  const db = await openPostgres(url, { schema, max: 5 });
  return {
    db,
    async drop() {
      await db.close();
      await dropSchema(url, schema);
    },
  };
}
