/**
 * The hooks screens read with (react-admin's useGetList/useGetOne): live over the current panel's
 * rows, so a write anywhere (this screen, another tab, a pull) shows at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Entity } from '../contract/entity.ts';
import { useEffect, useMemo, useState } from 'react';
import { activeFilters, matchRows, pageRows, rowOrder, searchWords } from '../contract/list.ts';
import {
  answersEarly,
  FIRST_LIST_ROWS,
  forgetPrefix,
  listIndex,
  onTableWrites,
  prefixAnswer,
  PREFIX_ROWS,
  settledRows,
  tableKey,
  useListPrefix,
} from './listPrefix.ts';
import { queryOne, type ListParams, type ListResult } from './listQuery.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { usePanelData } from './panelData.ts';
import { SlicedWork, useSlicedWorks } from './slicedWork.ts';
import { isCurrentRows, tableMemo, useTableRows } from './tableRows.ts';

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

/** Rows sorted in one step of a list's sort, and merged between two looks at the clock. */
const SORT_RUN = 500;

/**
 * A sort a step at a time (decision 064), so sorting a table of 100,000 rows never holds the page
 * for longer than a slice: runs of SORT_RUN rows sorted, then merged pairwise, level by level,
 * yielding between steps. A run already wholly before the next is copied as it is, so rows that
 * come nearly in order cost about one comparison each. Sorts `rows` (its own array) and answers
 * them in order.
 */
export function* sortSteps<R>(rows: R[], compare: (a: R, b: R) => number): Generator<void, R[], void> {
  const n = rows.length;
  for (let lo = 0; lo < n; lo += SORT_RUN) {
    const run = rows.slice(lo, lo + SORT_RUN).sort(compare);
    for (let i = 0; i < run.length; i++) rows[lo + i] = run[i]!;
    yield;
  }
  let [from, to] = [rows, new Array<R>(n)];
  for (let width = SORT_RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const [mid, hi] = [Math.min(lo + width, n), Math.min(lo + 2 * width, n)];
      let [i, j, k] = [lo, mid, lo];
      if (mid === hi || compare(from[mid - 1]!, from[mid]!) <= 0) while (k < hi) to[k++] = from[i++]!;
      else
        while (k < hi) {
          to[k++] = j >= hi || (i < mid && compare(from[i]!, from[j]!) <= 0) ? from[i++]! : from[j++]!;
          if ((k - lo) % SORT_RUN === 0) yield;
        }
      yield;
    }
    [from, to] = [to, from];
  }
  return from;
}

/**
 * A table's live rows in one list order, sorted once per change of the table (a step at a time): a
 * search or filter keeps the order of what it lets through, so a keystroke filters these instead of
 * sorting again (at 100,000 rows the sort was most of a keystroke's time).
 */
const orderings = new WeakMap<readonly LocalRow[], Map<string, SlicedWork<LocalRow[]>>>();

/** The work of putting a table's rows in a list's order (shared by every list in that order). */
export function orderingOf(rows: readonly LocalRow[], entity: Entity, sort: ListParams['sort']): SlicedWork<LocalRow[]> {
  const by = sort ?? entity.defaultSort;
  const key = `${entity.key}\n${by.field}\n${by.direction}`;
  let sorts = orderings.get(rows);
  if (!sorts) orderings.set(rows, (sorts = new Map()));
  let found = sorts.get(key);
  if (!found) sorts.set(key, (found = new SlicedWork(orderSteps(rows, entity, by), () => isCurrentRows(rows))));
  return found;
}

/** Rows looked at between two looks at the clock, leaving out the deleted ones. */
const KEEP_STEP = 5_000;

/** The live rows (not deleted ones), then sorted: each a step at a time. */
function* orderSteps(rows: readonly LocalRow[], entity: Entity, by: NonNullable<ListParams['sort']>): Generator<void, LocalRow[], void> {
  const kept: LocalRow[] = [];
  for (let lo = 0; lo < rows.length; lo += KEEP_STEP) {
    for (const row of matchRows(rows.slice(lo, lo + KEEP_STEP), entity)) kept.push(row);
    yield;
  }
  return yield* sortSteps(kept, rowOrder(entity, by));
}

function orderedOf(rows: readonly LocalRow[], entity: Entity, sort: ListParams['sort']): LocalRow[] {
  return orderingOf(rows, entity, sort).finish();
}

/** Rows one step of a search's scan runs through `matchRows` (the definition) at a time. */
const SCAN_CHUNK = 2_000;
/** How long a keystroke's own scan may run before it answers with what it has (the rest is counted between frames). */
export const SCAN_BUDGET_MS = 15;
const SCANS_MAX = 16;

/**
 * A search or filter worked through a table's ordered rows a chunk at a time (decision 055): a
 * keystroke needs only the first page of matches, so it scans in list order and stops once the page
 * is full; the rest is counted afterwards in slices between the page's tasks. `base` holds, in list
 * order, every row that may match: the ordered table, or the matches of a search this one narrows
 * (typing adds letters) with what that one had not yet scanned.
 */
interface Scan {
  base: readonly LocalRow[];
  /** How far into `base` the scan has gone. */
  pos: number;
  /** The matches of `base[0, pos)`, in list order. */
  matches: LocalRow[];
  words: string[];
  done: boolean;
  /** The count of the rest, once asked for (`countList`). */
  counting?: SlicedWork<void>;
}

/** The scans of a table's rows, by the list's shape (order, filters, ranges), then by search words. */
const scans = new WeakMap<readonly LocalRow[], Map<string, Map<string, Scan>>>();

function scanOf(rows: readonly LocalRow[], entity: Entity, params: ListParams): Scan {
  const words = searchWords(params.search);
  const shape = JSON.stringify([entity.key, params.sort ?? entity.defaultSort, params.filters ?? {}, params.ranges ?? {}]);
  let shapes = scans.get(rows);
  if (!shapes) scans.set(rows, (shapes = new Map()));
  let byWords = shapes.get(shape);
  if (!byWords) shapes.set(shape, (byWords = new Map()));
  const wordsKey = words.join(' ');
  const known = byWords.get(wordsKey);
  if (known) return known;
  // A row the new words let through, the old ones let through too when each old word lies in a new one.
  let base: readonly LocalRow[] = orderedOf(rows, entity, params.sort);
  for (const old of byWords.values()) {
    if (!old.words.every((word) => words.some((typed) => typed.includes(word)))) continue;
    const left = old.base.length - old.pos;
    if (old.matches.length + left < base.length) base = left ? old.matches.concat(old.base.slice(old.pos)) : old.matches;
  }
  const scan: Scan = { base, pos: 0, matches: [], words, done: base.length === 0 };
  if (byWords.size >= SCANS_MAX) byWords.delete(byWords.keys().next().value!);
  byWords.set(wordsKey, scan);
  return scan;
}

/** Scans on until `wanted` rows have matched, the scan is done, or the clock passes `until` (checked after each chunk). */
function advance(scan: Scan, entity: Entity, params: ListParams, wanted: number, until: number): void {
  while (!scan.done && scan.matches.length < wanted) {
    const chunk = scan.base.slice(scan.pos, scan.pos + SCAN_CHUNK);
    for (const row of matchRows(chunk, entity, params)) scan.matches.push(row);
    scan.pos += chunk.length;
    if (scan.pos >= scan.base.length) scan.done = true;
    else if (performance.now() >= until) return;
  }
}

/** The matches a list's page needs: up to the end of its page, or a first screenful and more of a list without pages. */
function wantedOf(params: ListParams): number {
  return params.page && params.pageSize ? params.page * params.pageSize : FIRST_LIST_ROWS;
}

function narrows(params: ListParams): boolean {
  return (
    searchWords(params.search).length > 0 ||
    activeFilters(params.filters).length > 0 ||
    Object.values(params.ranges ?? {}).some((range) => range.from || range.to)
  );
}

/**
 * A list's answer from a table's rows: the whole answer when known (cached per rows and
 * parameters); else, for a search or filter, the first page of matches in list order as soon as the
 * page is full, `counting` (its `total` is how many matched so far) until `countList` finishes.
 * The items are always exactly `selectRows`' (a unit test compares them).
 */
export function listOf(rows: readonly LocalRow[], entity: Entity, params: ListParams, key = JSON.stringify(params)): ListResult {
  const cacheKey = `${entity.key}\n${key}`;
  let results = worked.get(rows);
  if (!results) worked.set(rows, (results = new Map()));
  const known = results.get(cacheKey);
  if (known) return known;
  let result: ListResult;
  if (!narrows(params)) result = pageRows(matchRows(orderedOf(rows, entity, params.sort), entity, params), params);
  else {
    const scan = scanOf(rows, entity, params);
    advance(scan, entity, params, wantedOf(params), performance.now() + SCAN_BUDGET_MS);
    // A copy: the scan's matches go on growing as the rest is counted.
    if (!scan.done) return { ...pageRows(scan.matches.slice(), params), partial: true, counting: true };
    result = pageRows(scan.matches, params);
  }
  if (results.size >= WORKED_MAX) results.delete(results.keys().next().value!);
  results.set(cacheKey, result);
  return result;
}

/** The rest of a scan, a chunk (SCAN_CHUNK rows) a step. */
function* countSteps(scan: Scan, entity: Entity, params: ListParams): Generator<void, void, void> {
  while (!scan.done) {
    advance(scan, entity, params, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    yield;
  }
}

/**
 * Counts the rest of a list `listOf` answered while `counting`, a slice of SLICE_MS a task
 * (`SlicedWork`), so typing and scrolling go on meanwhile; calls `done` once the whole answer is
 * known. Returns a stop (a newer keystroke's list wants the page instead): the count then stops
 * where it got to, and what was scanned stays for that keystroke to narrow.
 */
export function countList(rows: readonly LocalRow[], entity: Entity, params: ListParams, done: () => void): () => void {
  const scan = scanOf(rows, entity, params);
  scan.counting ??= new SlicedWork(countSteps(scan, entity, params));
  return scan.counting.whenDone(done);
}

/**
 * The first page each list showed, kept across navigations within the session (a list opened again
 * from the menu shows it at once while its table is read), dropped once its table changes.
 */
const firstPages = new Map<string, ListResult>();
const FIRST_PAGES_MAX = 32;
let watchingChanges = false;

function firstPageKey(db: PanelDb, entity: Entity, key: string): string {
  return `${tableKey(db, entity)}\n${key}`;
}

function keepFirstPage(db: PanelDb, entity: Entity, key: string, result: ListResult): void {
  if (!watchingChanges) {
    watchingChanges = true;
    onTableWrites((tables) => {
      for (const cached of [...firstPages.keys()]) if (tables.has(cached.split('\n').slice(0, 2).join('\n'))) firstPages.delete(cached);
    });
  }
  const cacheKey = firstPageKey(db, entity, key);
  const first = { items: result.items.slice(0, FIRST_LIST_ROWS), total: result.total, partial: true };
  firstPages.delete(cacheKey);
  if (firstPages.size >= FIRST_PAGES_MAX) firstPages.delete(firstPages.keys().next().value!);
  firstPages.set(cacheKey, first);
}

/**
 * A list's first rows read through an index, while its whole table is still being read (at 100,000
 * rows that takes seconds on a phone); only for a list without a search, filters or ranges whose
 * order an index reads (`listIndex`). The answer is exactly the start of the whole one
 * (`settledRows`); `total` counts the table (tombstones too) and the answer says it is `partial`.
 * Null when no index serves. A search typed meanwhile is answered from the order's prefix in memory
 * (`prefixAnswer`, decision 065).
 */
export async function firstListRows(db: PanelDb, entity: Entity, params: ListParams): Promise<ListResult | null> {
  if (searchWords(params.search).length || !answersEarly(params)) return null;
  const sort = params.sort ?? entity.defaultSort;
  const index = listIndex(db, entity, sort);
  if (!index) return null;
  const table = db.rows(entity);
  const ordered = sort.direction === 'desc' ? table.orderBy(index).reverse() : table.orderBy(index);
  const wanted = params.pageSize ?? 0;
  const [read, total] = await Promise.all([ordered.limit(FIRST_LIST_ROWS).toArray(), table.count()]);
  if (read.length < FIRST_LIST_ROWS) return null;
  const items = settledRows(read, entity, sort, index);
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

/**
 * The last whole answer of each list of a table, shown while the table, read again after a write,
 * is put in order a slice at a time (at 100,000 rows that takes a few hundred milliseconds on a
 * phone): the list stays as it was, scrolled where it was, until the new order is known. Kept with
 * the table's rows while they are watched; an answer of rows read before the latest is dropped.
 */
interface LastAnswer {
  rows: readonly LocalRow[];
  result: ListResult;
}

function lastAnswersOf(db: PanelDb, entity: Entity): Map<string, LastAnswer> {
  return tableMemo(db, entity, 'lastAnswers', () => new Map<string, LastAnswer>());
}

function keepLastAnswer(db: PanelDb, entity: Entity, key: string, answer: LastAnswer): void {
  const answers = lastAnswersOf(db, entity);
  for (const [known, { rows }] of answers) if (rows !== answer.rows) answers.delete(known);
  answers.set(key, answer);
}

/** The rows of a list (search, filters, sort, page), live: the table is read once per change, the rest is memory work. */
export function useList(entity: Entity, params: ListParams = {}, options: ListOptions = {}): Loaded<ListResult> {
  const panel = usePanelData();
  const [rows] = useTableRows(panel?.db, [entity]);
  const key = JSON.stringify(params);
  const db = panel?.db;
  // Bumped when a list answered while `counting` has been counted whole.
  const [counted, setCounted] = useState(0);
  // The table's rows in this list's order: at once when a slice does it (a table of a few thousand rows), else a slice per task.
  const sortKey = JSON.stringify(params.sort ?? null);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const ordering = useMemo(() => [rows ? orderingOf(rows, entity, params.sort) : undefined], [rows, entity, sortKey]);
  const ordered = useSlicedWorks(ordering)[0] !== undefined;
  const last = db && rows !== undefined && !ordered ? lastAnswersOf(db, entity).get(key)?.result : undefined;
  const early = options.firstRows === true && !ordered && !last;
  const searching = searchWords(params.search).length > 0;
  // `key` stands for `params`, which callers build afresh on every render; the answer says whose it is.
  const first = useLiveQuery(
    async () => (db && early && !searching ? { key, result: await firstListRows(db, entity, params) } : null),
    [db, entity, key, early, searching],
  );
  const firstResult = first?.key === key ? first.result : null;
  const sort = params.sort ?? entity.defaultSort;
  // Once the first rows of a table longer than a prefix are shown, the start of its order is read into memory for a search typed meanwhile.
  const prefix = useListPrefix(db, entity, sort, early && (searching || (firstResult?.total ?? 0) > PREFIX_ROWS));
  const data = useMemo(
    () =>
      !panel
        ? nothing
        : rows && ordered
          ? listOf(rows, entity, params, key)
          : (last ??
            (prefix ? prefixAnswer(prefix, entity, params) : null) ??
            firstResult ??
            (db && options.firstRows ? firstPages.get(firstPageKey(db, entity, key)) : undefined) ??
            undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [panel, rows, ordered, entity, key, firstResult, last, counted, prefix, prefix?.version],
  );
  useEffect(() => {
    if (db && ordered) forgetPrefix(db, entity, sort);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, entity, ordered, sort.field, sort.direction]);
  useEffect(() => {
    if (!rows || !ordered || !data?.counting) return;
    return countList(rows, entity, params, () => setCounted((n) => n + 1));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, ordered, entity, key, data]);
  useEffect(() => {
    if (db && rows && ordered && data && data !== nothing && !data.partial) keepLastAnswer(db, entity, key, { rows, result: data });
  }, [db, rows, ordered, entity, key, data]);
  useEffect(() => {
    if (db && options.firstRows && data && data !== nothing && !data.counting) keepFirstPage(db, entity, key, data);
  }, [db, entity, key, data, options.firstRows]);
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
