/**
 * The offline data of one panel for one person on this device: a Dexie database per user and
 * panel (so a clientId is per device, user and panel, and logging out deletes exactly that
 * person's data). Every transaction is committed with strict durability: Chrome's default
 * ("relaxed") may report a write done before it reaches the disk, and a saved row and its outbox
 * entry must survive a crash together. Dexie 4 sets durability per database, not per transaction.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { Entity } from '../contract/entity.ts';
import { entities as declaredEntities } from '../contract/modules.ts';
import {
  builtTotals,
  type LocalRow,
  type OutboxEntry,
  type SeenRecord,
  type SyncProblem,
  type SyncState,
  type TotalsRecord,
} from './localRecords.ts';
import { deriveStores, panelDbVersions, schemaVersion, type PanelDbVersion } from './panelDbSchema.ts';

/** What every panel database's name starts with, whoever's it is. */
import { PANEL_DB_PREFIX } from './panelDbNames.ts';

export { PANEL_DB_PREFIX };

/** The database name of a person's panel; the person's part is a prefix, so all their panels can be found. */
export function panelDbName(username: string, panelCode: string): string {
  return `${userDbPrefix(username)}${panelCode}`;
}

export function userDbPrefix(username: string): string {
  return `${PANEL_DB_PREFIX}${encodeURIComponent(username.toLowerCase())}:`;
}

export interface PanelDbOptions {
  entities?: readonly Entity[];
  /** Tests open older versions to prove upgrades. */
  versions?: readonly PanelDbVersion[];
  /** An IndexedDB other than the global one (the Node tests' fake-indexeddb). */
  indexedDB?: DexieOptions['indexedDB'];
  IDBKeyRange?: DexieOptions['IDBKeyRange'];
}

type LocalWriteListener = () => void;

export class PanelDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  syncState!: Table<SyncState, string>;
  problems!: Table<SyncProblem, number>;
  /** Entities' totals per group (decision 052, entityTotals.ts). */
  totals!: Table<TotalsRecord, string>;
  /** The rows a snapshot over rows already held has sent so far (localRecords.ts `SnapshotState.sweep`). */
  seen!: Table<SeenRecord, string>;
  readonly entities: readonly Entity[];
  private readonly writeListeners = new Set<LocalWriteListener>();

  constructor(name: string, options: PanelDbOptions = {}) {
    super(name, {
      chromeTransactionDurability: 'strict',
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    });
    const entities = options.entities ?? declaredEntities();
    this.entities = entities;
    const stores = deriveStores(entities);
    const versions = options.versions ?? panelDbVersions;
    for (const { version, upgrade } of versions) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade((tx) => upgrade(tx, entities));
    }
    // The tables and indexes the declarations call for now (see panelDbSchema.ts).
    if (!options.versions) this.version(schemaVersion(stores)).stores(stores);
    // A new database's tables are empty: their totals are complete (zero) from the start.
    this.on('populate', () => this.totals.bulkPut(entities.filter((entity) => entity.totals).map(builtTotals)));
  }

  /** The table of an entity's rows. */
  rows(entity: Pick<Entity, 'table'>): Table<LocalRow, string> {
    return this.table<LocalRow, string>(entity.table);
  }

  /** The entity a sync key (`<Module>/<Entity>`) names in this database, if any. */
  entityOf(key: string): Entity | undefined {
    const lower = key.toLowerCase();
    return this.entities.find((e) => e.key.toLowerCase() === lower);
  }

  /** Tells the sync engine that the outbox grew. */
  onLocalWrite(listener: LocalWriteListener): () => void {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  notifyLocalWrite(): void {
    for (const listener of this.writeListeners) listener();
  }
}
