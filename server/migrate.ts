/**
 * Brings a database up to date, in one transaction under an advisory lock (so two servers
 * starting at once on one database never race): the platform's SQL files (server/db/migrations),
 * then the entity tables synchronised with the declarations (server/entities/schemaSync.ts), then
 * the SQL files that rely on those tables: the platform's (server/db/migrations/after) and each
 * module's (modules/<Key>/server/migrations).
 *
 * A migration is known by its id, `<owner>/<file name>` (`platform/001_accounts`,
 * `WarehousingMVM/001_opening_stock`), never by a number alone: two branches that each add one
 * (even with the same number) both apply, whichever merges first, on a fresh database and on one
 * that already has either. Each applies once; the order is the owner's, then the file names'.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Entity } from '../src/contract/entity.ts';
import { syncEntityTables } from './entities/schemaSync.ts';
import type { Db, Queryable } from './db/Db.ts';

const PLATFORM_DIR = join(import.meta.dirname, 'db', 'migrations');
const LOCK_KEY = 7_301_404;

export interface Migration {
  /** `<owner>/<file name without .sql>`. */
  id: string;
  sql: string;
}

export interface MigrationPlan {
  /** Run before the entity tables are synchronised. */
  platform: Migration[];
  /** Run after: they may read and write entity tables. */
  after: Migration[];
  entities: readonly Entity[];
}

/** The `.sql` files of a folder as migrations of `owner`, in file-name order. */
export async function readMigrations(dir: string, owner: string): Promise<Migration[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => /^[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(files.map(async (file) => ({ id: `${owner}/${file.slice(0, -4)}`, sql: await readFile(join(dir, file), 'utf8') })));
}

export function platformMigrations(): Promise<Migration[]> {
  return readMigrations(PLATFORM_DIR, 'platform');
}

/** The platform's migrations that change entity tables' data: run once the tables are in place. */
export function platformAfterMigrations(): Promise<Migration[]> {
  return readMigrations(join(PLATFORM_DIR, 'after'), 'platform');
}

/**
 * Databases made before migrations had ids kept `schema_migrations(version, name)`: their rows
 * become the ids of the same files, once.
 */
async function adoptNumberedLog(tx: Queryable): Promise<void> {
  const [legacy] = await tx.query<{ found: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  if (!legacy?.found) return;
  await tx.exec(`INSERT INTO applied_migrations (id, applied_at)
    SELECT 'platform/' || lpad(version::text, 3, '0') || '_' || name, applied_at FROM schema_migrations
    ON CONFLICT (id) DO NOTHING`);
  await tx.exec('DROP TABLE schema_migrations');
}

async function applyAll(tx: Queryable, migrations: readonly Migration[], done: Set<string>): Promise<string[]> {
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.id)) continue;
    await tx.exec(m.sql);
    await tx.query('INSERT INTO applied_migrations (id) VALUES ($1)', [m.id]);
    done.add(m.id);
    applied.push(m.id);
  }
  return applied;
}

/** Answers what it did: the migrations applied and the entity-table statements run. */
export async function migrate(db: Db, plan: MigrationPlan): Promise<{ migrations: string[]; schema: string[] }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS applied_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    await adoptNumberedLog(tx);
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM applied_migrations')).map((r) => r.id));
    const migrations = await applyAll(tx, plan.platform, done);
    const schema = await syncEntityTables(tx, plan.entities);
    migrations.push(...(await applyAll(tx, plan.after, done)));
    return { migrations, schema };
  });
}
