import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../src/contract/modules.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { defineEntity, type Entity } from '../../src/contract/entity.ts';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/migrate.ts';
import { currentPlan } from '../../server/migrationPlan.ts';
import { liveSchema } from '../../server/entities/liveSchema.ts';
import { sortKey } from '../../src/contract/list.ts';
import { desiredSchema, type SchemaSnapshot, type TableSpec } from '../../server/entities/schema.ts';
import { isGeneratedIndex, schemaChange } from '../../server/entities/schemaMigration.ts';
import { openTestDatabase, type TestDatabase } from './testDatabase.ts';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrate(db, await currentPlan());
});
afterAll(async () => {
  await database.drop();
});

/** A schema's tables in name order, with the indexes the generator owns (a module's migration may add its own, e.g. 057's stock order). */
function sorted(schema: SchemaSnapshot): Record<string, Omit<TableSpec, 'entity'>> {
  const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
  return Object.fromEntries(
    Object.entries(schema.tables).map(([table, spec]) => [
      table,
      {
        columns: byName(spec.columns),
        primaryKey: spec.primaryKey,
        indexes: byName(spec.indexes.filter((index) => isGeneratedIndex(index.name))),
        foreignKeys: byName(spec.foreignKeys),
      },
    ]),
  );
}

describe('entity tables derived from the declarations', () => {
  it('the migrated database has exactly the columns, keys, indexes and foreign keys the declarations call for', async () => {
    expect(sorted(await liveSchema(db))).toEqual(sorted(desiredSchema(entities())));
  });

  it('a new field is added to an existing table at the next start, and its derived columns are filled from the rows', async () => {
    const scratch = await openTestDatabase();
    try {
      const plan = await currentPlan();
      await migrate(scratch.db, plan);
      const panel = '11111111-1111-4111-8111-111111111111';
      const user = '22222222-2222-4222-8222-222222222222';
      await scratch.db.query(
        `INSERT INTO users (id, username, password_hash, created_at, updated_at) VALUES ($1, 'u', 'x', now(), now())`,
        [user],
      );
      await scratch.db.query(
        `INSERT INTO panels (id, code, name, icon, owner_user_id, created_at, updated_at) VALUES ($1, 'ABCDEF', 'p', 'store', $2, now(), now())`,
        [panel, user],
      );
      await scratch.db.query(
        `INSERT INTO e_panel_management_role (panel_id, id, version, created_at, updated_at, created_by, updated_by, name) VALUES ($1, gen_random_uuid(), 1, now(), now(), $2, $2, 'انبار ۱۲')`,
        [panel, user],
      );
      await scratch.db.exec('ALTER TABLE e_panel_management_role DROP COLUMN search_text, DROP COLUMN name_sk');
      const grown = entities().map((e) =>
        e.key === Role.key
          ? { ...Role, fields: { ...Role.fields, code: { kind: 'text' as const, label: { id: 'c', message: 'Code' } } } }
          : e,
      );
      const result = await migrate(scratch.db, { ...plan, entities: grown });
      expect(result.schema).toEqual(
        expect.arrayContaining([
          'ALTER TABLE e_panel_management_role ADD COLUMN code text;',
          'ALTER TABLE e_panel_management_role ADD COLUMN search_text text;',
        ]),
      );
      const [row] = await scratch.db.query<{ search_text: string; name_sk: string }>(
        'SELECT search_text, name_sk FROM e_panel_management_role',
      );
      expect(row).toEqual({ search_text: 'انبار 12', name_sk: sortKey('انبار ۱۲') });
    } finally {
      await scratch.drop();
    }
  });

  it('a new field becomes an added column, and a new indexed field an index of the panel', () => {
    const before = desiredSchema(entities());
    const grown: Entity = {
      ...Role,
      fields: { ...Role.fields, budget: { kind: 'money', label: { id: 'x', message: 'Budget' } } },
      indexes: [...Role.indexes, 'budget'],
    };
    const after = desiredSchema(entities().map((e) => (e.key === Role.key ? grown : e)));
    expect(schemaChange(before, after)).toEqual({
      sql: [
        'ALTER TABLE e_panel_management_role ADD COLUMN budget bigint;',
        'CREATE INDEX e_panel_management_role_budget_idx ON e_panel_management_role (panel_id, budget) WHERE NOT deleted;',
      ],
      refused: [],
      kept: [],
      added: ['e_panel_management_role.budget'],
    });
  });

  it('a new entity becomes a table with panel-scoped keys, and a retyped field is left for a hand-written migration', () => {
    const Shelf = defineEntity({
      module: 'WarehousingMVM',
      name: 'Shelf',
      label: { id: 'x', message: 'Shelf' },
      pluralLabel: { id: 'y', message: 'Shelves' },
      fields: {
        code: { kind: 'text', label: { id: 'c', message: 'Code' }, required: true, unique: true },
        ownerRoleId: { kind: 'reference', to: Role.key, label: { id: 'r', message: 'Role' } },
        openedOn: { kind: 'date', label: { id: 'd', message: 'Opened' } },
      },
      titleField: 'code',
      listFields: ['code'],
      searchFields: ['code'],
      indexes: [],
      defaultSort: { field: 'code', direction: 'asc' },
    });
    const change = schemaChange(desiredSchema(entities()), desiredSchema([...entities(), Shelf]));
    expect(change.refused).toEqual([]);
    expect(change.sql[0]).toContain('CREATE TABLE e_warehousing_mvm_shelf (');
    expect(change.sql[0]).toContain('opened_on date');
    expect(change.sql[0]).toContain('PRIMARY KEY (panel_id, id)');
    expect(change.sql).toContain(
      'CREATE UNIQUE INDEX e_warehousing_mvm_shelf_code_key ON e_warehousing_mvm_shelf (panel_id, code) WHERE NOT deleted;',
    );
    expect(change.sql).toContain(
      'ALTER TABLE e_warehousing_mvm_shelf ADD CONSTRAINT e_warehousing_mvm_shelf_owner_role_id_fkey FOREIGN KEY (panel_id, owner_role_id) REFERENCES e_panel_management_role (panel_id, id);',
    );

    const retyped: Entity = { ...Role, fields: { ...Role.fields, description: { kind: 'integer', label: { id: 'x', message: 'x' } } } };
    const refused = schemaChange(desiredSchema(entities()), desiredSchema(entities().map((e) => (e.key === Role.key ? retyped : e))));
    expect(refused.refused).toEqual([expect.stringContaining('column e_panel_management_role.description changed')]);
  });

  it('dates come back as YYYY-MM-DD text and timestamps as instants, on either engine', async () => {
    const [row] = await db.query<{ d: unknown; t: unknown }>("SELECT '1403-01-01'::date AS d, '2026-11-22T10:00:00Z'::timestamptz AS t");
    expect(row!.d).toBe('1403-01-01');
    expect(row!.t).toBeInstanceOf(Date);
  });
});
