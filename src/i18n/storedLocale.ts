/**
 * Reads the remembered language straight from IndexedDB, before the first paint, without loading
 * Dexie: the login page must stay small (bench/bundle), and this one read is all it needs. It
 * reads the spec's key-value store that src/session/keyValue.ts owns (database `pishkhan`, store
 * `storage`, key `locale`; a unit test checks both agree). A database that does not exist yet is
 * not created here: the open is aborted in its upgrade, so Dexie later creates it as it wants.
 */
export const KEY_VALUE_LOCATION = { database: 'pishkhan', store: 'storage', key: 'locale' } as const;

export function readStoredLocaleValue(): Promise<unknown> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(KEY_VALUE_LOCATION.database);
    } catch {
      resolve(undefined);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const db = request.result;
      try {
        const get = db.transaction(KEY_VALUE_LOCATION.store, 'readonly').objectStore(KEY_VALUE_LOCATION.store).get(KEY_VALUE_LOCATION.key);
        get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value);
        get.onerror = () => resolve(undefined);
      } catch {
        resolve(undefined);
      } finally {
        db.close();
      }
    };
  });
}
