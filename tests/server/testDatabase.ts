/**
 * A fresh migrated database per harness: in-memory PGlite by default; with TEST_DATABASE_URL, a
 * database of its own on that PostgreSQL server, dropped again when the harness closes.
 *
 * Migrating costs seconds, so it happens once per set of migrations, not per harness. On PGlite the
 * first harness on the machine keeps a migrated database as a tarball in the temp folder (named by
 * the migrations' hash) and later ones load it. On PostgreSQL the first one migrates a template
 * database (`pishkhan_template_<hash>`, kept for later runs) and each harness is a copy of it,
 * `CREATE DATABASE … TEMPLATE`, which copies files and takes a fraction of a second. An empty
 * database (the migration tests) is a new schema in the TEST_DATABASE_URL database, as before.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/migrate.ts';
import { currentPlan } from '../../server/migrationPlan.ts';
import { desiredSchema } from '../../server/entities/schema.ts';
import { openPglite, wrapPglite, type PgliteOptions } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';

const TEMPLATE_PREFIX = 'pishkhan-pglite-template-';

async function migrationsKey(): Promise<string> {
  const plan = await currentPlan();
  return createHash('sha256')
    .update(JSON.stringify([plan.platform, plan.after, desiredSchema(plan.entities)]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * What every PGlite a test process opens starts from, made once per process (a server test
 * process keeps its modules from file to file, decision 031): PGlite's WebAssembly compiled and
 * its file bundle read. The migrated template is read once per set of migrations: a file that
 * registers modules of its own (the row-scope tests) needs their tables, the next file does not.
 * Each database is still an instance of its own.
 */
let pgliteEngine: Promise<Omit<PgliteOptions, 'loadDataDir'>> | undefined;
const templates = new Map<string, Promise<Blob>>();

function pgliteStartOnce(): Promise<PgliteOptions> {
  pgliteEngine ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm'))),
      WebAssembly.compile(readFileSync(join(dist, 'initdb.wasm'))),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([readFileSync(join(dist, 'pglite.data'))]) };
  })();
  return (async () => {
    const key = await migrationsKey();
    let template = templates.get(key);
    if (!template) {
      template = migratedTemplate();
      templates.set(key, template);
    }
    const [engine, loadDataDir] = await Promise.all([pgliteEngine, template]);
    return { ...engine, loadDataDir };
  })();
}

async function migratedTemplate(): Promise<Blob> {
  const plan = await currentPlan();
  const key = await migrationsKey();
  const file = join(tmpdir(), `${TEMPLATE_PREFIX}${key}.tar`);
  if (existsSync(file)) {
    try {
      // Marks it used (atime is often not kept up to date by the file system).
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // Another process replaced it meanwhile; it is there all the same.
    }
    return new Blob([readFileSync(file)]);
  }

  const template = await PGlite.create();
  await migrate(wrapPglite(template), plan);
  const dump = await template.dumpDataDir('none');
  await template.close();
  // Templates of other migrations may belong to another checkout testing at the same time (a
  // branch, a worktree): only those unused for a day are removed.
  for (const old of readdirSync(tmpdir()).filter((f) => f.startsWith(TEMPLATE_PREFIX))) {
    const path = join(tmpdir(), old);
    try {
      if (Date.now() - statSync(path).mtimeMs > 24 * 3600_000) rmSync(path, { force: true });
    } catch {
      // Removed by someone else meanwhile.
    }
  }
  // Written aside and renamed, so a parallel worker never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

export interface TestDatabase {
  db: Db;
  /** Whether it holds every migration already (a copy of the template). */
  migrated: boolean;
  /** Closes the database and removes what it left behind. */
  drop(): Promise<void>;
}

export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/**
 * The PostgreSQL server the tests that always use one talk to (two processes, the backup script):
 * TEST_DATABASE_URL, else the one scripts/test-server.mjs gave the `server-postgres` pass (those
 * files run only in the `server` pass, decision 031), else the default.
 */
export const postgresTestUrl = (): string =>
  process.env.TEST_DATABASE_URL || process.env.PISHKHAN_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

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

/** `url` with another database name. */
function inDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database `database` on the server of `url`, a copy of the migrated template, which is made
 * when missing. Parallel test processes take turns (an advisory lock): the first makes the
 * template, migrated under another name and renamed when complete, so no one copies half a
 * template, and no one drops a template (of older migrations) while another copies it.
 */
async function copyOfTemplate(url: string, database: string): Promise<void> {
  const name = `pishkhan_template_${await migrationsKey()}`;
  return withClient(url, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['pishkhan-test-template']);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!found.rowCount) await makeTemplate(url, admin, name);
      await admin.query(`CREATE DATABASE ${database} TEMPLATE ${name}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['pishkhan-test-template']);
    }
  });
}

async function makeTemplate(url: string, admin: pg.Client, name: string): Promise<void> {
  // Templates of other migrations may serve another checkout testing at the same time (a branch,
  // a worktree), so they stay (a few MB each); a partial one a crash left goes.
  const partial = `${name}_partial`;
  await admin.query(`DROP DATABASE IF EXISTS ${partial}`);
  await admin.query(`CREATE DATABASE ${partial}`);
  const db = await openPostgres(inDatabase(url, partial), { max: 1 });
  try {
    await migrate(db, await currentPlan());
  } finally {
    await db.close();
  }
  await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
}

/** A fresh database; `empty` leaves it without any table (migration tests start from nothing). */
export async function openTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  if (!url) {
    const { loadDataDir, ...compiled } = await pgliteStartOnce();
    const db = await openPglite(undefined, options.empty ? compiled : { ...compiled, loadDataDir });
    return { db, migrated: !options.empty, drop: () => db.close() };
  }
  if (!options.empty) {
    const database = uniqueSchemaName('test_db');
    await copyOfTemplate(url, database);
    const db = await openPostgres(inDatabase(url, database), { max: 5 });
    return {
      db,
      migrated: true,
      async drop() {
        await db.close();
        await withClient(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      },
    };
  }
  const schema = uniqueSchemaName();
  const db = await openPostgres(url, { schema, max: 5 });
  return {
    db,
    migrated: false,
    async drop() {
      await db.close();
      await dropSchema(url, schema);
    },
  };
}
