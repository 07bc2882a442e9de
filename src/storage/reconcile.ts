/**
 * Brings rows up to date after anything moved under them (a local write, a pull, a push result, a
 * problem resolved): keeps the newest server row seen, replays the row's pending mutations on it,
 * and drops rows the server never had. A row the server deleted stays as a bare tombstone (id,
 * version, deleted), so the device always knows the newest server state, deletions included: an
 * older copy of the row (a late answer, a problem being settled) can then never bring it back.
 * An entity's totals (entityTotals.ts) move with its rows. Runs inside the caller's transaction,
 * which must cover the entity's table, the outbox and the totals.
 */
import type { Entity, Row } from '../contract/entity.ts';
import { moveTotals } from './entityTotals.ts';
import { localTexts, type LocalRow, type OutboxEntry } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { replay } from './replay.ts';

/** The last server row behind a local row (see LocalRow._server). */
export function serverRowOf(local: LocalRow | undefined): Row | null {
  if (!local) return null;
  if (local._server !== undefined) return local._server;
  return Object.fromEntries(Object.entries(local).filter(([name]) => !name.startsWith('_'))) as Row;
}

/** What is kept of a row the server deleted: enough to know it is gone, and since which version. */
function tombstone(row: Row): LocalRow {
  return { id: row.id, version: row.version, updatedAt: row.updatedAt, deleted: true, _pending: 0, _search: '' };
}

function newer(current: Row | null, incoming: Row | null | undefined): Row | null {
  if (!incoming) return current;
  return !current || incoming.version >= current.version ? incoming : current;
}

export async function reconcileRows(
  db: PanelDb,
  entity: Entity,
  ids: readonly string[],
  serverRows?: ReadonlyMap<string, Row>,
): Promise<void> {
  const unique = [...new Set(ids)];
  // A pull's page (500 rows) put in one go is one task of ~500 structured clones: 200–300 ms on a
  // phone 4× slower than this machine (bench:importpage). Slices keep each task short; the
  // caller's transaction spans them all.
  for (let at = 0; at < unique.length; at += RECONCILE_SLICE)
    await reconcileSlice(db, entity, unique.slice(at, at + RECONCILE_SLICE), serverRows);
}

/** How many rows one step of `reconcileRows` reads and writes. */
export const RECONCILE_SLICE = 100;

async function reconcileSlice(db: PanelDb, entity: Entity, unique: string[], serverRows?: ReadonlyMap<string, Row>): Promise<void> {
  const table = db.rows(entity);
  const [locals, queued] = await Promise.all([table.bulkGet(unique), db.outbox.where('id').anyOf(unique).toArray()]);
  const pendingById = new Map<string, OutboxEntry[]>();
  for (const entry of queued.sort((a, b) => a.mutationId - b.mutationId)) {
    if (entry.entity !== entity.key) continue;
    pendingById.set(entry.id, [...(pendingById.get(entry.id) ?? []), entry]);
  }
  const puts: LocalRow[] = [];
  const deletes: string[] = [];
  unique.forEach((id, i) => {
    const server = newer(serverRowOf(locals[i]), serverRows?.get(id));
    const pending = pendingById.get(id) ?? [];
    const view = replay(entity, server, pending);
    if (!view) deletes.push(id);
    else if (view.deleted && pending.length === 0) puts.push(tombstone(view));
    else if (pending.length === 0) puts.push({ ...view, _pending: 0, ...localTexts(entity, view) });
    else puts.push({ ...view, _server: server, _pending: pending.length, ...localTexts(entity, view) });
  });
  await table.bulkPut(puts);
  await table.bulkDelete(deletes);
  if (entity.totals) {
    const stored = new Map<string, LocalRow | null>([
      ...puts.map((row) => [row.id, row] as const),
      ...deletes.map((id) => [id, null] as const),
    ]);
    await moveTotals(
      db,
      entity,
      unique.map((id, i) => [locals[i], stored.get(id)]),
    );
  }
}
