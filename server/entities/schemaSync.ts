/**
 * The entity tables follow the declarations (Frappe's DocType sync): at every start the tables as
 * they are are compared with `desiredSchema`, and what is missing is added in the caller's
 * transaction: tables, columns, indexes, foreign keys. A changed column type is refused with a
 * message (a hand-written migration must move the data); what is no longer declared is kept.
 * Derived columns added to tables that already hold rows are filled from those rows.
 */
import { isDocument, type Entity } from '../../src/contract/entity.ts';
import type { Queryable } from '../db/Db.ts';
import { columnName, linesTable } from './columns.ts';
import { derivedColumns } from './derivedColumns.ts';
import { liveSchema } from './liveSchema.ts';
import { desiredSchema } from './schema.ts';
import { schemaChange } from './schemaMigration.ts';

export class SchemaSyncError extends Error {
  override name = 'SchemaSyncError';
}

const BATCH = 1000;

/** Fills the derived columns of a table's existing rows, a thousand rows a statement. */
async function backfill(tx: Queryable, table: string, fields: Entity['fields'], searchFields: readonly string[]): Promise<void> {
  const names = Object.keys(fields);
  if (!names.length && !searchFields.length) return;
  for (let offset = 0; ; offset += BATCH) {
    const rows = await tx.query<Record<string, unknown>>(
      `SELECT panel_id, id${names.map((n) => `, ${columnName(n)}`).join('')} FROM ${table} ORDER BY panel_id, id LIMIT ${BATCH} OFFSET ${offset}`,
    );
    if (!rows.length) return;
    const values = rows.map((r) => {
      const row = Object.fromEntries(names.map((n) => [n, r[columnName(n)]]));
      return { panel_id: r.panel_id, id: r.id, ...derivedColumns(fields, searchFields, row) };
    });
    const columns = Object.keys(values[0]!).filter((c) => c !== 'panel_id' && c !== 'id');
    if (!columns.length) return;
    await tx.query(
      `UPDATE ${table} t SET ${columns.map((c) => `${c} = d ->> '${c}'`).join(', ')}
       FROM jsonb_array_elements($1::jsonb) d WHERE t.panel_id = (d ->> 'panel_id')::uuid AND t.id = (d ->> 'id')::uuid`,
      [JSON.stringify(values)],
    );
  }
}

/** Answers the statements it ran. */
export async function syncEntityTables(tx: Queryable, entities: readonly Entity[]): Promise<string[]> {
  const change = schemaChange(await liveSchema(tx), desiredSchema(entities));
  if (change.refused.length) {
    throw new SchemaSyncError(
      `the entity tables differ from the declarations in ways only a hand-written migration may change:\n  - ${change.refused.join('\n  - ')}`,
    );
  }
  for (const sql of change.sql) await tx.exec(sql);
  const grown = new Set(change.added.map((a) => a.split('.')[0]));
  for (const entity of entities) {
    if (grown.has(entity.table)) await backfill(tx, entity.table, entity.fields, entity.searchFields);
    if (isDocument(entity) && grown.has(linesTable(entity))) await backfill(tx, linesTable(entity), entity.document.lines, []);
  }
  return change.sql;
}
