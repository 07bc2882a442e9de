/**
 * A device's window of history, kept (decision 050): the pull says each windowed entity's first
 * day, and what falls before it leaves the device. Eviction is not a deletion: no tombstone is
 * kept, nothing goes to the outbox, and a later pull (or the server's answer for a page) that
 * brings the row back stores it again. A row with writes not yet accepted (`_pending`, the outbox)
 * or a sync problem stays whatever its date, so nothing of the person's is ever dropped; so does a
 * row a screen shows, until the window next moves.
 * Runs inside the caller's transaction (applyPullPage), which covers every table.
 */
import type { Entity, Row } from '../contract/entity.ts';
import { inWindow } from '../contract/syncWindow.ts';
import { tehranDayBound } from '../contract/list.ts';
import type { PanelDb } from './PanelDb.ts';

export type Windows = Readonly<Record<string, string>>;

/** Whether a row (pulled or stored) falls before its entity's window on this device. */
export function beforeWindow(entity: Entity, row: Row | Record<string, unknown>, windows: Windows | undefined): boolean {
  if (!entity.window || !windows) return false;
  return !inWindow(entity, row, windows[entity.key]);
}

/** The rows a screen of this tab shows now, per panel database: `<entity key>\n<id>` → how many screens. */
const onScreen = new WeakMap<PanelDb, Map<string, number>>();

/**
 * Keeps a row on the device while a screen shows it (usePageRecord): a pull that brings it from
 * before the window (the person has just cancelled an old receipt on its page) refreshes it instead
 * of taking it from under the page, where the next tap (Amend) would find nothing. Once no screen
 * shows it, it leaves with the window's next move. Answers the release.
 */
export function keepWhileShown(db: PanelDb, entity: Entity, id: string): () => void {
  const shown = onScreen.get(db) ?? new Map<string, number>();
  onScreen.set(db, shown);
  const key = `${entity.key}\n${id}`;
  shown.set(key, (shown.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (shown.get(key) ?? 1) - 1;
    if (left > 0) shown.set(key, left);
    else shown.delete(key);
  };
}

/**
 * The ids among these that must stay whatever their date: writes pending (a local row's
 * `_pending`, which counts its outbox entries), a sync problem (kept even when the device has no
 * copy, so the problem's card can show the server's row), or a screen showing it (`keepWhileShown`).
 * Answers those on the device too.
 */
async function heldIds(db: PanelDb, entity: Entity, ids: readonly string[]): Promise<{ held: Set<string>; present: string[] }> {
  const [locals, problems] = await Promise.all([db.rows(entity).bulkGet([...ids]), db.problems.count()]);
  const held = new Set<string>();
  const present: string[] = [];
  const shown = onScreen.get(db);
  locals.forEach((local, i) => {
    if (!local) return;
    present.push(ids[i]!);
    if (local._pending > 0 || shown?.has(`${entity.key}\n${ids[i]!}`)) held.add(ids[i]!);
  });
  // The problems are few; most pulls have none to look through.
  if (problems > 0)
    for (const problem of await db.problems.where('id').anyOf(ids).toArray()) if (problem.entity === entity.key) held.add(problem.id);
  return { held, present };
}

/**
 * Drops the device's copies of these rows, which fall before the window, except those held
 * (answered: they are reconciled as any pulled row is).
 */
export async function evictRows(db: PanelDb, entity: Entity, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const { held, present } = await heldIds(db, entity, ids);
  const leaving = present.filter((id) => !held.has(id));
  if (leaving.length) await db.rows(entity).bulkDelete(leaving);
  return held;
}

/** Reads, through the window field's index, the rows of an entity stored before `from`, and drops those not held. */
export async function evictBefore(db: PanelDb, entity: Entity, from: string): Promise<number> {
  const window = entity.window;
  if (!window) return 0;
  const bound = entity.fields[window.field]?.kind === 'dateTime' ? tehranDayBound(from, false) : from;
  const older = await db.rows(entity).where(window.field).below(bound).toArray();
  const leaving = older.filter((row) => !row.deleted && !inWindow(entity, row, from)).map((row) => row.id);
  if (!leaving.length) return 0;
  const held = await evictRows(db, entity, leaving);
  return leaving.length - held.size;
}

/**
 * The pull's windows against those the device last kept: a window that starts later than before
 * (a new month, or an entity newly windowed) evicts what is now before it; one that starts
 * earlier (or is gone) is `widened`: rows this device dropped belong on it again, so pull starts
 * again from 0 to fetch them.
 */
export async function followWindows(
  db: PanelDb,
  before: Windows | undefined,
  next: Windows,
): Promise<{ evicted: number; widened: boolean }> {
  let evicted = 0;
  let widened = false;
  for (const entity of db.entities) {
    if (!entity.window) continue;
    const was = before?.[entity.key];
    const now = next[entity.key];
    // Not readable now: followReadable settles its rows.
    if (now === undefined) continue;
    if (was !== undefined && now < was) widened = true;
    else if (was === undefined || now > was) evicted += await evictBefore(db, entity, now);
  }
  // A window the device kept for an entity this build no longer windows: its older rows belong again.
  for (const key of Object.keys(before ?? {})) {
    const entity = db.entityOf(key);
    if (entity && !entity.window && next[key] === undefined) widened = true;
  }
  return { evicted, widened };
}
