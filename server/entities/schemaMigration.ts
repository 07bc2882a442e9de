/**
 * The SQL that takes the database from one entity schema to the next: new tables, new columns,
 * new indexes and new foreign keys. Anything else (a dropped or retyped column, a removed table)
 * is a change of data, not of declarations, so it is reported for a hand-written migration.
 */
import type { ColumnSpec, ForeignKeySpec, IndexSpec, SchemaSnapshot, TableSpec } from './schema.ts';

export interface SchemaChange {
  sql: string[];
  /** Differences the generator will not write on its own. */
  refused: string[];
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

  for (const table of Object.keys(previous.tables)) {
    if (!next.tables[table]) refused.push(`table ${table} is no longer declared`);
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
      if (!old) columns.push(`ALTER TABLE ${table} ADD COLUMN ${columnSql(column)};`);
      else if (!same(old, column)) refused.push(`column ${table}.${column.name} changed from "${columnSql(old)}" to "${columnSql(column)}"`);
    }
    for (const old of before.columns) {
      if (!spec.columns.some((c) => c.name === old.name)) refused.push(`column ${table}.${old.name} is no longer declared`);
    }
    for (const index of spec.indexes) {
      const old = before.indexes.find((i) => i.name === index.name);
      if (!old) indexes.push(indexSql(table, index));
      else if (!same(old, index)) refused.push(`index ${index.name} changed`);
    }
    for (const old of before.indexes) {
      if (!spec.indexes.some((i) => i.name === old.name)) indexes.push(`DROP INDEX ${old.name};`);
    }
    for (const fk of spec.foreignKeys) {
      if (!before.foreignKeys.some((f) => same(f, fk))) foreignKeys.push(foreignKeySql(table, fk));
    }
    for (const old of before.foreignKeys) {
      if (!spec.foreignKeys.some((f) => same(f, old))) refused.push(`foreign key ${old.name} is no longer declared`);
    }
  }
  return { sql: [...tables, ...columns, ...indexes, ...foreignKeys], refused };
}
