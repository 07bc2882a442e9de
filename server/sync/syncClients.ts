/**
 * Sync clients: one per device, user and panel. A client id, once seen, is bound to the user and
 * panel that first used it; anyone else presenting it is refused. Each client's last processed
 * mutation number and the first answer to each mutation are kept here, written in the same
 * transaction as the mutations' writes.
 */
import type { Queryable } from '../db/Db.ts';
import type { WriteFieldReason } from '../../src/contract/entity.ts';

export interface StoredResult {
  mutationId: number;
  status: 'applied' | 'rejected';
  code: number;
  fields?: Record<string, WriteFieldReason>;
  detail?: unknown;
  /** Held behind this rejected mutation of the same client (see Mutation.dependsOn). */
  heldBy?: number;
  /** The row the mutation named, to attach its current state on a replay. */
  entity: string;
  id: string;
}

/** The client's last processed mutation number; null when the id belongs to someone else. */
export async function claimClient(tx: Queryable, clientId: string, panelId: string, userId: string, now: Date): Promise<number | null> {
  await tx.query(
    `INSERT INTO sync_clients (client_id, panel_id, user_id, last_mutation_id, created_at, updated_at)
     VALUES ($1, $2, $3, 0, $4, $4) ON CONFLICT (client_id) DO NOTHING`,
    [clientId, panelId, userId, now],
  );
  const [client] = await tx.query<{ panel_id: string; user_id: string; last_mutation_id: number }>(
    'SELECT panel_id, user_id, last_mutation_id FROM sync_clients WHERE client_id = $1 FOR UPDATE',
    [clientId],
  );
  if (!client || client.panel_id !== panelId || client.user_id !== userId) return null;
  return Number(client.last_mutation_id);
}

/** The stored first answers of these mutations of the client. */
export async function storedResults(tx: Queryable, clientId: string, mutationIds: readonly number[]): Promise<Map<number, StoredResult>> {
  if (!mutationIds.length) return new Map();
  const rows = await tx.query<{ result: StoredResult }>(
    'SELECT result FROM sync_mutation_results WHERE client_id = $1 AND mutation_id = ANY($2::bigint[])',
    [clientId, mutationIds],
  );
  return new Map(rows.map((r) => [r.result.mutationId, r.result]));
}

/** Records the answers and moves the client's last processed number, in the caller's transaction. */
export async function recordResults(tx: Queryable, clientId: string, results: readonly StoredResult[], now: Date): Promise<void> {
  if (!results.length) return;
  await tx.query(
    `INSERT INTO sync_mutation_results (client_id, mutation_id, result)
     SELECT $1, (r ->> 'mutationId')::bigint, r FROM jsonb_array_elements($2::jsonb) AS r`,
    [clientId, JSON.stringify(results)],
  );
  await tx.query('UPDATE sync_clients SET last_mutation_id = $2, updated_at = $3 WHERE client_id = $1', [
    clientId,
    results[results.length - 1]!.mutationId,
    now,
  ]);
}
