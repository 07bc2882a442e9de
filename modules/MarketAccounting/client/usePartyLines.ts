/** One party's journal lines up to a day, read through the device's `[partyId+date]` index rather than the whole journal. */
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalRow, PanelDb } from '@/moduleKit.ts';
import { JournalLine } from '../entities/ledger.ts';

export function usePartyLines(db: PanelDb | undefined, partyId: string | null, to: string): LocalRow[] | undefined {
  const key = `${partyId}|${to}`;
  const read = useLiveQuery(async () => {
    if (!db || !partyId) return undefined;
    const rows = await db.rows(JournalLine).where('[partyId+date]').between([partyId, '0000-00-00'], [partyId, to], true, true).toArray();
    return { key, rows };
  }, [db, key]);
  return read?.key === key ? read.rows : undefined;
}
