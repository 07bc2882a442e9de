import { SYNC_STATE_KEY, type SyncState } from './localRecords.ts';
import { newId } from './newId.ts';
import type { PanelDb } from './PanelDb.ts';

/** The sync state, made on first use (that is when the clientId is born). Inside a transaction, it joins it. */
export async function readSyncState(db: PanelDb): Promise<SyncState> {
  return db.transaction('rw', db.syncState, async () => {
    const state = await db.syncState.get(SYNC_STATE_KEY);
    if (state) return state;
    const fresh: SyncState = { key: SYNC_STATE_KEY, clientId: newId(), nextMutationId: 1, cursor: 0, lastSyncAt: null, accessHash: null };
    await db.syncState.put(fresh);
    return fresh;
  });
}

export async function writeSyncState(db: PanelDb, changes: Partial<Omit<SyncState, 'key'>>): Promise<void> {
  await db.transaction('rw', db.syncState, async () => {
    await db.syncState.put({ ...(await readSyncState(db)), ...changes });
  });
}
