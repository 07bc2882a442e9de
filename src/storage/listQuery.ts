/**
 * A list over the rows on this device, by the one list engine's rules (src/contract/list.ts, the
 * same the server's SQL follows): screens keep a table's rows and memoise `selectRows` over them;
 * the data provider reads first, through an index when an equality filter has one.
 */
import type { Collection } from 'dexie';
import type { Entity, Row } from '../contract/entity.ts';
import { activeFilters, selectRows, type ListParams } from '../contract/list.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';

export type { ListParams, SortDirection } from '../contract/list.ts';
export { selectRows };

export interface ListResult {
  items: LocalRow[];
  total: number;
  /** The first rows only, read through an index while the whole table is read (`firstListRows`). */
  partial?: boolean;
  /** A search's first page, answered before its rows were all counted: `total` is how many matched so far (decision 055). */
  counting?: boolean;
}

function candidates(db: PanelDb, entity: Entity, params: ListParams): Collection<LocalRow, string> {
  const table = db.rows(entity);
  const indexed = activeFilters(params.filters).find(
    ([name, value]) => entity.indexes.includes(name) && (typeof value === 'string' || typeof value === 'number'),
  );
  return indexed ? table.where(indexed[0]).equals(indexed[1] as string | number) : table.toCollection();
}

/** The list, reading the rows first (through an index when an equality filter has one). */
export async function queryList(db: PanelDb, entity: Entity, params: ListParams = {}): Promise<ListResult> {
  return selectRows(await candidates(db, entity, params).toArray(), entity, params);
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
