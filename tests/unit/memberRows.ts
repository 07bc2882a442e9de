/** Members for the tests of lists read through an index: few names, so many ties; some deleted; some without a name at all. */
import type { Entity, Row } from '../../src/contract/entity.ts';
import { localTexts } from '../../src/storage/localRecords.ts';
import type { PanelDb } from '../../src/storage/PanelDb.ts';

export const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** `count` members, their ids in no order of their names (7919 is prime: each i has its own id). */
export function members(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: id((i * 7919) % count),
    version: 1,
    updatedAt: `2026-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
    deleted: i % 13 === 0,
    login: `u${i}`,
    userName: `u${i}`,
    roleId: null,
    title: null,
    userId: `user-${i}`,
    displayName: i % 17 === 0 ? '' : `کاربر ${i % 40}`,
    mobile: null,
  }));
}

/** Rows written as a pull leaves them: synced, with their search and sort texts. */
export async function putRows(db: PanelDb, entity: Entity, rows: Row[]): Promise<void> {
  await db.rows(entity).bulkPut(rows.map((row) => ({ ...row, _pending: 0, ...localTexts(entity, row) })));
}
