/**
 * The hooks screens read with (react-admin's useGetList/useGetOne): live over the current panel's
 * rows, so a write anywhere (this screen, another tab, a pull) shows at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Entity } from '../contract/entity.ts';
import { useMemo } from 'react';
import type { FieldKind } from '../contract/fields.ts';
import { activeFilters, matchRows, orderRows, pageRows, searchWords, textSortKinds } from '../contract/list.ts';
import { queryOne, type ListParams, type ListResult } from './listQuery.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { usePanelData } from './panelData.ts';
import { useTableRows } from './tableRows.ts';

export interface Loaded<T> {
  data: T | undefined;
  loading: boolean;
}

const nothing: ListResult = { items: [], total: 0 };

/**
 * The lists already worked out from a table's rows, by their parameters: a screen opened again
 * (or two showing the same list) sorts 10,000 rows once. Rows change as a new array, so a change
 * leaves its old results to the garbage collector.
 */
const worked = new WeakMap<readonly LocalRow[], Map<string, ListResult>>();
const WORKED_MAX = 8;

/**
 * A table's live rows in one list order, sorted once per change of the table: a search or filter
 * keeps the order of what it lets through, so a keystroke filters these instead of sorting again
 * (at 100,000 rows the sort was most of a keystroke's time).
 */
const ordered = new WeakMap<readonly LocalRow[], Map<string, LocalRow[]>>();

function orderedOf(rows: readonly LocalRow[], entity: Entity, sort: ListParams['sort']): LocalRow[] {
  const by = sort ?? entity.defaultSort;
  const key = `${entity.key}\n${by.field}\n${by.direction}`;
  let sorts = ordered.get(rows);
  if (!sorts) ordered.set(rows, (sorts = new Map()));
  let found = sorts.get(key);
  if (!found) sorts.set(key, (found = orderRows(matchRows(rows, entity), entity, by)));
  return found;
}

function listOf(rows: readonly LocalRow[], entity: Entity, params: ListParams, key: string): ListResult {
  const cacheKey = `${entity.key}\n${key}`;
  let results = worked.get(rows);
  if (!results) worked.set(rows, (results = new Map()));
  const known = results.get(cacheKey);
  if (known) return known;
  const result = pageRows(matchRows(orderedOf(rows, entity, params.sort), entity, params), params);
  if (results.size >= WORKED_MAX) results.delete(results.keys().next().value!);
  results.set(cacheKey, result);
  return result;
}

/**
 * How many rows a list's first answer reads through an index, before its table is in memory: more
 * than a long list's `VIRTUAL_FROM`, so the first answer scrolls in the same box as the whole one.
 */
export const FIRST_LIST_ROWS = 250;

const indexedKinds: ReadonlySet<string> = new Set(['date', 'dateTime', 'integer', 'updatedAt']);

/**
 * A list's first rows read through an index, while its whole table is still being read (at 100,000
 * rows that takes seconds on a phone): only for a list without search, filters or ranges, sorted by
 * the title (`_sort`) or by an indexed date, instant or whole number, whose index order is the
 * list's. The last value's rows are left out (ties go by id, which the index's reverse order does
 * not follow), so the answer is exactly the start of the whole one; `total` counts the table
 * (tombstones too) and the answer says it is `partial`. Null when no index serves.
 */
export async function firstListRows(db: PanelDb, entity: Entity, params: ListParams): Promise<ListResult | null> {
  if (searchWords(params.search).length || activeFilters(params.filters).length) return null;
  if (Object.values(params.ranges ?? {}).some((range) => range.from || range.to)) return null;
  if ((params.page ?? 1) > 1) return null;
  const sort = params.sort ?? entity.defaultSort;
  const kind = sort.field === 'updatedAt' ? 'updatedAt' : entity.fields[sort.field]?.kind;
  const index =
    sort.field === entity.titleField && kind !== undefined && textSortKinds.has(kind as FieldKind)
      ? '_sort'
      : kind && indexedKinds.has(kind) && (sort.field === 'updatedAt' || entity.indexes.includes(sort.field))
        ? sort.field
        : null;
  const table = db.rows(entity);
  // `updatedAt` is indexed only where a list is ordered by it by default (decision 056).
  if (!index || !table.schema.idxByName[index]) return null;
  const ordered = sort.direction === 'desc' ? table.orderBy(index).reverse() : table.orderBy(index);
  const [read, total] = await Promise.all([ordered.limit(FIRST_LIST_ROWS).toArray(), table.count()]);
  if (read.length < FIRST_LIST_ROWS) return null;
  const last = read[read.length - 1]![index];
  const items = orderRows(
    read.filter((row) => !row.deleted && row[index] !== last && row[sort.field] !== '' && row[sort.field] != null),
    entity,
    sort,
  );
  const wanted = params.pageSize ?? 0;
  if (!items.length || items.length < wanted) return null;
  return { items: wanted ? items.slice(0, wanted) : items, total, partial: true };
}

export interface ListOptions {
  /**
   * Answer the first rows through an index while the table is read (`firstListRows`): for a list a
   * person scrolls, not for a screen that sums or counts its rows.
   */
  firstRows?: boolean;
}

/** The rows of a list (search, filters, sort, page), live: the table is read once per change, the rest is memory work. */
export function useList(entity: Entity, params: ListParams = {}, options: ListOptions = {}): Loaded<ListResult> {
  const panel = usePanelData();
  const [rows] = useTableRows(panel?.db, [entity]);
  const key = JSON.stringify(params);
  const db = panel?.db;
  const early = options.firstRows === true && rows === undefined;
  // `key` stands for `params`, which callers build afresh on every render.
  const first = useLiveQuery(async () => (db && early ? firstListRows(db, entity, params) : null), [db, entity, key, early]);
  const data = useMemo(
    () => (!panel ? nothing : rows ? listOf(rows, entity, params, key) : (first ?? undefined)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [panel, rows, entity, key, first],
  );
  return { data, loading: data === undefined };
}

/**
 * Rows in the order of one of the entity's indexes, read through that index (so a long audit log
 * is not read whole): those above a value, or the last `limit` of them, highest first.
 */
export function useByIndex(entity: Entity, index: string, options: { above?: string | number; limit?: number }): LocalRow[] | undefined {
  const panel = usePanelData();
  const db = panel?.db;
  const { above, limit } = options;
  return useLiveQuery(async () => {
    if (!db) return [];
    const table = db.rows(entity);
    const ordered = above === undefined ? table.orderBy(index) : table.where(index).above(above);
    const rows = await (limit === undefined ? ordered.reverse() : ordered.reverse().limit(limit)).toArray();
    return rows.filter((row) => !row.deleted);
  }, [db, entity, index, above, limit]);
}

/** One row; `null` when it does not exist (or was deleted), undefined while loading. */
export function useOne(entity: Entity, id: string | null | undefined): Loaded<LocalRow | null> {
  const panel = usePanelData();
  const db = panel?.db;
  const data = useLiveQuery(async () => (db && id ? ((await queryOne(db, entity, id)) ?? null) : null), [db, entity, id]);
  return { data, loading: data === undefined };
}
