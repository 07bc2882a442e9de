/**
 * The SQL schema the entity declarations call for: one table per entity with the meta columns,
 * one column per field, indexes for declared `indexes` and references, partial unique indexes
 * for `unique` fields among live rows, and panel-scoped foreign keys. Every start brings the
 * tables to it (schemaSync.ts); the schema test compares one with the migrated database.
 */
import { createHash } from 'node:crypto';
import { isDocument, type DocumentSpec, type Entity } from '../../src/contract/entity.ts';
import type { Field } from '../../src/contract/fields.ts';
import { textSortKinds } from '../../src/contract/list.ts';
import {
  columnName,
  documentColumns,
  lineMetaColumns,
  linesTable,
  metaColumns,
  privateSearchColumn,
  reservedFieldNames,
  SEARCH_COLUMN,
  sortColumn,
  sqlType,
} from './columns.ts';

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

interface Columns {
  columns: ColumnSpec[];
  indexes: IndexSpec[];
  foreignKeys: ForeignKeySpec[];
}

/** The columns, indexes and foreign keys of a set of declared fields (an entity's, or its lines'). */
/** `live`: the table's rows can be tombstones, so its indexes cover live rows only (lines are never tombstones). */
function fieldColumns(
  owner: string,
  table: string,
  fields: Record<string, Field>,
  indexed: readonly string[],
  byKey: Map<string, Entity>,
  seen: Set<string>,
  live = true,
): Columns {
  const out: Columns = { columns: [], indexes: [], foreignKeys: [] };
  for (const [name, field] of Object.entries(fields)) {
    const column = columnName(name);
    const derived = textSortKinds.has(field.kind) ? [sortColumn(column)] : [];
    for (const c of [column, ...derived]) {
      if (reservedFieldNames.has(name) || seen.has(c))
        throw new Error(`${owner}: the field name "${name}" collides with another column (${c}).`);
      seen.add(c);
    }
    out.columns.push(
      field.kind === 'stringList'
        ? { name: column, type: sqlType(field), notNull: true, default: "'[]'::jsonb" }
        : { name: column, type: sqlType(field), notNull: false },
      ...derived.map((c) => ({ name: c, type: 'text', notNull: false })),
    );
    if (field.unique) {
      out.indexes.push({ name: identifier(`${table}_${column}_key`), columns: ['panel_id', column], unique: true, live });
    } else if ((indexed.includes(name) && field.kind !== 'stringList') || field.kind === 'reference') {
      out.indexes.push({ name: identifier(`${table}_${column}_idx`), columns: ['panel_id', column], unique: false, live });
    }
    if (field.kind === 'reference') {
      const target = byKey.get(field.to);
      if (!target) throw new Error(`${owner}.${name} refers to ${field.to}, which is not declared.`);
      out.foreignKeys.push({
        name: identifier(`${table}_${column}_fkey`),
        columns: ['panel_id', column],
        refTable: target.table,
        refColumns: ['panel_id', 'id'],
      });
    }
  }
  return out;
}

function panelForeignKey(table: string): ForeignKeySpec {
  return { name: identifier(`${table}_panel_fkey`), columns: ['panel_id'], refTable: 'panels', refColumns: ['id'] };
}

function tableSpec(entity: Entity, byKey: Map<string, Entity>): TableSpec {
  const columns: ColumnSpec[] = metaColumns.map((c) => ({ ...c, ...(c.name === 'deleted' ? { default: 'false' } : {}) }));
  if (entity.searchFields.length) columns.push({ name: SEARCH_COLUMN, type: 'text', notNull: false });
  for (const name of entity.searchFields) {
    if (entity.fields[name]?.readableBy) columns.push({ name: privateSearchColumn(columnName(name)), type: 'text', notNull: false });
  }
  if (entity.document) columns.push(...documentColumns);
  const indexes: IndexSpec[] = [
    { name: identifier(`${entity.table}_updated_idx`), columns: ['panel_id', 'updated_at'], unique: false, live: false },
    ...(entity.document
      ? [{ name: identifier(`${entity.table}_number_key`), columns: ['panel_id', 'number'], unique: true, live: false }]
      : []),
    ...(entity.lookups ?? []).map((name) => ({
      name: identifier(`${entity.table}_by_${columnName(name)}`),
      columns: [columnName(name)],
      unique: false,
      live: true,
    })),
    ...(entity.uniqueTogether ?? []).map((set) => {
      const columns = set.map(columnName);
      return { name: identifier(`${entity.table}_${columns.join('_')}_key`), columns: ['panel_id', ...columns], unique: true, live: true };
    }),
  ];
  const seen = new Set(columns.map((c) => c.name));
  const own = fieldColumns(entity.key, entity.table, entity.fields, entity.indexes, byKey, seen);
  return {
    entity: entity.key,
    columns: [...columns, ...own.columns],
    primaryKey: ['panel_id', 'id'],
    indexes: [...indexes, ...own.indexes],
    foreignKeys: [panelForeignKey(entity.table), ...own.foreignKeys],
  };
}

/** The table of a document's lines: each line is a row of its own, keyed like any row, under its document. */
function linesSpec(entity: Entity & { document: DocumentSpec }, byKey: Map<string, Entity>): TableSpec {
  const table = linesTable(entity);
  const columns: ColumnSpec[] = lineMetaColumns.map((c) => ({ ...c }));
  const seen = new Set(columns.map((c) => c.name));
  const own = fieldColumns(`${entity.key} lines`, table, entity.document.lines, [], byKey, seen, false);
  return {
    entity: `${entity.key}#lines`,
    columns: [...columns, ...own.columns],
    primaryKey: ['panel_id', 'id'],
    // By id alone too: a line id is looked up across documents and panels (a line belongs to one document for life).
    indexes: [
      { name: identifier(`${table}_doc_idx`), columns: ['panel_id', 'doc_id', 'position'], unique: false, live: false },
      { name: identifier(`${table}_id_idx`), columns: ['id'], unique: false, live: false },
      ...own.indexes,
    ],
    foreignKeys: [
      panelForeignKey(table),
      { name: identifier(`${table}_doc_fkey`), columns: ['panel_id', 'doc_id'], refTable: entity.table, refColumns: ['panel_id', 'id'] },
      ...own.foreignKeys,
    ],
  };
}

export function desiredSchema(entities: readonly Entity[]): SchemaSnapshot {
  const byKey = new Map(entities.map((e) => [e.key, e]));
  const tables: Record<string, TableSpec> = {};
  const add = (table: string, spec: TableSpec) => {
    if (tables[table]) throw new Error(`Two entities share the table ${table}.`);
    tables[table] = spec;
  };
  for (const entity of entities) {
    add(entity.table, tableSpec(entity, byKey));
    if (isDocument(entity)) add(linesTable(entity), linesSpec(entity, byKey));
  }
  return { tables };
}
