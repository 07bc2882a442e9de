/**
 * The SQL schema the entity declarations call for: one table per entity with the meta columns,
 * one column per field, indexes for declared `indexes` and references, partial unique indexes
 * for `unique` fields among live rows, and panel-scoped foreign keys. `scripts/db-generate.ts`
 * turns the difference between two of these into a migration; the schema test compares one with
 * the migrated database.
 */
import { createHash } from 'node:crypto';
import type { Entity } from '../../src/contract/entity.ts';
import { columnName, metaColumns, reservedFieldNames, sqlType } from './columns.ts';

export interface ColumnSpec {
  name: string;
  type: string;
  notNull: boolean;
  /** SQL default expression, when the column has one. */
  default?: string;
}

export interface IndexSpec {
  name: string;
  columns: string[];
  unique: boolean;
  /** Only live rows (`WHERE NOT deleted`). */
  live: boolean;
}

export interface ForeignKeySpec {
  name: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface TableSpec {
  entity: string;
  columns: ColumnSpec[];
  primaryKey: string[];
  indexes: IndexSpec[];
  foreignKeys: ForeignKeySpec[];
}

export interface SchemaSnapshot {
  tables: Record<string, TableSpec>;
}

/** PostgreSQL cuts identifiers at 63 bytes; long names keep a readable head and a hash. */
export function identifier(name: string): string {
  if (name.length <= 63) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 54)}_${hash}`;
}

function tableSpec(entity: Entity, byKey: Map<string, Entity>): TableSpec {
  const columns: ColumnSpec[] = metaColumns.map((c) => ({ ...c, ...(c.name === 'deleted' ? { default: 'false' } : {}) }));
  const indexes: IndexSpec[] = [
    { name: identifier(`${entity.table}_updated_idx`), columns: ['panel_id', 'updated_at'], unique: false, live: false },
  ];
  const foreignKeys: ForeignKeySpec[] = [
    { name: identifier(`${entity.table}_panel_fkey`), columns: ['panel_id'], refTable: 'panels', refColumns: ['id'] },
  ];
  const seen = new Set(columns.map((c) => c.name));
  for (const [name, field] of Object.entries(entity.fields)) {
    const column = columnName(name);
    if (reservedFieldNames.has(name) || seen.has(column)) {
      throw new Error(`${entity.key}: the field name "${name}" collides with another column (${column}).`);
    }
    seen.add(column);
    columns.push(
      field.kind === 'stringList'
        ? { name: column, type: sqlType(field), notNull: true, default: "'[]'::jsonb" }
        : { name: column, type: sqlType(field), notNull: false },
    );
    if (field.unique) {
      indexes.push({ name: identifier(`${entity.table}_${column}_key`), columns: ['panel_id', column], unique: true, live: true });
    } else if (entity.indexes.includes(name) || field.kind === 'reference') {
      indexes.push({ name: identifier(`${entity.table}_${column}_idx`), columns: ['panel_id', column], unique: false, live: true });
    }
    if (field.kind === 'reference') {
      const target = byKey.get(field.to);
      if (!target) throw new Error(`${entity.key}.${name} refers to ${field.to}, which is not declared.`);
      foreignKeys.push({
        name: identifier(`${entity.table}_${column}_fkey`),
        columns: ['panel_id', column],
        refTable: target.table,
        refColumns: ['panel_id', 'id'],
      });
    }
  }
  return { entity: entity.key, columns, primaryKey: ['panel_id', 'id'], indexes, foreignKeys };
}

export function desiredSchema(entities: readonly Entity[]): SchemaSnapshot {
  const byKey = new Map(entities.map((e) => [e.key, e]));
  const tables: Record<string, TableSpec> = {};
  for (const entity of entities) {
    if (tables[entity.table]) throw new Error(`Two entities share the table ${entity.table}.`);
    tables[entity.table] = tableSpec(entity, byKey);
  }
  return { tables };
}
