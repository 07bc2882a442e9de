/**
 * Brings rows up to date after anything moved under them (a local write, a pull, a push result, a
 * problem resolved): keeps the newest server row seen, replays the row's pending mutations on it,
 * and drops rows that are gone on the server with nothing pending. Runs inside the caller's
 * transaction, which must cover the entity's table and the outbox.
 */
import type { Entity, Row } from '../contract/entity.ts';
import type { LocalRow, OutboxEntry } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { replay } from './replay.ts';
import { searchTextOf } from './searchText.ts';

/** The last server row behind a local row (see LocalRow._server). */
export function serverRowOf(local: LocalRow | undefined): Row | null {
  if (!local) return null;
  if (local._server !== undefined) return local._server;
  return Object.fromEntries(Object.entries(local).filter(([name]) => !name.startsWith('_'))) as Row;
}

function newer(current: Row | null, incoming: Row | null | undefined): Row | null {
  if (!incoming) return current;
  return !current || incoming.version >= current.version ? incoming : current;
}

export async function reconcileRows(db: PanelDb, entity: Entity, ids: readonly string[], serverRows?: ReadonlyMap<string, Row>): Promise<void> {
  if (ids.length === 0) return;
  const table = db.rows(entity);
  const unique = [...new Set(ids)];
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
    if (!view || (view.deleted && pending.length === 0)) deletes.push(id);
    else if (pending.length === 0) puts.push({ ...view, _pending: 0, _search: searchTextOf(entity, view) });
    else puts.push({ ...view, _server: server, _pending: pending.length, _search: searchTextOf(entity, view) });
  });
  await table.bulkPut(puts);
  await table.bulkDelete(deletes);
}
