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

/** The rows of a list (search, filters, sort, page), live: the table is read once per change, the rest is memory work. */
export function useList(entity: Entity, params: ListParams = {}): Loaded<ListResult> {
  const panel = usePanelData();
  const [rows] = useTableRows(panel?.db, [entity]);
  const key = JSON.stringify(params);
  // `key` stands for `params`, which callers build afresh on every render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const data = useMemo(() => (!panel ? nothing : rows ? selectRows(rows, entity, params) : undefined), [panel, rows, entity, key]);
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
