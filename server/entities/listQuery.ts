/**
 * The list of an entity's live rows in a panel: search (over the declared search fields, Persian
 * and Arabic letters and digits folded alike), filters (`filter.<field>=<value>`, an empty value
 * meaning "not set"; `filter.<field>.from` / `.to` for numbers, dates and times), sort, order and
 * paging, answered with the total in the same query.
 */
import { Code } from '../../src/contract/codes.ts';
import {
  LIST_PAGE_SIZE_DEFAULT,
  LIST_PAGE_SIZE_MAX,
  fieldOf,
  type Entity,
  type EntityListResponse,
} from '../../src/contract/entity.ts';
import { normalizeField, type Field } from '../../src/contract/fields.ts';
import { normalizePersianText } from '../../src/contract/normalize.ts';
import type { Queryable } from '../db/Db.ts';
import { AppError } from '../errors.ts';
import { columnName } from './columns.ts';
import { rowFromDb, selectList, toColumn } from './rowCodec.ts';

const rangeKinds = new Set(['integer', 'decimal', 'money', 'date', 'dateTime']);
const FOLD = `'يكى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', 'یکی01234567890123456789'`;

const badRequest = () => new AppError(Code.BadRequest, 400);

function single(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.includes('\u0000')) throw badRequest();
  return value;
}

function whole(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest();
  return n;
}

function filterValue(field: Field, raw: string): unknown {
  const input = field.kind === 'boolean' ? (raw === 'true' ? true : raw === 'false' ? false : raw) : raw;
  const result = normalizeField({ ...field, kind: field.kind === 'stringList' ? 'text' : field.kind, required: true } as Field, input);
  if ('problem' in result) throw badRequest();
  return result.value;
}

class SqlWhere {
  readonly clauses: string[] = [];
  constructor(readonly params: unknown[]) {}
  add(sql: (p: string) => string, value: unknown): void {
    this.params.push(value);
    this.clauses.push(sql(`$${this.params.length}`));
  }
}

function addFilter(where: SqlWhere, entity: Entity, key: string, raw: string): void {
  const [name = '', bound] = key.slice('filter.'.length).split('.');
  const field = fieldOf(entity, name);
  if (!field || (bound !== undefined && (!(bound === 'from' || bound === 'to') || !rangeKinds.has(field.kind)))) throw badRequest();
  const column = columnName(name);
  if (raw === '') {
    if (bound !== undefined) throw badRequest();
    where.clauses.push(field.kind === 'stringList' ? `${column} = '[]'::jsonb` : `${column} IS NULL`);
    return;
  }
  const value = filterValue(field, raw);
  if (field.kind === 'stringList') where.add((p) => `${column} @> ${p}::jsonb`, JSON.stringify([value]));
  else if (bound === 'from') where.add((p) => `${column} >= ${p}`, toColumn(field, value));
  else if (bound === 'to') where.add((p) => `${column} <= ${p}`, toColumn(field, value));
  else where.add((p) => `${column} = ${p}`, toColumn(field, value));
}

function addSearch(where: SqlWhere, entity: Entity, raw: string): void {
  const term = normalizePersianText(raw).toLowerCase();
  if (!term || !entity.searchFields.length) return;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  where.add(
    (p) => `(${entity.searchFields.map((f) => `translate(lower(coalesce(${columnName(f)}::text, '')), ${FOLD}) LIKE ${p}`).join(' OR ')})`,
    pattern,
  );
}

export async function listRows(q: Queryable, entity: Entity, panelId: string, query: Record<string, unknown>): Promise<EntityListResponse> {
  const where = new SqlWhere([panelId]);
  where.clauses.push('panel_id = $1', 'NOT deleted');
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('filter.')) addFilter(where, entity, key, single(value) ?? '');
  }
  const search = single(query.search);
  if (search) addSearch(where, entity, search.slice(0, 200));
  const sortField = single(query.sort) || entity.defaultSort.field;
  if (sortField !== 'updatedAt' && !fieldOf(entity, sortField)) throw badRequest();
  const order = single(query.order) || (single(query.sort) ? 'asc' : entity.defaultSort.direction);
  if (order !== 'asc' && order !== 'desc') throw badRequest();
  const page = whole(single(query.page), 1, 1, 1_000_000);
  const pageSize = whole(single(query.pageSize), LIST_PAGE_SIZE_DEFAULT, 1, LIST_PAGE_SIZE_MAX);

  const column = sortField === 'updatedAt' ? 'updated_at' : columnName(sortField);
  const filter = where.clauses.join(' AND ');
  const params = [...where.params, pageSize, (page - 1) * pageSize];
  const records = await q.query(
    `SELECT ${selectList(entity)}, count(*) OVER () AS total_count FROM ${entity.table} WHERE ${filter}
     ORDER BY ${column} ${order}, id ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = Number(records[0]?.total_count ?? 0);
  if (!records.length && page > 1) {
    const [counted] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${entity.table} WHERE ${filter}`, where.params);
    total = counted?.n ?? 0;
  }
  return { items: records.map((r) => rowFromDb(entity, r)), total, page, pageSize };
}
