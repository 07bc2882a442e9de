/**
 * The entity tables as the database has them now, in the terms of `desiredSchema`, so the two can
 * be compared: column types as PostgreSQL formats them (`numeric(18,3)`), defaults as it prints
 * them, indexes and foreign keys by name.
 */
import type { Queryable } from '../db/Db.ts';
import type { SchemaSnapshot, TableSpec } from './schema.ts';

interface ColumnInfo {
  table_name: string;
  column_name: string;
  type: string;
  not_null: boolean;
  column_default: string | null;
}

/** PostgreSQL quotes a column named like a keyword ("position") when it prints a definition. */
const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1');

/** Only tables whose name starts with `prefix` (the entity tables' `e_`). */
export async function liveSchema(q: Queryable, prefix = 'e_'): Promise<SchemaSnapshot> {
  const like = `${prefix.replace(/_/g, '\\_')}%`;
  const columns = await q.query<ColumnInfo>(
    `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS column_default
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
     WHERE c.relkind = 'r' AND c.relname LIKE $1
     ORDER BY c.relname, a.attnum`,
    [like],
  );
  const indexes = await q.query<{ tablename: string; indexname: string; indexdef: string }>(
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename LIKE $1`,
    [like],
  );
  const foreignKeys = await q.query<{ table_name: string; conname: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace AND n.nspname = current_schema()
     WHERE c.contype = 'f' AND c.conrelid::regclass::text LIKE $1`,
    [like],
  );
  const tables: Record<string, TableSpec> = {};
  for (const table of new Set(columns.map((c) => c.table_name))) {
    const pkey = indexes.find((i) => i.tablename === table && i.indexname === `${table}_pkey`);
    tables[table] = {
      entity: '',
      columns: columns
        .filter((c) => c.table_name === table)
        .map((c) => ({
          name: c.column_name,
          type: c.type,
          notNull: c.not_null,
          ...(c.column_default !== null ? { default: c.column_default } : {}),
        })),
      primaryKey: (/\((.*)\)/.exec(pkey?.indexdef ?? '')?.[1]?.split(', ') ?? []).map(unquote),
      indexes: indexes
        .filter((i) => i.tablename === table && i.indexname !== `${table}_pkey`)
        .map((i) => ({
          name: i.indexname,
          columns: (/USING btree \(([^)]*)\)/.exec(i.indexdef)?.[1]?.split(', ') ?? []).map(unquote),
          unique: i.indexdef.startsWith('CREATE UNIQUE'),
          live: /WHERE \(?NOT deleted\)?$/.test(i.indexdef),
        })),
      foreignKeys: foreignKeys
        .filter((f) => f.table_name === table)
        .flatMap((f) => {
          const match = /^FOREIGN KEY \(([^)]*)\) REFERENCES (\w+)\(([^)]*)\)$/.exec(f.def);
          return match
            ? [
                {
                  name: f.conname,
                  columns: match[1]!.split(', ').map(unquote),
                  refTable: match[2]!,
                  refColumns: match[3]!.split(', ').map(unquote),
                },
              ]
            : [];
        }),
    };
  }
  return { tables };
}
