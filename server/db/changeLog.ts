/**
 * The change log pull reads (docs/decisions/004-sync-protocol.md). Every write to a panel takes the
 * panel's write lock first, then stamps each row it touched with a new number from one sequence.
 * The lock is held until commit, so within a panel the numbers are handed out in commit order: a
 * pull that has seen number n has seen every change numbered below n.
 */
import type { Queryable } from './Db.ts';

/** Serialises the panel's writes until the transaction ends. */
export async function lockPanelWrites(tx: Queryable, panelId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('panel:' || $1::text, 0))", [panelId]);
}

export interface ChangedRow {
  entity: string;
  rowId: string;
  /** The Members whose row scope the write took the row out of (rowScope.ts): pull sends them its removal. */
  leftScope?: string | readonly string[];
}

/**
 * Records that the rows changed, in one statement; pull hands out their current state after any
 * earlier cursor. The Members a row ever left the scope of are kept with it (`left_scope`), so
 * their devices learn that it is gone from them, however many writes follow.
 */
export async function stampChanges(tx: Queryable, panelId: string, given: readonly ChangedRow[]): Promise<void> {
  // One statement may touch a row of the log once.
  const byRow = new Map<string, { entity: string; rowId: string; left: Set<string> }>();
  for (const r of given) {
    const key = `${r.entity}:${r.rowId}`;
    const row = byRow.get(key) ?? { entity: r.entity, rowId: r.rowId, left: new Set<string>() };
    for (const m of typeof r.leftScope === 'string' ? [r.leftScope] : (r.leftScope ?? [])) row.left.add(m.toLowerCase());
    byRow.set(key, row);
  }
  const rows = [...byRow.values()];
  if (!rows.length) return;
  const values = rows.map((_, i) => `($1, $${i * 3 + 2}, $${i * 3 + 3}::uuid, nextval('sync_change_seq'), $${i * 3 + 4}::text[])`);
  await tx.query(
    `INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope) VALUES ${values.join(', ')}
     ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq,
       left_scope = CASE WHEN cardinality(excluded.left_scope) = 0 THEN sync_changes.left_scope
         ELSE ARRAY(SELECT DISTINCT unnest(sync_changes.left_scope || excluded.left_scope)) END`,
    [panelId, ...rows.flatMap((r) => [r.entity, r.rowId, [...r.left]])],
  );
}
