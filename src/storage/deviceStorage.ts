/**
 * The room a first sync needs on the device (decision 051). Before a snapshot fills the device it
 * asks the browser to keep this site's storage (`navigator.storage.persist()`: not cleared when
 * the device runs short), then compares the room left (`estimate()`: quota − usage) with what the
 * snapshot's rows take, at BYTES_PER_ROW each. Short: the badge and the home page say how much is
 * needed. A browser without the API, or one that fails to answer, is taken as having room.
 */

/** What this needs of `navigator.storage` (a fake in tests). */
export interface DeviceStorage {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ quota?: number; usage?: number }>;
}

/**
 * The bytes a row of a first sync takes in IndexedDB on the device, indexes included, as measured
 * on the big panel's snapshot in Chromium (bench/deviceRowBytes.ts, called by bench/bigPanelJoin.ts:
 * 964 in decision 056's layout, 1,369 in decision 051's), rounded up.
 */
export const BYTES_PER_ROW = 1_000;

/** The device is short of room: `needed` bytes for the snapshot, `available` left. */
export interface StorageShortfall {
  needed: number;
  available: number;
}

/** Asks for persistent storage and answers the shortfall for `rows` rows, or null when there is room (or no telling). */
export async function checkRoom(storage: DeviceStorage | null | undefined, rows: number): Promise<StorageShortfall | null> {
  if (!storage) return null;
  try {
    if (storage.persist && !(await storage.persisted?.())) await storage.persist();
  } catch {
    // Refused or unsupported: the rows are stored all the same, only not kept under pressure.
  }
  if (!storage.estimate) return null;
  let quota: number | undefined;
  let usage: number | undefined;
  try {
    ({ quota, usage } = await storage.estimate());
  } catch {
    return null;
  }
  if (quota === undefined || !Number.isFinite(quota)) return null;
  const available = Math.max(0, quota - (usage ?? 0));
  const needed = rows * BYTES_PER_ROW;
  return needed > available ? { needed, available } : null;
}
