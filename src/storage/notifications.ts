/**
 * The person's inbox on this device (decision 038): their notifications are rows like any other,
 * pulled into the panel's database (the server sends each person only their own), read live, and
 * marked read by an ordinary queued write of `readAt`.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Notification } from '../contract/entities/panelManagement.ts';
import type { LocalRow } from './localRecords.ts';
import { updateRow } from './localWrites.ts';
import type { PanelData } from './panelData.ts';

/** How many of the person's notifications are unread (undefined while reading). */
export function useUnreadCount(panel: PanelData | null): number | undefined {
  const db = panel?.db;
  return useLiveQuery(
    async () =>
      db
        ? db
            .rows(Notification)
            .filter((row) => !row.deleted && !row.readAt)
            .count()
        : 0,
    [db],
  );
}

/** The person's notifications, newest first (undefined while reading). */
export function useNotifications(panel: PanelData | null): LocalRow[] | undefined {
  const db = panel?.db;
  return useLiveQuery(async () => {
    if (!db) return [];
    const rows = await db.rows(Notification).orderBy('at').reverse().toArray();
    return rows.filter((row) => !row.deleted);
  }, [db]);
}

/** Marks these notifications read now: one queued write each, synced like any other. */
export async function markRead(panel: PanelData, rows: readonly LocalRow[], now = new Date()): Promise<void> {
  for (const row of rows) if (!row.readAt) await updateRow(panel.db, Notification, row.id, { readAt: now.toISOString() });
}
