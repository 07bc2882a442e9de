/**
 * The change log pull reads (docs/decisions/004-sync-protocol.md). Every write to a panel takes the
 * panel's write lock first, then stamps each row it touched with a new number from one sequence.
 * The lock is held until commit, so within a panel the numbers are handed out in commit order: a
 * pull that has seen number n has seen every change numbered below n.
 */
import type { Queryable } from '../db/Db.ts';

/** Serialises the panel's writes until the transaction ends. */
export async function lockPanelWrites(tx: Queryable, panelId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('panel:' || $1::text, 0))", [panelId]);
}

export interface ChangedRow {
  entity: string;
  rowId: string;
}

/** Records that the rows changed, in one statement; pull hands out their current state after any earlier cursor. */
export async function stampChanges(tx: Queryable, panelId: string, given: readonly ChangedRow[]): Promise<void> {
  // One statement may touch a row of the log once.
  const rows = [...new Map(given.map((r) => [`${r.entity}:${r.rowId}`, r])).values()];
  if (!rows.length) return;
  const values = rows.map((_, i) => `($1, $${i * 2 + 2}, $${i * 2 + 3}::uuid, nextval('sync_change_seq'))`);
  await tx.query(
    `INSERT INTO sync_changes (panel_id, entity, row_id, seq) VALUES ${values.join(', ')}
     ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq`,
    [panelId, ...rows.flatMap((r) => [r.entity, r.rowId])],
  );
}
