/**
 * The spec's generic key-value store: an IndexedDB database at version 1 with one store,
 * `storage`. Every key the app uses is named here, and every read passes through a `restore`
 * that tolerates values written by older builds.
 */
import Dexie, { type Table } from 'dexie';

export const KEY_VALUE_DB = 'pishkhan';

interface Entry {
  key: string;
  value: unknown;
}

class KeyValueDb extends Dexie {
  storage!: Table<Entry, string>;
  constructor() {
    super(KEY_VALUE_DB);
    this.version(1).stores({ storage: 'key' });
  }
}

let db: KeyValueDb | null = null;
function open(): KeyValueDb {
  db ??= new KeyValueDb();
  return db;
}

/** Names of the stored keys, and how to read each back. */
export const storageKeys = {
  locale: 'locale',
  lastUser: 'lastUser',
  panels: 'panels',
  /** The current panel (details, modules, the person's access) per user and panel code, for offline use. */
  currentPanels: 'currentPanels',
} as const;
export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export async function readValue<T>(key: StorageKey, restore: (raw: unknown) => T | undefined): Promise<T | undefined> {
  try {
    const entry = await open().storage.get(key);
    return entry === undefined ? undefined : restore(entry.value);
  } catch {
    // Private mode or a blocked database: the app still works, it just remembers nothing.
    return undefined;
  }
}

export async function writeValue(key: StorageKey, value: unknown): Promise<void> {
  try {
    await open().storage.put({ key, value });
  } catch {
    // See readValue: storage is an optimisation here, never a requirement.
  }
}

export async function removeValue(key: StorageKey): Promise<void> {
  try {
    await open().storage.delete(key);
  } catch {
    // See readValue.
  }
}
