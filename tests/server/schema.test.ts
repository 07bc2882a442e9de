import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../src/contract/entities/index.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { defineEntity, type Entity } from '../../src/contract/entity.ts';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { desiredSchema, type SchemaSnapshot, type TableSpec } from '../../server/entities/schema.ts';
import { schemaChange } from '../../server/entities/schemaMigration.ts';
import { openTestDatabase, type TestDatabase } from './testDatabase.ts';

/** Indexes written by hand beside the generated ones (they span panels). */
const handWrittenIndexes = new Set(['e_panel_management_member_by_user']);

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrate(db);
});
afterAll(async () => {
  await database.drop();
});

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** The entity tables as the database has them, in the generator's terms. */
async function migratedSchema(tables: string[]): Promise<Record<string, Omit<TableSpec, 'entity'>>> {
  const columns = await db.query<ColumnInfo>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = ANY($1::text[]) ORDER BY table_name, ordinal_position`,
    [tables],
  );
  const indexes = await db.query<{ tablename: string; indexname: string; indexdef: string }>(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1::text[])`,
    [tables],
  );
  const foreignKeys = await db.query<{ table_name: string; conname: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c WHERE c.contype = 'f' AND c.conrelid::regclass::text = ANY($1::text[])`,
    [tables],
  );
  const out: Record<string, Omit<TableSpec, 'entity'>> = {};
  for (const table of tables) {
    const pkey = indexes.find((i) => i.tablename === table && i.indexname === `${table}_pkey`);
    out[table] = {
      columns: columns
        .filter((c) => c.table_name === table)
        .map((c) => ({
          name: c.column_name,
          type: c.data_type,
          notNull: c.is_nullable === 'NO',
          ...(c.column_default !== null ? { default: c.column_default } : {}),
        })),
      primaryKey: /\((.*)\)/.exec(pkey?.indexdef ?? '')?.[1]?.split(', ') ?? [],
      indexes: indexes
        .filter((i) => i.tablename === table && !i.indexname.endsWith('_pkey') && !handWrittenIndexes.has(i.indexname))
        .map((i) => ({
          name: i.indexname,
          columns: /USING btree \(([^)]*)\)/.exec(i.indexdef)![1]!.split(', '),
          unique: i.indexdef.startsWith('CREATE UNIQUE'),
          live: /WHERE \(?NOT deleted\)?$/.test(i.indexdef),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      foreignKeys: foreignKeys
        .filter((f) => f.table_name === table)
        .map((f) => {
          const [, columns, refTable, refColumns] = /^FOREIGN KEY \(([^)]*)\) REFERENCES (\w+)\(([^)]*)\)$/.exec(f.def)!;
          return { name: f.conname, columns: columns!.split(', '), refTable: refTable!, refColumns: refColumns!.split(', ') };
        })
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }
  return out;
}

function comparable(schema: SchemaSnapshot): Record<string, Omit<TableSpec, 'entity'>> {
  return Object.fromEntries(
    Object.entries(schema.tables).map(([table, spec]) => [
      table,
      {
        columns: spec.columns,
        primaryKey: spec.primaryKey,
        indexes: [...spec.indexes].sort((a, b) => a.name.localeCompare(b.name)),
        foreignKeys: [...spec.foreignKeys].sort((a, b) => a.name.localeCompare(b.name)),
      },
    ]),
  );
}

describe('entity tables derived from the declarations', () => {
  it('the migrated database has exactly the columns, keys, indexes and foreign keys the declarations call for', async () => {
    const desired = desiredSchema(entities);
    expect(await migratedSchema(Object.keys(desired.tables))).toEqual(comparable(desired));
  });

  it('the committed snapshot matches the declarations, so a forgotten `npm run db:generate` fails here', () => {
    const snapshot = JSON.parse(readFileSync(join(import.meta.dirname, '../../server/db/entities.snapshot.json'), 'utf8')) as SchemaSnapshot;
    const change = schemaChange(snapshot, desiredSchema(entities));
    expect(change).toEqual({ sql: [], refused: [] });
  });

  it('a new field becomes an added column, and a new indexed field an index of the panel', () => {
    const before = desiredSchema(entities);
    const grown: Entity = {
      ...Role,
      fields: { ...Role.fields, budget: { kind: 'money', label: { id: 'x', message: 'Budget' } } },
      indexes: [...Role.indexes, 'budget'],
    };
    const after = desiredSchema(entities.map((e) => (e.key === Role.key ? grown : e)));
    expect(schemaChange(before, after)).toEqual({
      sql: [
        'ALTER TABLE e_panel_management_role ADD COLUMN budget bigint;',
        'CREATE INDEX e_panel_management_role_budget_idx ON e_panel_management_role (panel_id, budget) WHERE NOT deleted;',
      ],
      refused: [],
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
    const change = schemaChange(desiredSchema(entities), desiredSchema([...entities, Shelf]));
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
    const refused = schemaChange(desiredSchema(entities), desiredSchema(entities.map((e) => (e.key === Role.key ? retyped : e))));
    expect(refused.refused).toEqual([expect.stringContaining('column e_panel_management_role.description changed')]);
  });

  it('dates come back as YYYY-MM-DD text and timestamps as instants, on either engine', async () => {
    const [row] = await db.query<{ d: unknown; t: unknown }>("SELECT '1403-01-01'::date AS d, '2026-11-22T10:00:00Z'::timestamptz AS t");
    expect(row!.d).toBe('1403-01-01');
    expect(row!.t).toBeInstanceOf(Date);
  });
});
