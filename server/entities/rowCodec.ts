/**
 * Rows between SQL and the wire: columns are snake_case, fields camelCase; timestamps travel as
 * ISO strings, dates as 'YYYY-MM-DD' (the db layers parse `date` as text), exact quantities as
 * their canonical text, money as exact rials (money.ts: a number while safe, its text beyond),
 * string lists as JSON. A document also carries its lifecycle (status,
 * number, submittedAt, amendedFrom) and its lines.
 */
import { isDocument, type Entity, type Line, type Row } from '../../src/contract/entity.ts';
import type { Field } from '../../src/contract/fields.ts';
import { rials, wireRials } from '../../src/contract/money.ts';
import { normalizeQuantity } from '../../src/contract/quantity.ts';
import { columnName } from './columns.ts';

function fieldColumns(fields: Record<string, Field>, p: string): string[] {
  return Object.keys(fields).map((name) => `${p}${columnName(name)}`);
}

/** The SELECT list of an entity's rows: the wire's meta fields and every declared field. */
export function selectList(entity: Entity, alias = ''): string {
  const p = alias ? `${alias}.` : '';
  const lifecycle = isDocument(entity) ? [`${p}status`, `${p}number`, `${p}submitted_at`, `${p}amended_from`] : [];
  return [`${p}id`, `${p}version`, `${p}updated_at`, `${p}deleted`, ...lifecycle, ...fieldColumns(entity.fields, p)].join(', ');
}

/** The SELECT list of a document's lines. */
export function lineSelectList(fields: Record<string, Field>, alias = ''): string {
  const p = alias ? `${alias}.` : '';
  return [`${p}id`, `${p}doc_id`, ...fieldColumns(fields, p)].join(', ');
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
      // Exact: read as rials, sent as a number while safe and as text beyond (never through a float).
      return wireRials(rials(value));
    case 'integer':
      return Number(value);
    case 'decimal':
      return normalizeQuantity(String(value));
    default:
      return value;
  }
}

function fieldsFromDb(fields: Record<string, Field>, record: Record<string, unknown>, into: Record<string, unknown>): void {
  for (const [name, field] of Object.entries(fields)) into[name] = fromColumn(field, record[columnName(name)]);
}

export function rowFromDb(entity: Entity, record: Record<string, unknown>): Row {
  const row: Row = {
    id: String(record.id),
    version: Number(record.version),
    updatedAt: iso(record.updated_at)!,
    deleted: record.deleted === true,
  };
  if (isDocument(entity)) {
    Object.assign(row, {
      status: record.status,
      number: record.number ?? null,
      submittedAt: iso(record.submitted_at),
      amendedFrom: record.amended_from ?? null,
      lines: [],
    });
  }
  fieldsFromDb(entity.fields, record, row);
  return row;
}

export function lineFromDb(fields: Record<string, Field>, record: Record<string, unknown>): Line {
  const line: Line = { id: String(record.id) };
  fieldsFromDb(fields, record, line);
  return line;
}

/** A value ready to be a query parameter of its column (jsonb goes as JSON text, cast in SQL). */
export function toColumn(field: Field, value: unknown): unknown {
  if (value === undefined || value === null) return field.kind === 'stringList' ? '[]' : null;
  if (field.kind === 'stringList') return JSON.stringify(value);
  if (field.kind === 'dateTime') return new Date(String(value));
  if (field.kind === 'money') return rials(value).toString();
  return value;
}

/** The parameter placeholder of a field's column, cast where the engine needs it. */
export function placeholder(field: Field, index: number): string {
  if (field.kind === 'stringList') return `$${index}::jsonb`;
  if (field.kind === 'decimal') return `$${index}::numeric`;
  return `$${index}`;
}
