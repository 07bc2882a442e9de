/**
 * The names of panel databases, without Dexie: the login page asks whether any are on the device
 * before it loads the data layer, so a first visit never downloads it.
 */
export const PANEL_DB_PREFIX = 'pishkhan-data:';

/** Whether any panel database is on this device (true when the browser cannot tell: look). */
export async function mayHavePanelData(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name?.startsWith(PANEL_DB_PREFIX));
  } catch {
    return true;
  }
}
