/**
 * Rows between SQL and the wire: columns are snake_case, fields camelCase; timestamps travel as
 * ISO strings, dates as 'YYYY-MM-DD' (the db layers parse `date` as text), string lists as JSON.
 */
import type { Entity, Row } from '../../src/contract/entity.ts';
import type { Field } from '../../src/contract/fields.ts';
import { columnName } from './columns.ts';

/** The SELECT list of an entity's rows: the wire's meta fields and every declared field. */
export function selectList(entity: Entity, alias = ''): string {
  const p = alias ? `${alias}.` : '';
  const fields = Object.keys(entity.fields).map((name) => `${p}${columnName(name)}`);
  return [`${p}id`, `${p}version`, `${p}updated_at`, `${p}deleted`, ...fields].join(', ');
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

function fromColumn(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return field.kind === 'stringList' ? [] : null;
  switch (field.kind) {
    case 'dateTime':
      return iso(value);
    case 'money':
    case 'integer':
    case 'decimal':
      return Number(value);
    default:
      return value;
  }
}

export function rowFromDb(entity: Entity, record: Record<string, unknown>): Row {
  const row: Row = {
    id: String(record.id),
    version: Number(record.version),
    updatedAt: iso(record.updated_at)!,
    deleted: record.deleted === true,
  };
  for (const [name, field] of Object.entries(entity.fields)) row[name] = fromColumn(field, record[columnName(name)]);
  return row;
}

/** A value ready to be a query parameter of its column (jsonb goes as JSON text, cast in SQL). */
export function toColumn(field: Field, value: unknown): unknown {
  if (value === undefined || value === null) return field.kind === 'stringList' ? '[]' : null;
  if (field.kind === 'stringList') return JSON.stringify(value);
  if (field.kind === 'dateTime') return new Date(String(value));
  return value;
}

/** The parameter placeholder of a field's column, cast where the engine needs it. */
export function placeholder(field: Field, index: number): string {
  return field.kind === 'stringList' ? `$${index}::jsonb` : `$${index}`;
}
