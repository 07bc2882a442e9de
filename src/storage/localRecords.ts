/**
 * What the panel's data database holds besides the entity rows' declared fields: the outbox of
 * queued mutations, the sync state, and the problems (mutations the server rejected). Field names
 * starting with `_` are the client's own and never travel.
 */
import type { Entity, Row } from '../contract/entity.ts';
import { searchTextOf, sortKey, sortsByTitle } from '../contract/list.ts';
import type { Mutation } from '../contract/sync.ts';

/** A row as screens see it (the server's row with this device's pending writes replayed on top), plus what rebasing needs. */
export interface LocalRow extends Row {
  /**
   * The last row the server sent (pull or push result); null for a row created here and not yet
   * confirmed; absent when nothing is pending, for then the row itself is the server's (half the
   * bytes to store and read for the rows of a large list). Read it with `serverRowOf`.
   */
  _server?: Row | null;
  /** How many queued mutations are replayed on top of `_server`. */
  _pending: number;
  /** Normalised search text (src/contract/list.ts). */
  _search: string;
  /**
   * The title's sort key (src/contract/list.ts `sortKey`: Persian dictionary order), indexed, so a
   * screen can read the first rows of a large table in title order without reading all of it.
   * Only where the title is text (`sortsByTitle`) and not empty: a deleted row's tombstone, a row
   * without a title and every row of an entity titled by a reference, date or number have none,
   * and are in no title order's index (decision 056).
   */
  _sort?: string;
}

/** The texts a row is found and ordered by on this device, worked out whenever it is stored. */
export function localTexts(entity: Pick<Entity, 'fields' | 'searchFields' | 'titleField'>, row: Row): Pick<LocalRow, '_search' | '_sort'> {
  const _search = searchTextOf(entity, row);
  const _sort = sortsByTitle(entity) ? sortKey(row[entity.titleField]) : '';
  return _sort ? { _search, _sort } : { _search };
}

/** An entity's totals of one group (decision 052, entityTotals.ts keeps them). */
export interface TotalsRecord {
  /** `<table>|<the group's values>`, or `built:<table>` for the mark that the table's totals are complete. */
  key: string;
  table: string;
  /** The group's `by` values (null where the row has none). */
  group: Record<string, unknown>;
  rows: number;
  /** Rows with any summed figure not zero (products holding stock). */
  nonZero: number;
  /** Per summed field, exact: thousandths of a decimal, rials of money, as text. */
  sums: Record<string, string>;
}

/** The totals store: by key, and by table to read one entity's groups. */
export const TOTALS_STORE = 'key, table';

/** The mark that an entity's totals are complete (a new database's, or once worked out from its rows). */
export function builtTotals(entity: Pick<Entity, 'table'>): TotalsRecord {
  return { key: `built:${entity.table}`, table: 'built', group: {}, rows: 0, nonZero: 0, sums: {} };
}

/** A queued mutation: exactly what is pushed, plus when it was made. */
export interface OutboxEntry extends Mutation {
  /** ISO time of the write on this device. */
  at: string;
}

export const SYNC_STATE_KEY = 'state';

export interface SyncState {
  key: typeof SYNC_STATE_KEY;
  /** Random per device, user and panel (the database is per user and panel). */
  clientId: string;
  nextMutationId: number;
  /** The server's pull cursor: changes after it have not been seen. */
  cursor: number;
  lastSyncAt: string | null;
  /** A hash of the person's permissions when the cursor was last advanced; a change restarts pull from 0. */
  accessHash: string | null;
  /** The entities the server last said the person may read (pull's `readableEntities`), sorted. */
  readable?: string[];
  /** Each windowed entity's first day on this device, as the server last said (pull's `windows`, decision 050). */
  windows?: Record<string, string>;
  /**
   * A first sync's snapshot under way (decision 051): the token of the next page and how far it
   * got, stored with each page's rows, so a dropped connection or a closed tab resumes there.
   */
  snapshot?: SnapshotState;
}

export interface SnapshotState {
  token: string;
  done: number;
  total: number;
  /**
   * The snapshot runs over rows the device already held (a pull from the start again: the person's
   * access, readable entities or window changed): what it sends is noted in `seen`, and once it ends
   * the rows it did not send (deleted, out of the window or of scope since) leave (syncResults.ts).
   */
  sweep?: boolean;
}

/** A row a sweeping snapshot sent: `<table>\n<id>`. */
export interface SeenRecord {
  key: string;
}

/**
 * A mutation the server rejected, kept until the person decides what to do with it, with the
 * later writes of the same row that were queued on top of it: those are held (never sent, or
 * refused by the server as held), for their base counted on this one. The server's row is not
 * copied here: screens and settling read the newest one this device knows (deletions included).
 */
export interface SyncProblem extends OutboxEntry {
  code: number;
  message: string;
  fields?: Record<string, string>;
  /** The module's own account of the rejection (MutationResult.detail). */
  detail?: unknown;
  /** Later writes of the same row held behind this one, oldest first. */
  held: OutboxEntry[];
  rejectedAt: string;
  /** When a later write of this device to the same row was accepted by the server. */
  newerOwnChangeAt?: string;
}
