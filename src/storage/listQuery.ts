/**
 * A list screen's query over the rows on this device, as a pure function over rows in memory
 * (`selectRows`: screens keep the table's rows and memoise this), and as a read (`queryList`,
 * for the data provider), where an equality filter on an indexed field narrows through the index.
 */
import type { Entity, Row } from '../contract/entity.ts';
import type { Collection } from 'dexie';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { normalizeSearch } from './searchText.ts';

export type SortDirection = 'asc' | 'desc';

export interface ListParams {
  search?: string;
  /** field → the value it must equal (select, reference and boolean filters); undefined/'' is no filter. */
  filters?: Record<string, unknown>;
  /** field → an inclusive range; dates are calendar days in Tehran (for date-time fields too). */
  ranges?: Record<string, { from?: string | null; to?: string | null }>;
  sort?: { field: string; direction: SortDirection };
  /** 1-based; with pageSize. Without them every matching row is answered (for virtual scrolling). */
  page?: number;
  pageSize?: number;
}

export interface ListResult {
  items: LocalRow[];
  total: number;
}

const collator = new Intl.Collator(['fa', 'en'], { numeric: true, sensitivity: 'base' });

/** Nulls last whichever the direction; numbers as numbers, everything else as text in Persian-then-English order. */
export function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

function activeFilters(filters: ListParams['filters']): [string, unknown][] {
  return Object.entries(filters ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== '');
}

function candidates(db: PanelDb, entity: Entity, filters: [string, unknown][]): Collection<LocalRow, string> {
  const table = db.rows(entity);
  const indexed = filters.find(([name, value]) => entity.indexes.includes(name) && (typeof value === 'string' || typeof value === 'number'));
  return indexed ? table.where(indexed[0]).equals(indexed[1] as string | number) : table.toCollection();
}

const TEHRAN_OFFSET = '+03:30';

/** A test for one range: numbers as numbers, dates by day, date-times by the instant that day starts or ends in Tehran. */
function inRange(entity: Entity, name: string, range: { from?: string | null; to?: string | null }): (row: LocalRow) => boolean {
  const kind = entity.fields[name]?.kind;
  if (kind === 'dateTime') {
    const from = range.from ? Date.parse(`${range.from}T00:00:00${TEHRAN_OFFSET}`) : -Infinity;
    const to = range.to ? Date.parse(`${range.to}T23:59:59.999${TEHRAN_OFFSET}`) : Infinity;
    return (row) => {
      const at = Date.parse(String(row[name]));
      return at >= from && at <= to;
    };
  }
  if (kind === 'integer' || kind === 'decimal' || kind === 'money') {
    const from = range.from ? Number(range.from) : -Infinity;
    const to = range.to ? Number(range.to) : Infinity;
    return (row) => typeof row[name] === 'number' && (row[name] as number) >= from && (row[name] as number) <= to;
  }
  return (row) => {
    const value = row[name];
    return typeof value === 'string' && (!range.from || value >= range.from) && (!range.to || value <= range.to);
  };
}

/** Search, filters, ranges, sort and page over rows already in memory (a pure function: screens memoise it). */
export function selectRows(all: readonly LocalRow[], entity: Entity, params: ListParams = {}): ListResult {
  const filters = activeFilters(params.filters);
  const words = normalizeSearch(params.search ?? '').split(/\s+/).filter(Boolean);
  const ranges = Object.entries(params.ranges ?? {})
    .filter(([, range]) => range.from || range.to)
    .map(([name, range]) => inRange(entity, name, range));
  const rows = all.filter(
    (row) =>
      !row.deleted &&
      filters.every(([name, value]) => row[name] === value) &&
      ranges.every((test) => test(row)) &&
      words.every((word) => (row._search ?? '').includes(word)),
  );
  const sort = params.sort ?? entity.defaultSort;
  const sign = sort.direction === 'desc' ? -1 : 1;
  rows.sort((a, b) => {
    const byField = compareValues(a[sort.field], b[sort.field]);
    // Empty values stay last in both directions.
    if (byField !== 0) return a[sort.field] == null || b[sort.field] == null ? byField : sign * byField;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  if (!params.page || !params.pageSize) return { items: rows, total: rows.length };
  const start = (params.page - 1) * params.pageSize;
  return { items: rows.slice(start, start + params.pageSize), total: rows.length };
}

/** The same, reading the rows first (through an index when an equality filter has one). */
export async function queryList(db: PanelDb, entity: Entity, params: ListParams = {}): Promise<ListResult> {
  return selectRows(await candidates(db, entity, activeFilters(params.filters)).toArray(), entity, params);
}

/** One row as screens see it; deleted rows are gone. */
export async function queryOne(db: PanelDb, entity: Entity, id: string): Promise<LocalRow | undefined> {
  const row = await db.rows(entity).get(id);
  return row && !row.deleted ? row : undefined;
}

/** Strips the client's own bookkeeping from a row, for export and display of the raw record. */
export function publicRow(row: LocalRow): Row {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('_'))) as Row;
}
