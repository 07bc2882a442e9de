/**
 * The panel data database's schema, derived from the entity declarations: one table per entity
 * (named after its SQL table) keyed by id with its declared indexes and `updatedAt`, plus the
 * outbox, the sync state and the problems. Every version derives its stores from the current
 * declarations (Dexie diffs each version against the installed database, so a table declared
 * later is created on the way up); `upgrade` moves data. Changing the declarations changes the
 * derived schema, and the fingerprint test then asks for a new version.
 */
import type { Transaction } from 'dexie';
import type { Entity } from '../contract/entity.ts';
import type { LocalRow } from './localRecords.ts';
import { searchTextOf } from './searchText.ts';

export type Stores = Record<string, string>;

/** The Dexie stores for a set of entity declarations. */
export function deriveStores(entities: readonly Entity[]): Stores {
  const stores: Stores = {
    outbox: 'mutationId, id',
    syncState: 'key',
    problems: 'mutationId, id',
  };
  for (const entity of entities) {
    const indexes = [...new Set(['updatedAt', ...entity.indexes])].filter((name) => name !== 'id');
    stores[entity.table] = ['id', ...indexes].join(', ');
  }
  return stores;
}

/** A short, stable text naming a schema, so a test can notice it moved. */
export function schemaFingerprint(stores: Stores): string {
  return Object.keys(stores)
    .sort()
    .map((table) => `${table}(${stores[table]})`)
    .join(' ');
}

export interface PanelDbVersion {
  version: number;
  upgrade?: (tx: Transaction, entities: readonly Entity[]) => Promise<void>;
}

/** Version 2 keeps each row's search text precomputed, so a keystroke over a large list stays cheap. */
async function addSearchText(tx: Transaction, entities: readonly Entity[]): Promise<void> {
  for (const entity of entities) {
    await tx
      .table<LocalRow, string>(entity.table)
      .toCollection()
      .modify((row) => {
        row._search = searchTextOf(entity, row);
      });
  }
}

export const panelDbVersions: readonly PanelDbVersion[] = [{ version: 1 }, { version: 2, upgrade: addSearchText }];

export const PANEL_DB_VERSION = panelDbVersions.at(-1)!.version;

/**
 * The fingerprint of the schema `PANEL_DB_VERSION` was released with. When the declarations
 * change the derived schema, add a version above (with an upgrade if rows need one) and put the
 * new fingerprint here.
 */
export const RELEASED_SCHEMA =
  'e_panel_management_activity(id, updatedAt, at, action, entity) e_panel_management_member(id, updatedAt, roleId, userId, displayName) ' +
  'e_panel_management_role(id, updatedAt, name, parentRoleId) outbox(mutationId, id) problems(mutationId, id) syncState(key)';
