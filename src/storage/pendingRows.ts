/**
 * The rows of an entity this device has changed and the server has not yet confirmed: those with
 * writes still in the outbox. Read through the outbox, so it costs a handful of rows however
 * large the table (a screen projecting queued documents onto balances need not read them all).
 */
import type { Entity } from '../contract/entity.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';

export async function pendingRows(db: PanelDb, entity: Pick<Entity, 'key' | 'table'>): Promise<LocalRow[]> {
  const ids = new Set<string>();
  for (const entry of await db.outbox.toArray()) if (entry.entity === entity.key) ids.add(entry.id);
  const rows = await db.rows(entity).bulkGet([...ids]);
  return rows.filter((row): row is LocalRow => row !== undefined);
}
