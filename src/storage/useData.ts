/**
 * The hooks screens read with (react-admin's useGetList/useGetOne): live over the current panel's
 * rows, so a write anywhere (this screen, another tab, a pull) shows at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Entity } from '../contract/entity.ts';
import { useMemo } from 'react';
import { queryOne, selectRows, type ListParams, type ListResult } from './listQuery.ts';
import type { LocalRow } from './localRecords.ts';
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

function listOf(rows: readonly LocalRow[], entity: Entity, params: ListParams, key: string): ListResult {
  const cacheKey = `${entity.key}\n${key}`;
  let results = worked.get(rows);
  if (!results) worked.set(rows, (results = new Map()));
  const known = results.get(cacheKey);
  if (known) return known;
  const result = selectRows(rows, entity, params);
  if (results.size >= WORKED_MAX) results.delete(results.keys().next().value!);
  results.set(cacheKey, result);
  return result;
}

/** The rows of a list (search, filters, sort, page), live: the table is read once per change, the rest is memory work. */
export function useList(entity: Entity, params: ListParams = {}): Loaded<ListResult> {
  const panel = usePanelData();
  const [rows] = useTableRows(panel?.db, [entity]);
  const key = JSON.stringify(params);
  // `key` stands for `params`, which callers build afresh on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => (!panel ? nothing : rows ? listOf(rows, entity, params, key) : undefined), [panel, rows, entity, key]);
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
