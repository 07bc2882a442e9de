/**
 * The punches a screen needs, read through the `at` index rather than the whole table: a panel
 * of a few hundred people gathers tens of thousands of punches a month, and the report and the
 * dashboard each look at a few weeks of them. Live: a punch made or synced shows at once.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalRow, PanelDb } from '@/moduleKit.ts';
import { Punch } from '../entities/punch.ts';
import { punchWindow } from '../rules/attendanceDay.ts';

/**
 * The punches of the work days `from`…`to` (undefined until read — and again while another window
 * is being read, so a screen never shows one month's punches under another's title), and with
 * `flagged`, every punch still waiting for review, however old.
 */
export function usePunches(db: PanelDb | undefined, from: string, to: string, flagged = false, enabled = true): LocalRow[] | undefined {
  const key = `${from}|${to}|${flagged}|${enabled}`;
  const read = useLiveQuery(async () => {
    if (!db || !enabled) return undefined;
    const [start, end] = punchWindow(from, to);
    const inWindow = await db.rows(Punch).where('at').between(start, end, true, false).toArray();
    if (!flagged) return { key, rows: inWindow };
    const seen = new Set(inWindow.map((p) => p.id));
    const waiting = await db.rows(Punch).where('status').equals('flagged').toArray();
    return { key, rows: [...inWindow, ...waiting.filter((p) => !seen.has(p.id))] };
  }, [db, key]);
  return read?.key === key ? read.rows : undefined;
}

/**
 * The punches of a few people over the work days `from`…`to`, each person's read alone through the
 * device's `[personnelId+at]` index: what the first screenful of the report needs, in a fraction
 * of the time the whole period takes (undefined until read, and while another set is read).
 */
export function usePunchesOf(db: PanelDb | undefined, personnelIds: readonly string[], from: string, to: string): LocalRow[] | undefined {
  const key = `${from}|${to}|${personnelIds.join(',')}`;
  const read = useLiveQuery(async () => {
    if (!db) return undefined;
    const [start, end] = punchWindow(from, to);
    const table = db.rows(Punch);
    const each = await Promise.all(
      personnelIds.map((id) => table.where('[personnelId+at]').between([id, start], [id, end], true, false).toArray()),
    );
    return { key, rows: each.flat() };
  }, [db, key]);
  return read?.key === key ? read.rows : undefined;
}
