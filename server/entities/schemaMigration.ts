/**
 * The SQL that takes the entity tables from the schema they have to the one the declarations call
 * for: new tables, new columns, new indexes and new foreign keys, and dropping the generated
 * indexes no declaration asks for any more. A column whose type or constraint changed is a change
 * of data, not of declarations: it is refused, for a hand-written migration. Tables and columns no
 * longer declared are kept (their data is not thrown away by a declaration change) and listed.
 */
import type { ColumnSpec, ForeignKeySpec, IndexSpec, SchemaSnapshot, TableSpec } from './schema.ts';

export interface SchemaChange {
  sql: string[];
  /** Differences the generator will not write on its own. */
  refused: string[];
  /** What the database has beyond the declarations, left as it is. */
  kept: string[];
  /** Columns the SQL adds to tables that already exist: `table.column`. */
  added: string[];
}

/** Index names the generator gives (schema.ts); others are hand-made (a module's migration) and never dropped. */
const generatedIndex = /_(idx|key|updated_idx|doc_idx)$|_by_\w+$/;

/** Whether the generator made an index of this name (and so owns it: drops it when the declarations stop asking for it). */
export function isGeneratedIndex(name: string): boolean {
  return generatedIndex.test(name);
}

function columnSql(c: ColumnSpec): string {
  return `${c.name} ${c.type}${c.notNull ? ' NOT NULL' : ''}${c.default ? ` DEFAULT ${c.default}` : ''}`;
}

function createTableSql(table: string, spec: TableSpec): string {
  const lines = spec.columns.map((c) => `  ${columnSql(c)}`);
  lines.push(`  PRIMARY KEY (${spec.primaryKey.join(', ')})`);
  return `-- ${spec.entity}\nCREATE TABLE ${table} (\n${lines.join(',\n')}\n);`;
}

function indexSql(table: string, index: IndexSpec): string {
  const unique = index.unique ? 'UNIQUE ' : '';
  const where = index.live ? ' WHERE NOT deleted' : '';
  return `CREATE ${unique}INDEX ${index.name} ON ${table} (${index.columns.join(', ')})${where};`;
}

function foreignKeySql(table: string, fk: ForeignKeySpec): string {
  return `ALTER TABLE ${table} ADD CONSTRAINT ${fk.name} FOREIGN KEY (${fk.columns.join(', ')}) REFERENCES ${fk.refTable} (${fk.refColumns.join(', ')});`;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function schemaChange(previous: SchemaSnapshot, next: SchemaSnapshot): SchemaChange {
  const tables: string[] = [];
  const columns: string[] = [];
  const indexes: string[] = [];
  const foreignKeys: string[] = [];
  const refused: string[] = [];
  const kept: string[] = [];
  const added: string[] = [];

  for (const table of Object.keys(previous.tables)) {
    if (!next.tables[table]) kept.push(`table ${table} is no longer declared`);
  }
  for (const [table, spec] of Object.entries(next.tables)) {
    const before = previous.tables[table];
    if (!before) {
      tables.push(createTableSql(table, spec));
      indexes.push(...spec.indexes.map((i) => indexSql(table, i)));
      foreignKeys.push(...spec.foreignKeys.map((f) => foreignKeySql(table, f)));
      continue;
    }
    for (const column of spec.columns) {
      const old = before.columns.find((c) => c.name === column.name);
      if (!old) {
        columns.push(`ALTER TABLE ${table} ADD COLUMN ${columnSql(column)};`);
        added.push(`${table}.${column.name}`);
      } else if (!same(old, column))
        refused.push(`column ${table}.${column.name} changed from "${columnSql(old)}" to "${columnSql(column)}"`);
    }
    for (const old of before.columns) {
      if (!spec.columns.some((c) => c.name === old.name)) kept.push(`column ${table}.${old.name} is no longer declared`);
    }
    for (const index of spec.indexes) {
      const old = before.indexes.find((i) => i.name === index.name);
      if (!old) indexes.push(indexSql(table, index));
      else if (!same(old, index)) refused.push(`index ${index.name} changed`);
    }
    for (const old of before.indexes) {
      if (spec.indexes.some((i) => i.name === old.name)) continue;
      if (isGeneratedIndex(old.name)) indexes.push(`DROP INDEX ${old.name};`);
      else kept.push(`index ${old.name} is not declared`);
    }
    for (const fk of spec.foreignKeys) {
      if (!before.foreignKeys.some((f) => same(f, fk))) foreignKeys.push(foreignKeySql(table, fk));
    }
    for (const old of before.foreignKeys) {
      if (!spec.foreignKeys.some((f) => same(f, old))) kept.push(`foreign key ${old.name} is no longer declared`);
    }
  }
  return { sql: [...tables, ...columns, ...indexes, ...foreignKeys], refused, kept, added };
}
