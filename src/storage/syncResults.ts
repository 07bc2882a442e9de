/**
 * Writes what the server answered into the database, each answer in one transaction: push results
 * (applied → the outbox entry goes and the server's row is kept; rejected → the entry moves to
 * problems and the row shows the server's version again) and pull pages (newer server rows, with
 * pending local changes replayed on top, and the cursor that goes with them).
 */
import type { Entity, Row } from '../contract/entity.ts';
import type { MutationResult, PushResponse, SyncChange } from '../contract/sync.ts';
import type { OutboxEntry, SnapshotState } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { rebuildTotals } from './entityTotals.ts';
import { reconcileRows } from './reconcile.ts';
import { readSyncState } from './syncStateStore.ts';
import { beforeWindow, evictRows, followWindows } from './windowEviction.ts';

class RowsToReconcile {
  private readonly byEntity = new Map<Entity, { ids: string[]; rows: Map<string, Row> }>();
  add(entity: Entity, id: string, row: Row | null | undefined): void {
    let group = this.byEntity.get(entity);
    if (!group) this.byEntity.set(entity, (group = { ids: [], rows: new Map() }));
    group.ids.push(id);
    if (row) {
      const seen = group.rows.get(id);
      if (!seen || row.version >= seen.version) group.rows.set(id, row);
    }
  }
  async reconcile(db: PanelDb): Promise<void> {
    for (const [entity, { ids, rows }] of this.byEntity) {
      await reconcileRows(db, entity, ids, rows);
      if (entity.document) await dropOvertakenSteps(db, entity, rows);
    }
  }
}

/** Clears the rows of an entity the person may no longer read, but those with changes pending; its totals are worked out again (decision 052). */
async function clearRows(db: PanelDb, entity: Entity): Promise<void> {
  await db
    .rows(entity)
    .filter((row) => row._pending === 0)
    .delete();
  if (entity.totals) await rebuildTotals(db, entity);
}

function allTables(db: PanelDb) {
  return [db.outbox, db.problems, db.syncState, db.totals, db.seen, ...db.entities.map((e) => db.rows(e))];
}

/** The `seen` table's key of a row a sweeping snapshot sent. */
const seenKey = (entity: Entity, id: string) => `${entity.table}\n${id}`;

/**
 * A snapshot starts (its first page is asked for): forgets what an earlier one noted as seen, and
 * answers whether it runs over rows the device already holds, so must sweep when it ends.
 */
export async function startSnapshot(db: PanelDb): Promise<boolean> {
  return db.transaction('rw', [db.seen, ...db.entities.map((e) => db.rows(e))], async () => {
    await db.seen.clear();
    for (const entity of db.entities) if ((await db.rows(entity).limit(1).primaryKeys()).length) return true;
    return false;
  });
}

/**
 * A sweeping snapshot has ended: the rows it did not send leave the device — deleted, or gone out
 * of the window or the person's scope while the device was not following the log (it began again
 * from the start) — except those held (writes pending, a problem, a screen showing them:
 * `evictRows`). Not a deletion: no tombstone, nothing queued. A row changed after the snapshot
 * began and not sent by it comes again from the log, which the engine pulls next.
 */
async function sweepUnseen(db: PanelDb): Promise<void> {
  for (const entity of db.entities) {
    const ids = await db.rows(entity).toCollection().primaryKeys();
    if (!ids.length) continue;
    const prefix = seenKey(entity, '');
    const seen = new Set((await db.seen.where('key').startsWith(prefix).primaryKeys()).map((key) => key.slice(prefix.length)));
    const unseen = ids.filter((id) => !seen.has(id));
    if (!unseen.length) continue;
    const held = await evictRows(db, entity, unseen);
    if (entity.totals && held.size < unseen.length) await rebuildTotals(db, entity);
  }
  await db.seen.clear();
}

/**
 * A rejected mutation becomes a problem, and the writes of the same row queued after it leave the
 * outbox with it: their base counted on it, so they wait, held, until the person settles it.
 * (Those already sent in the same batch were held by the server too; they are gone from the
 * outbox by the time their answers are read.)
 */
async function keepProblem(db: PanelDb, entry: OutboxEntry, result: MutationResult, now: string): Promise<void> {
  const root = result.heldBy === undefined ? undefined : await db.problems.get(result.heldBy);
  if (root) {
    await db.problems.put({ ...root, held: [...root.held, entry].sort((a, b) => a.mutationId - b.mutationId) });
    return;
  }
  const later = (await db.outbox.where('id').equals(entry.id).toArray()).filter(
    (e) => e.entity === entry.entity && e.mutationId > entry.mutationId,
  );
  await db.outbox.bulkDelete(later.map((e) => e.mutationId));
  await db.problems.put({
    ...entry,
    code: result.code,
    message: result.message,
    ...(result.fields ? { fields: result.fields } : {}),
    ...(result.detail !== undefined ? { detail: result.detail } : {}),
    held: later.sort((a, b) => a.mutationId - b.mutationId),
    rejectedAt: now,
  });
}

/**
 * An accepted write is newer than the problems of the same row: their card says so. An accepted
 * submit or cancel settles them (decision 029): the document has moved on past whatever they
 * refused, so an old refusal never stays above a document the server has since accepted.
 */
async function markOlderProblems(db: PanelDb, entry: OutboxEntry, now: string): Promise<void> {
  const older = (await db.problems.where('id').equals(entry.id).toArray()).filter(
    (p) => p.entity === entry.entity && p.mutationId < entry.mutationId,
  );
  if (!older.length) return;
  if (entry.op === 'submit' || entry.op === 'cancel') await db.problems.bulkDelete(older.map((p) => p.mutationId));
  else await db.problems.bulkPut(older.map((p) => ({ ...p, newerOwnChangeAt: now })));
}

/** The statuses a document reaches by each step: a refused step the server's row has reached since is overtaken. */
export const reachedBy: Partial<Record<OutboxEntry['op'], readonly string[]>> = {
  submit: ['submitted', 'cancelled'],
  cancel: ['cancelled'],
};

/**
 * Drops the refused submits and cancels of these rows that the server's row has since reached (the
 * step was taken on another device, or retried and accepted): nothing of the person's is lost, for
 * such a problem holds no later writes (one that does is kept for the person to settle).
 */
async function dropOvertakenSteps(db: PanelDb, entity: Entity, rows: ReadonlyMap<string, Row>): Promise<void> {
  if (!rows.size) return;
  const problems = await db.problems
    .where('id')
    .anyOf([...rows.keys()])
    .toArray();
  const overtaken = problems.filter(
    (p) => p.entity === entity.key && p.held.length === 0 && reachedBy[p.op]?.includes(String(rows.get(p.id)?.status)),
  );
  if (overtaken.length) await db.problems.bulkDelete(overtaken.map((p) => p.mutationId));
}

/** Settles the sent mutations the response answers; answers how many it settled. */
export async function applyPushResults(db: PanelDb, sent: readonly OutboxEntry[], response: PushResponse, now: string): Promise<number> {
  const byMutationId = new Map(sent.map((entry) => [entry.mutationId, entry]));
  return db.transaction('rw', allTables(db), async () => {
    const rows = new RowsToReconcile();
    let settled = 0;
    for (const result of response.results) {
      const entry = byMutationId.get(result.mutationId);
      if (!entry || !(await db.outbox.get(entry.mutationId))) continue;
      await db.outbox.delete(entry.mutationId);
      settled++;
      if (result.status === 'rejected') await keepProblem(db, entry, result, now);
      else await markOlderProblems(db, entry, now);
      const entity = db.entityOf(entry.entity);
      if (entity) rows.add(entity, entry.id, result.row);
    }
    await rows.reconcile(db);
    return settled;
  });
}

/**
 * Stores a page of pulled changes and moves the cursor past them, together. A snapshot's page
 * (decision 051) stores where the snapshot goes on (`snapshot`), its last page clears it (null).
 * With the pull's `windows` (decision 050, windowEviction.ts): rows before their entity's window
 * are not stored and the device's copies go (not as deletions), unless writes or problems hold
 * them; a window that moved forward evicts what is now before it. A sweeping snapshot's page
 * (`sweep`, SnapshotState) notes its rows as seen, and its last one sweeps the rest away. Answers
 * true when a window starts earlier than before: the cursor is then stored as 0, and the caller
 * pulls again from the start.
 */
export async function applyPullPage(
  db: PanelDb,
  changes: readonly SyncChange[],
  cursor: number,
  stored: { snapshot?: SnapshotState | null; windows?: Readonly<Record<string, string>>; sweep?: boolean } = {},
): Promise<boolean> {
  const { snapshot, windows } = stored;
  const sweep = Boolean(stored.sweep) && snapshot !== undefined;
  return db.transaction('rw', allTables(db), async () => {
    const { snapshot: was, ...state } = await readSyncState(db);
    const { widened } = windows ? await followWindows(db, state.windows, windows) : { widened: false };
    const kept = windows ?? state.windows;
    const rows = new RowsToReconcile();
    const leaving = new Map<Entity, Map<string, Row>>();
    const seen: { key: string }[] = [];
    for (const change of changes) {
      const entity = db.entityOf(change.entity);
      // A newer server may send entities this build does not know yet; the next build pulls from 0 (new tables, new version).
      if (!entity) continue;
      if (sweep) seen.push({ key: seenKey(entity, change.row.id) });
      if (!beforeWindow(entity, change.row, kept)) rows.add(entity, change.row.id, change.row);
      else {
        const group = leaving.get(entity) ?? new Map<string, Row>();
        group.set(change.row.id, change.row);
        leaving.set(entity, group);
      }
    }
    for (const [entity, group] of leaving) {
      // A held row is refreshed as any pulled row is; the others leave the device.
      for (const id of await evictRows(db, entity, [...group.keys()])) rows.add(entity, id, group.get(id));
    }
    await rows.reconcile(db);
    if (seen.length) await db.seen.bulkPut(seen);
    if (sweep && snapshot === null && !widened) await sweepUnseen(db);
    await db.syncState.put({
      ...state,
      cursor: widened ? 0 : cursor,
      ...(kept ? { windows: { ...kept } } : {}),
      ...(snapshot && !widened ? { snapshot } : snapshot === undefined && was && !widened ? { snapshot: was } : {}),
    });
    return widened;
  });
}

/**
 * The server named the entities the person may read and the set moved: rows of entities no longer
 * readable go (unless changes to them are pending); when an entity was gained, its rows lie before
 * the cursor, so the cursor goes back to 0. Answers whether it did.
 */
export async function followReadable(db: PanelDb, readable: readonly string[]): Promise<boolean> {
  const next = [...readable].sort();
  return db.transaction('rw', allTables(db), async () => {
    const state = await readSyncState(db);
    const before = state.readable;
    if (before && before.join('|') === next.join('|')) return false;
    const allowed = new Set(next.map((key) => key.toLowerCase()));
    for (const entity of db.entities) {
      if (!allowed.has(entity.key.toLowerCase())) await clearRows(db, entity);
    }
    const gained = before !== undefined && next.some((key) => !before.includes(key));
    await db.syncState.put({ ...state, readable: next, ...(gained ? { cursor: 0 } : {}) });
    return gained;
  });
}

/**
 * The person's access changed: rows they may now read lie before the cursor, so pull starts again
 * from 0 (the rows they keep are refreshed on the way); rows of entities they may no longer read
 * go, unless changes to them are still pending. So do those of a scoped entity they no longer see
 * every row of (docs/decisions/013-row-scopes.md): the pull from 0 sends their own rows again,
 * and never the others', which would otherwise stay on the device.
 */
export async function restartPull(
  db: PanelDb,
  accessHash: string,
  canRead: (entity: Entity) => boolean,
  seesAll: (entity: Entity) => boolean = () => true,
): Promise<void> {
  await db.transaction('rw', allTables(db), async () => {
    for (const entity of db.entities) {
      if (!canRead(entity) || (entity.scope && !seesAll(entity))) await clearRows(db, entity);
    }
    await db.syncState.put({ ...(await readSyncState(db)), cursor: 0, accessHash });
  });
}
