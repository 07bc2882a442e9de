/**
 * How a declared field lives in SQL: its column name (snake_case of the field name) and its type
 * per field kind. The generator, the schema test and the row codec all read this one table.
 */
import type { Field, FieldKind } from '../../src/contract/fields.ts';

export const sqlTypeByKind: Record<FieldKind, string> = {
  text: 'text',
  longText: 'text',
  integer: 'integer',
  decimal: 'numeric(18,3)',
  money: 'bigint',
  date: 'date',
  dateTime: 'timestamp with time zone',
  boolean: 'boolean',
  select: 'text',
  reference: 'uuid',
  mobile: 'text',
  email: 'text',
  nationalId: 'text',
  postalCode: 'text',
  stringList: 'jsonb',
};

const columnNames = new Map<string, string>();

/**
 * A field's column. Every row read or written asks it of every field, so each name is worked out
 * once (a regular expression per field per row was 7% of a pull's CPU samples: decision 049).
 */
export function columnName(field: string): string {
  let column = columnNames.get(field);
  if (column === undefined) {
    column = field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    // Only declared names reach here (they become SQL identifiers); the bound is a safeguard.
    if (columnNames.size < 10_000) columnNames.set(field, column);
  }
  return column;
}

export function sqlType(field: Field): string {
  return sqlTypeByKind[field.kind];
}

/** Columns every entity table has beside its fields; no field may take one of these names. */
export const metaColumns = [
  { name: 'panel_id', type: 'uuid', notNull: true },
  { name: 'id', type: 'uuid', notNull: true },
  { name: 'version', type: 'integer', notNull: true },
  { name: 'created_at', type: 'timestamp with time zone', notNull: true },
  { name: 'updated_at', type: 'timestamp with time zone', notNull: true },
  { name: 'deleted', type: 'boolean', notNull: true },
  { name: 'created_by', type: 'uuid', notNull: true },
  { name: 'updated_by', type: 'uuid', notNull: true },
] as const;

/** Names no entity's field may take; a document's own (status, number…) collide through their columns. */
export const reservedFieldNames = new Set([
  'id',
  'panelId',
  'version',
  'createdAt',
  'updatedAt',
  'deleted',
  'createdBy',
  'updatedBy',
  'lines',
  'searchText',
]);

/**
 * Columns the server derives from a row on every write, by the rules of the one list engine
 * (src/contract/list.ts), so SQL searches and sorts exactly as the device does: the row's search
 * text, and a sort key beside each text field.
 */
export const SEARCH_COLUMN = 'search_text';

export function sortColumn(column: string): string {
  return `${column}_sk`;
}

/** The search text of a search field behind a grant, kept apart so only its holders search it. */
export function privateSearchColumn(column: string): string {
  return `${column}_search`;
}

/** A document's lifecycle columns (documents.md). */
export const documentColumns = [
  { name: 'status', type: 'text', notNull: true, default: "'draft'::text" },
  { name: 'number', type: 'text', notNull: false },
  { name: 'submitted_at', type: 'timestamp with time zone', notNull: false },
  { name: 'amended_from', type: 'uuid', notNull: false },
];

/** A document line's own columns beside its declared fields. */
export const lineMetaColumns = [
  { name: 'panel_id', type: 'uuid', notNull: true },
  { name: 'id', type: 'uuid', notNull: true },
  { name: 'doc_id', type: 'uuid', notNull: true },
  { name: 'position', type: 'integer', notNull: true },
];

export function linesTable(entity: { table: string }): string {
  return `${entity.table}_line`;
}
