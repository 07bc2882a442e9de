/**
 * The start of a list's order, read through its index into memory while the whole table is still
 * being read (decision 065): a search typed then is answered from memory in the keystroke's own
 * render, instead of by a read of IndexedDB that the keystroke starts and waits for (at 100,000
 * rows and the CPU 4× slower, a read that competes with the table's own chunks took 50–600 ms).
 */
import Dexie from 'dexie';
import { useEffect, useSyncExternalStore } from 'react';
import type { Entity } from '../contract/entity.ts';
import { activeFilters, matchRows, orderRows, searchWords, sortsByTitle, type ListParams } from '../contract/list.ts';
import type { ListResult } from './listQuery.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';

/** Rows a step of the prefix reads (made into objects on the page's thread, in one task). */
export const PREFIX_READ = 1_000;
/** Rows a prefix holds at most: enough for a screenful of most first letters. */
export const PREFIX_ROWS = 4_000;
const PREFIXES_MAX = 4;

/** How many rows a list's first answer reads through an index, before its table is in memory: more than a long list's `VIRTUAL_FROM`, so the first answer scrolls in the same box as the whole one. */
export const FIRST_LIST_ROWS = 250;

const indexedKinds: ReadonlySet<string> = new Set(['date', 'dateTime', 'integer', 'updatedAt']);

/**
 * The index that reads a list in its own order (decision 054), or null: the title's sort key
 * (`_sort`) for a text title, or an indexed date, instant or whole number; `updatedAt` only where
 * the table has that index (decision 056).
 */
export function listIndex(db: PanelDb, entity: Entity, sort: NonNullable<ListParams['sort']>): string | null {
  const kind = sort.field === 'updatedAt' ? 'updatedAt' : entity.fields[sort.field]?.kind;
  const index =
    sort.field === entity.titleField && sortsByTitle(entity)
      ? '_sort'
      : kind && indexedKinds.has(kind) && (sort.field === 'updatedAt' || entity.indexes.includes(sort.field))
        ? sort.field
        : null;
  return index && db.rows(entity).schema.idxByName[index] ? index : null;
}

/** Whether a list's first rows can be the start of its order through an index: no filter, range or later page. */
export function answersEarly(params: ListParams): boolean {
  if (activeFilters(params.filters).length) return false;
  if (Object.values(params.ranges ?? {}).some((range) => range.from || range.to)) return false;
  return (params.page ?? 1) === 1;
}

/**
 * Rows read through an index that are exactly the start of the whole list: the last value's rows
 * are left out (more may follow it, and ties go by id, which the index's reverse order does not
 * follow), and so are empty values (last in the list, not in the index) and deletions.
 */
export function settledRows(read: readonly LocalRow[], entity: Entity, sort: NonNullable<ListParams['sort']>, index: string): LocalRow[] {
  if (!read.length) return [];
  const last = read[read.length - 1]![index];
  return orderRows(
    read.filter((row) => !row.deleted && row[index] !== last && row[sort.field] !== '' && row[sort.field] != null),
    entity,
    sort,
  );
}

/** The start of one list order of a table, read a step at a time up to PREFIX_ROWS. */
export class ListPrefix {
  /** The rows read, in the index's order. */
  private readonly read: LocalRow[] = [];
  /** `read` made the exact start of the list (`settledRows`), once per step. */
  settled: LocalRow[] = [];
  /** The index was read to its end: the whole table, which its own read is about to answer. */
  ended = false;
  /** Changes with every step and when dropped (for `useSyncExternalStore`). */
  version = 0;
  dropped = false;
  private reading: Promise<void> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: PanelDb,
    private readonly entity: Entity,
    private readonly sort: NonNullable<ListParams['sort']>,
    private readonly index: string,
  ) {}

  get full(): boolean {
    return this.ended || this.dropped || this.read.length >= PREFIX_ROWS;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Reads the next step, from where the last one ended: the last value's key again, its rows
   * already read left out here (Dexie reads an offset with a cursor, a request a row: 0.3–2 s for
   * 1,000 rows while the table is read).
   */
  readMore(): Promise<void> {
    if (this.full) return Promise.resolve();
    this.reading ??= this.step()
      .catch(() => {
        // A database closed or gone (a panel left): no early answer; the table's own read says what happened.
        this.ended = true;
      })
      .finally(() => {
        this.reading = undefined;
        this.changed();
      });
    return this.reading;
  }

  drop(): void {
    this.dropped = true;
    this.changed();
  }

  private async step(): Promise<void> {
    const { index, read } = this;
    const table = this.db.rows(this.entity);
    const desc = this.sort.direction === 'desc';
    const last = read[read.length - 1];
    let from = desc ? table.orderBy(index).reverse() : table.orderBy(index);
    // The last value's rows already read come first again: an offset would make Dexie walk a cursor, a row a request.
    let ties = 0;
    if (last) {
      const key = last[index] as string | number;
      while (ties < read.length && read[read.length - 1 - ties]![index] === key) ties++;
      from = desc ? table.where(index).belowOrEqual(key).reverse() : table.where(index).aboveOrEqual(key);
    }
    const rows = await from.limit(ties + PREFIX_READ).toArray();
    if (this.dropped) return;
    for (let i = ties; i < rows.length; i++) read.push(rows[i]!);
    this.ended = rows.length < ties + PREFIX_READ;
    this.settled = settledRows(read, this.entity, this.sort, index);
  }

  private changed(): void {
    this.version++;
    for (const listener of [...this.listeners]) listener();
  }
}

const prefixes = new Map<string, ListPrefix>();
let watchingWrites = false;

/**
 * Keys of the form "<database>\n<table>" of every table a write touches, from this tab or another
 * (Dexie tells both and names the parts it touched: "idb://<db>/<table>/<index>"), to `listener`.
 */
export function onTableWrites(listener: (tables: ReadonlySet<string>) => void): void {
  Dexie.on('storagemutated', (parts) =>
    listener(new Set(Object.keys(parts).map((part) => part.slice('idb://'.length).split('/').slice(0, 2).join('\n')))),
  );
}

export function tableKey(db: PanelDb, entity: Entity): string {
  return `${db.name}\n${entity.table}`;
}

/** The prefix of a list order, kept until a write to its table (a new one then); null when no index serves. */
export function prefixOf(db: PanelDb, entity: Entity, sort: NonNullable<ListParams['sort']>): ListPrefix | null {
  const index = listIndex(db, entity, sort);
  if (!index) return null;
  if (!watchingWrites) {
    watchingWrites = true;
    onTableWrites((tables) => {
      for (const [key, prefix] of [...prefixes])
        if (tables.has(key.split('\n').slice(0, 2).join('\n'))) {
          prefixes.delete(key);
          prefix.drop();
        }
    });
  }
  const key = `${tableKey(db, entity)}\n${sort.field}\n${sort.direction}`;
  let prefix = prefixes.get(key);
  if (!prefix) {
    if (prefixes.size >= PREFIXES_MAX) prefixes.delete(prefixes.keys().next().value!);
    prefixes.set(key, (prefix = new ListPrefix(db, entity, sort, index)));
  }
  return prefix;
}

/** Forgets a list order's prefix (its list is in memory whole now). */
export function forgetPrefix(db: PanelDb, entity: Entity, sort: NonNullable<ListParams['sort']>): void {
  prefixes.delete(`${tableKey(db, entity)}\n${sort.field}\n${sort.direction}`);
}

/**
 * A search's first answer from a prefix (decision 055's early answer, decision 065's memory): the
 * first page of matches among its settled rows (FIRST_LIST_ROWS for a list without pages, as the
 * scan of the ordered table answers next: the list does not shrink under a person scrolling it),
 * once they fill it or the prefix is read as far as it goes; `counting`, with `total` the matches
 * so far. Null while more is to be read, when nothing matched, or when the prefix is the whole
 * table (its own read answers).
 */
export function prefixAnswer(prefix: ListPrefix, entity: Entity, params: ListParams): ListResult | null {
  if (!searchWords(params.search).length || !answersEarly(params) || prefix.dropped) return null;
  const wanted = params.pageSize || FIRST_LIST_ROWS;
  const items = matchRows(prefix.settled, entity, params);
  if (prefix.ended || !items.length || (items.length < wanted && !prefix.full)) return null;
  return { items: items.slice(0, wanted), total: items.length, partial: true, counting: true };
}

/**
 * A list order's prefix, read step by step to PREFIX_ROWS while `active` (a list shown while its
 * table is read); the component renders again with each step. Null when no index serves.
 */
export function useListPrefix(
  db: PanelDb | undefined,
  entity: Entity,
  sort: NonNullable<ListParams['sort']>,
  active: boolean,
): ListPrefix | null {
  const prefix = db && active ? prefixOf(db, entity, sort) : null;
  const version = useSyncExternalStore(prefix?.subscribe ?? noChanges, () => prefix?.version ?? 0);
  useEffect(() => {
    if (prefix && !prefix.full) void prefix.readMore();
  }, [prefix, version]);
  return prefix;
}

const noChanges = () => () => {};
