import { afterEach, describe, expect, it } from 'vitest';
import { defineEntity, type Entity } from '../../src/contract/entity.ts';
import type { Db } from '../../server/db/Db.ts';
import { migrate, platformMigrations, type Migration, type MigrationPlan } from '../../server/migrate.ts';
import { currentPlan } from '../../server/migrationPlan.ts';
import { openTestDatabase, type TestDatabase } from './testDatabase.ts';

const opened: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.drop()));
});

async function emptyDb(): Promise<Db> {
  const database = await openTestDatabase({ empty: true });
  opened.push(database);
  return database.db;
}

const label = (message: string) => ({ id: message, message });
const shelf = (name: string): Entity =>
  defineEntity({
    module: 'WarehousingMVM',
    name,
    label: label(name),
    pluralLabel: label(name),
    fields: { code: { kind: 'text', label: label('Code'), unique: true } },
    titleField: 'code',
    listFields: ['code'],
    searchFields: ['code'],
    indexes: [],
    defaultSort: { field: 'code', direction: 'asc' },
  });

/** What one branch adds: a platform migration numbered like the other branch's, a module migration, an entity. */
function branch(base: MigrationPlan, name: 'a' | 'b'): MigrationPlan {
  const platform: Migration = { id: `platform/008_${name}`, sql: `CREATE TABLE branch_${name} (id integer)` };
  const entity = shelf(`Shelf${name.toUpperCase()}`);
  const module: Migration = { id: `WarehousingMVM/001_${name}`, sql: `INSERT INTO branch_${name} SELECT count(*) FROM ${entity.table}` };
  return { platform: [...base.platform, platform], after: [...base.after, module], entities: [...base.entities, entity] };
}

function merged(base: MigrationPlan, first: MigrationPlan, second: MigrationPlan): MigrationPlan {
  const extra = <T>(list: T[], of: T[]) => list.filter((x) => !of.includes(x));
  return {
    platform: [...base.platform, ...extra(first.platform, base.platform), ...extra(second.platform, base.platform)],
    after: [...base.after, ...extra(first.after, base.after), ...extra(second.after, base.after)],
    entities: [...base.entities, ...extra([...first.entities], [...base.entities]), ...extra([...second.entities], [...base.entities])],
  };
}

async function holdsBothBranches(db: Db): Promise<void> {
  const [found] = await db.query<{ a: boolean; b: boolean; sa: boolean; sb: boolean }>(
    `SELECT to_regclass('branch_a') IS NOT NULL AS a, to_regclass('branch_b') IS NOT NULL AS b,
            to_regclass('e_warehousing_mvm_shelf_a') IS NOT NULL AS sa, to_regclass('e_warehousing_mvm_shelf_b') IS NOT NULL AS sb`,
  );
  expect(found).toEqual({ a: true, b: true, sa: true, sb: true });
  const ids = (await db.query<{ id: string }>('SELECT id FROM applied_migrations')).map((r) => r.id);
  expect(ids).toEqual(expect.arrayContaining(['platform/008_a', 'platform/008_b', 'WarehousingMVM/001_a', 'WarehousingMVM/001_b']));
}

describe('migrations', () => {
  it('are known by owner and file name, applied once each, and recorded', async () => {
    const db = await emptyDb();
    const plan = await currentPlan();
    expect(plan.platform[0]).toMatchObject({ id: 'platform/001_accounts' });
    const first = await migrate(db, plan);
    expect(first.migrations).toEqual([...plan.platform, ...plan.after].map((m) => m.id));
    expect(first.schema.length).toBeGreaterThan(0);
    expect(await migrate(db, plan)).toEqual({ migrations: [], schema: [] });
  });

  it('can run from two starting servers at once without racing', async () => {
    const db = await emptyDb();
    const plan = await currentPlan();
    const results = await Promise.all([migrate(db, plan), migrate(db, plan)]);
    expect(results.map((r) => r.migrations.length).sort()).toEqual([0, plan.platform.length + plan.after.length]);
  });

  it('from two branches that each add some (even with the same number) all apply, in either merge order, on an existing database', async () => {
    const base = await currentPlan();
    const [a, b] = [branch(base, 'a'), branch(base, 'b')];
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const db = await emptyDb();
      await migrate(db, base);
      await migrate(db, first);
      await migrate(db, merged(base, first, second));
      await holdsBothBranches(db);
    }
  });

  it('from two branches all apply on a fresh database, in either merge order', async () => {
    const base = await currentPlan();
    const [a, b] = [branch(base, 'a'), branch(base, 'b')];
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const db = await emptyDb();
      await migrate(db, merged(base, first, second));
      await holdsBothBranches(db);
    }
  });

  it('adopts the numbered log of a database made before migrations had ids', async () => {
    const db = await emptyDb();
    const platform = await platformMigrations();
    const early = platform.filter((m) => /\/00[134]_/.test(m.id));
    await db.transaction(async (tx) => {
      for (const m of early) await tx.exec(m.sql);
      await tx.exec(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      await tx.exec("INSERT INTO schema_migrations (version, name) VALUES (1, 'accounts'), (3, 'panels'), (4, 'sync')");
    });
    const result = await migrate(db, await currentPlan());
    expect(result.migrations).not.toContain('platform/001_accounts');
    expect(result.migrations).toContain('platform/007_member_lookup');
    const [legacy] = await db.query<{ found: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
    expect(legacy?.found).toBe(false);
  });
});
