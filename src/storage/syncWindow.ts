/**
 * This device's windows of history (decision 050): the first day of each windowed entity's rows
 * kept here, as the server last said in a pull. Screens ask it to tell a period the device holds
 * whole from one the server must answer for.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { Entity } from '../contract/entity.ts';
import { SYNC_STATE_KEY } from './localRecords.ts';
import type { PanelDb } from './PanelDb.ts';
import { usePanelData } from './panelData.ts';

/** The entity's first day on this device; null when it has no window here (every row is kept) or none is known yet. */
export async function windowStartOf(db: PanelDb, entity: Entity): Promise<string | null> {
  if (!entity.window) return null;
  const state = await db.syncState.get(SYNC_STATE_KEY);
  return state?.windows?.[entity.key] ?? null;
}

/** `windowStartOf` for a screen, live: undefined while it is read. */
export function useWindowStart(entity: Entity): string | null | undefined {
  const panel = usePanelData();
  const db = panel?.db;
  return useLiveQuery(async () => (db ? windowStartOf(db, entity) : null), [db, entity]);
}

/** Whether a period starting on `from` (a day; null: from the beginning) reaches before the device's window. */
export function reachesBeforeWindow(from: string | null | undefined, windowStart: string | null | undefined): boolean {
  if (!windowStart) return false;
  return !from || from < windowStart;
}
