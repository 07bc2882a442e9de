/**
 * The panel data database's schema, derived from the entity declarations: one table per entity
 * (named after its SQL table) keyed by id with its declared indexes, `_sort` where screens order by
 * the title and `updatedAt` where they order by it, plus the outbox, the sync state, the problems and
 * the entities' totals. Every version derives its stores from the current
 * declarations. The version a database opens at is generated from the schema too: the platform's
 * last data upgrade plus the number of tables and indexes, so declaring an entity (or an index)
 * raises it and IndexedDB adds the new parts — a module touches nothing here. Versions written by
 * hand are the platform's upgrades that move data; a new one takes the next multiple of 10,000,
 * above any generated number.
 */
import type { Transaction } from 'dexie';
import type { Entity } from '../contract/entity.ts';
import { localTexts, TOTALS_STORE, type LocalRow, type SyncProblem, type SyncState } from './localRecords.ts';
import { searchTextOf, sortsByTitle } from '../contract/list.ts';

export type Stores = Record<string, string>;

/** The Dexie stores for a set of entity declarations. */
export function deriveStores(entities: readonly Entity[]): Stores {
  const stores: Stores = {
    outbox: 'mutationId, id',
    syncState: 'key',
    problems: 'mutationId, id',
    totals: TOTALS_STORE,
    // The rows a snapshot over rows already held has sent (SnapshotState.sweep).
    seen: 'key',
  };
  for (const entity of entities) {
    // A list of texts is indexed by each of its entries (a product found by any of its barcodes).
    // A window's field is indexed, so the rows a window leaves behind are found without reading the table (decision 050).
    // Every index costs 100-200 bytes a row in Chromium: none that no query reads (decision 056).
    const indexes = [
      ...new Set([
        ...(entity.defaultSort.field === 'updatedAt' ? ['updatedAt'] : []),
        ...(sortsByTitle(entity) ? ['_sort'] : []),
        ...entity.indexes,
        ...(entity.window ? [entity.window.field] : []),
      ]),
    ]
      .filter((name) => name !== 'id')
      .map((name) => (entity.fields[name]?.kind === 'stringList' ? `*${name}` : name));
    const compound = (entity.deviceIndexes ?? []).map((fields) => `[${fields.join('+')}]`);
    stores[entity.table] = ['id', ...indexes, ...compound].join(', ');
  }
  return stores;
}

export interface PanelDbVersion {
  version: number;
  upgrade?: (tx: Transaction, entities: readonly Entity[]) => Promise<void>;
}

/** Changes every stored row of these entities in place, an entity at a time (an upgrade's step). */
async function modifyRows(tx: Transaction, entities: readonly Entity[], change: (entity: Entity, row: LocalRow) => void): Promise<void> {
  for (const entity of entities)
    await tx
      .table<LocalRow, string>(entity.table)
      .toCollection()
      .modify((row) => change(entity, row));
}

/** Version 2 keeps each row's search text precomputed, so a keystroke over a large list stays cheap. */
async function addSearchText(tx: Transaction, entities: readonly Entity[]): Promise<void> {
  await modifyRows(tx, entities, (entity, row) => {
    row._search = searchTextOf(entity, row);
  });
}

/**
 * Version 3: some fields are no longer sent to everyone (`readableBy`: a Member's account id never,
 * their mobile only with a grant). Stored copies of them go, and pull starts again from 0, so the
 * rows come back as the server now shows them to this person.
 */
async function forgetRestrictedFields(tx: Transaction, entities: readonly Entity[]): Promise<void> {
  for (const entity of entities) {
    const restricted = Object.entries(entity.fields)
      .filter(([, field]) => field.readableBy !== undefined)
      .map(([name]) => name);
    if (!restricted.length) continue;
    await tx
      .table<LocalRow, string>(entity.table)
      .toCollection()
      .modify((row) => {
        for (const name of restricted) {
          delete row[name];
          if (row._server) delete row._server[name];
        }
      });
  }
  await tx
    .table<SyncState, string>('syncState')
    .toCollection()
    .modify((state) => {
      state.cursor = 0;
    });
}

/**
 * Version 3 also: a problem keeps the writes held behind it (`held`) and no longer a copy of the
 * server's row from the moment of the rejection (settling reads the newest one instead).
 */
async function holdBehindProblems(tx: Transaction): Promise<void> {
  await tx
    .table<SyncProblem & { serverRow?: unknown }, number>('problems')
    .toCollection()
    .modify((problem) => {
      problem.held ??= [];
      delete problem.serverRow;
    });
}

/** Version 10,000: each row keeps its title's sort key, indexed (`_sort`), so a screen can read the first rows in title order. */
async function addSortKeys(tx: Transaction, entities: readonly Entity[]): Promise<void> {
  await modifyRows(tx, entities, (entity, row) => {
    if (!row.deleted) row._sort = localTexts(entity, row)._sort;
  });
}

/**
 * Version 20,000 (decision 056): `_sort` only where the title is text and not empty, for only
 * those rows are read in title order; the indexes no query reads (`updatedAt` but where a list is
 * ordered by it, `_sort` of entities titled by a reference, date or number) go with the schema.
 */
async function keepSortKeysOfTextTitles(tx: Transaction, entities: readonly Entity[]): Promise<void> {
  await modifyRows(tx, entities, (entity, row) => {
    if (!('_sort' in row)) return;
    const kept = row.deleted ? undefined : localTexts(entity, row)._sort;
    if (kept === undefined) delete row._sort;
    else row._sort = kept;
  });
}

export const panelDbVersions: readonly PanelDbVersion[] = [
  { version: 1 },
  { version: 2, upgrade: addSearchText },
  {
    version: 3,
    upgrade: async (tx, entities) => {
      await forgetRestrictedFields(tx, entities);
      await holdBehindProblems(tx);
    },
  },
  { version: 10_000, upgrade: addSortKeys },
  { version: 20_000, upgrade: keepSortKeysOfTextTitles },
];

/** The last platform upgrade's version. */
export const PLATFORM_DB_VERSION = panelDbVersions.at(-1)!.version;

/** The version a database with these stores opens at: grows with every table or index declared. */
export function schemaVersion(stores: Stores): number {
  const parts = Object.values(stores).reduce((sum, spec) => sum + spec.split(',').length, 0);
  return PLATFORM_DB_VERSION + parts;
}
