/**
 * The rows of an entity table, read once per change of the table and shared by every component
 * that shows them (a list, its reference names, its filters): a live query per table, kept while
 * anyone watches. Searching, filtering and sorting then work on this copy in memory, so a
 * keystroke costs no database read at all. A table nobody watches any more stays watched for a
 * while (KEEP_MS), so going back to a list just left shows it at once, current, with no read.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Entity } from '../contract/entity.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';

export const KEEP_MS = 2 * 60 * 1000;

/** Rows read per request: a request's rows are made into objects on the page's thread, in one task. */
export const READ_CHUNK = 1_000;

/**
 * A whole table, read in key order a chunk at a time: at 100,000 rows a single read made every row
 * in one task of seconds on a phone, during which nothing on the page answered; between chunks the
 * page draws and takes input, and other reads (a list's first rows) go in between — which one
 * transaction around the chunks would hold back until its end. Each chunk is read as it stands;
 * a write between two chunks changes rows a live query watches, so it reads again.
 */
export async function readWholeTable(db: PanelDb, entity: Entity): Promise<LocalRow[]> {
  const table = db.rows(entity);
  const rows = await table.orderBy(':id').limit(READ_CHUNK).toArray();
  for (let chunk = rows; chunk.length === READ_CHUNK;) {
    chunk = await table
      .where(':id')
      .above(chunk[chunk.length - 1]!.id)
      .limit(READ_CHUNK)
      .toArray();
    for (const row of chunk) rows.push(row);
  }
  return rows;
}

/** Every kept query's answer as last read, while kept: work on it is still worth finishing. */
const currentAnswers = new WeakSet<object>();

function current(value: unknown, now: boolean): void {
  if (typeof value !== 'object' || value === null) return;
  if (now) currentAnswers.add(value);
  else currentAnswers.delete(value);
}

/**
 * A live query kept while anyone watches it, and for KEEP_MS after the last one leaves (going back
 * to a screen just left shows its answer at once, current, with no read); `value` is undefined
 * until the first answer and after the release.
 */
export class KeptQuery<T> {
  value: T | undefined = undefined;
  /** What screens worked out from the answers, kept while it is watched and dropped with its value. */
  readonly memo = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  /** The timer that stops watching, once nobody has looked for KEEP_MS. */
  private release: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly query: () => Promise<T>,
    private readonly keepMs = KEEP_MS,
  ) {}

  /** Calls `listener` on every new answer; returns the stop. */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    if (this.release) clearTimeout(this.release);
    this.release = null;
    this.subscription ??= liveQuery(this.query).subscribe({
      next: (value) => {
        current(this.value, false);
        this.value = value;
        current(value, true);
        for (const notify of this.listeners) notify();
      },
      // A closed database (the panel changed, logout): the screens showing it are going away.
      error: () => {},
    });
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0 || this.release) return;
      this.release = setTimeout(() => {
        this.release = null;
        if (this.listeners.size > 0) return;
        this.subscription?.unsubscribe();
        this.subscription = null;
        current(this.value, false);
        this.value = undefined;
        this.memo.clear();
      }, this.keepMs);
    };
  }
}

const watched = new WeakMap<PanelDb, Map<string, KeptQuery<LocalRow[]>>>();

/**
 * Whether `rows` are a watched table's rows as last read (not rows a write has since replaced, nor
 * those of a table nobody has looked at for KEEP_MS): work begun on them is worth finishing even
 * after the screen that began it has gone, since going back to it will want it.
 */
export function isCurrentRows(rows: readonly LocalRow[]): boolean {
  return currentAnswers.has(rows);
}

function entry(db: PanelDb, entity: Entity): KeptQuery<LocalRow[]> {
  let tables = watched.get(db);
  if (!tables) watched.set(db, (tables = new Map()));
  let found = tables.get(entity.table);
  if (!found) tables.set(entity.table, (found = new KeptQuery(() => readWholeTable(db, entity))));
  return found;
}

/**
 * What screens work out from an entity's rows, kept while the table is watched (`KeptQuery.memo`):
 * the thing named `name`, made by `make` the first time.
 */
export function tableMemo<T>(db: PanelDb, entity: Entity, name: string, make: () => T): T {
  const memo = entry(db, entity).memo;
  if (!memo.has(name)) memo.set(name, make());
  return memo.get(name) as T;
}

/** Each entity's live rows (undefined until first read), one array per entity, stable between changes. */
export function useTableRows(db: PanelDb | undefined, entities: readonly Entity[]): (LocalRow[] | undefined)[] {
  const key = entities.map((e) => e.table).join(',');
  const last = useRef<(LocalRow[] | undefined)[]>([]);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!db) return () => {};
      const stops = entities.map((entity) => entry(db, entity).watch(listener));
      return () => stops.forEach((stop) => stop());
    },
    // `key` names the entities; the array itself may be rebuilt by the caller on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [db, key],
  );
  const snapshot = () => {
    const current = db ? entities.map((entity) => entry(db, entity).value) : entities.map(() => undefined);
    if (current.length !== last.current.length || current.some((rows, i) => rows !== last.current[i])) last.current = current;
    return last.current;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
