/**
 * How a declared field lives in SQL: its column name (snake_case of the field name) and its type
 * per field kind. The generator, the schema test and the row codec all read this one table.
 */
import type { Field, FieldKind } from '../../src/contract/fields.ts';

export const sqlTypeByKind: Record<FieldKind, string> = {
  text: 'text',
  longText: 'text',
  integer: 'integer',
  decimal: 'double precision',
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

export function columnName(field: string): string {
  return field.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
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

export const reservedFieldNames = new Set(['id', 'panelId', 'version', 'createdAt', 'updatedAt', 'deleted', 'createdBy', 'updatedBy']);
