/**
 * The row a scanned or typed code names on this device, read through indexes so a scan is answered
 * at once among thousands of rows: the first live row of `entity` one of whose `fields` holds the
 * code, the fields tried in order (a product by one of its barcodes, then by its own code). The
 * code is cleaned as a scanner on a Persian keyboard layout types it (`cleanCode`).
 */
import type { Entity } from '../contract/entity.ts';
import { cleanCode } from '../contract/normalize.ts';
import type { LocalRow } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';

export async function rowByCode(db: PanelDb, entity: Entity, fields: readonly string[], raw: string): Promise<LocalRow | undefined> {
  const code = cleanCode(raw);
  if (!code) return undefined;
  for (const field of fields) {
    const rows = await db.rows(entity).where(field).equals(code).toArray();
    const row = rows.find((r) => !r.deleted);
    if (row) return row;
  }
  return undefined;
}
