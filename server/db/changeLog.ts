/**
 * The change log pull reads (docs/decisions/004-sync-protocol.md). Every write to a panel takes the
 * panel's write lock first, then stamps each row it touched with a new number from one sequence.
 * The lock is held until commit, so within a panel the numbers are handed out in commit order: a
 * pull that has seen number n has seen every change numbered below n.
 */
import type { Queryable } from './Db.ts';

/**
 * The NOTIFY channel of the change signal (decision 039), one per schema: processes on one
 * database and schema hear each other, test runs in other schemas do not.
 */
export const changeChannel = (schema: string) => `pishkhan_changes_${schema}`;
const channelSql = "'pishkhan_changes_' || current_schema()";

/** The signal's payload: the panel, its newest change, and whether people or roles changed (access to re-check). */
export interface ChangeSignal {
  p: string;
  c: number;
  a?: 1;
  /** Presence (decision 039): who has which row open, carried on the same channel. */
  presence?: { e: string; r: string; u: string; n: string; s: string; off?: 1 };
}

/** Entities whose writes change what a member may do: the live streams of the panel re-check access. */
const accessEntities = new Set(['PanelManagement/Member', 'PanelManagement/Role']);

/**
 * Tells every server process listening that the panel's change log moved. NOTIFY inside the
 * transaction is delivered on commit (never on rollback), and PostgreSQL folds identical payloads
 * of one transaction into one.
 */
export async function signalChanges(tx: Queryable, panelId: string, options: { access?: boolean } = {}): Promise<void> {
  await tx.query(
    `SELECT pg_notify(${channelSql}, json_build_object('p', $1::text, 'c', (SELECT coalesce(max(seq), 0) FROM sync_changes WHERE panel_id = $1::uuid)${options.access ? ", 'a', 1" : ''})::text)`,
    [panelId],
  );
}

/** Sends one payload on the channel now (outside any write): presence. */
export async function notifyChannel(q: Queryable, signal: ChangeSignal): Promise<void> {
  await q.query(`SELECT pg_notify(${channelSql}, $1)`, [JSON.stringify(signal)]);
}

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
  const access = rows.some((r) => accessEntities.has(r.entity));
  // The same statement tells the listening processes (on commit): no extra round trip per write.
  await tx.query(
    `WITH stamped AS (
       INSERT INTO sync_changes (panel_id, entity, row_id, seq, left_scope) VALUES ${values.join(', ')}
       ON CONFLICT (panel_id, entity, row_id) DO UPDATE SET seq = excluded.seq,
         left_scope = CASE WHEN cardinality(excluded.left_scope) = 0 THEN sync_changes.left_scope
           ELSE ARRAY(SELECT DISTINCT unnest(sync_changes.left_scope || excluded.left_scope)) END
       RETURNING seq)
     SELECT pg_notify(${channelSql}, json_build_object('p', $1::text, 'c', max(seq)${access ? ", 'a', 1" : ''})::text) FROM stamped`,
    [panelId, ...rows.flatMap((r) => [r.entity, r.rowId, [...r.left]])],
  );
}
