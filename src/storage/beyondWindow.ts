/**
 * Rows before a device's window of history (decision 050), answered by the server on demand
 * through the same REST the rest of the API uses (`GET /api/<Module>/<Entity>` with the list's own
 * parameters, and `/<id>`): the same rules modules answer, the same scope and permissions.
 *
 * - A list's older rows: the list's search, filters and sort, plus a range on the window field
 *   that ends the day before the window starts; kept in memory for a few minutes per panel, entity
 *   and parameters, so going back and forth between screens asks once — until this device writes
 *   a row of that entity (`forgetOlderRows`), when the next look asks again.
 * - One row for a page: stored on the device as a synced row (as a pull stores it), so forms and
 *   local writes work on it as on any row; eviction drops it again later unless writes hold it.
 */
import { apiData } from '../api/http.ts';
import { isApiError } from '../api/ApiError.ts';
import { entityPath, type Entity, type EntityListResponse, type Row } from '../contract/entity.ts';
import type { ListParams } from '../contract/list.ts';
import { listQueryOf } from '../contract/olderRows.ts';
import { readSession } from '../session/session.ts';
import type { PanelData } from './panelData.ts';
import { OLDER_ROWS_TTL_MS, olderCache } from './olderRowsCache.ts';
import { reconcileRows } from './reconcile.ts';

export { dayBefore, listQueryOf, olderParams } from '../contract/olderRows.ts';
export { forgetOlderRows, OLDER_ROWS_TTL_MS } from './olderRowsCache.ts';

const OLDER_ROWS_MAX = 50;

/** The panel the API client calls now must be the database's: a list must never show another panel's rows. */
function samePanel(panel: Pick<PanelData, 'panelCode'>): void {
  if (readSession().panelCode !== panel.panelCode) throw new Error('The current panel changed.');
}

/** A page of the server's rows before the window (`params` from `olderParams`), cached for a few minutes. */
export function fetchOlderRows(
  panel: Pick<PanelData, 'key' | 'panelCode'>,
  entity: Entity,
  params: ListParams,
): Promise<EntityListResponse> {
  const key = `${panel.key}\n${entity.key}\n${JSON.stringify(params)}`;
  const now = Date.now();
  const known = olderCache.get(key);
  if (known && now - known.at < OLDER_ROWS_TTL_MS) return known.answer;
  const answer = (async () => {
    samePanel(panel);
    return apiData<EntityListResponse>('GET', entityPath(entity), { query: listQueryOf(params) });
  })();
  olderCache.set(key, { at: now, answer });
  // A failure is not kept: the next try asks again.
  answer.catch(() => olderCache.delete(key));
  if (olderCache.size > OLDER_ROWS_MAX) olderCache.delete(olderCache.keys().next().value!);
  return answer;
}

export type FetchedRow = 'stored' | 'missing' | 'failed';

/**
 * Asks the server for one row this device does not hold and stores it as a synced row: 'stored',
 * 'missing' (the server has no such row for this person: 404), or 'failed' (offline, or the server
 * could not answer).
 */
export async function fetchRowToDevice(panel: Pick<PanelData, 'db' | 'panelCode'>, entity: Entity, id: string): Promise<FetchedRow> {
  let row: Row;
  try {
    samePanel(panel);
    row = await apiData<Row>('GET', `${entityPath(entity)}/${encodeURIComponent(id)}`);
  } catch (error) {
    return isApiError(error) && error.kind === 'http' && error.status === 404 ? 'missing' : 'failed';
  }
  if (!row || row.id !== id) return 'missing';
  const db = panel.db;
  await db.transaction('rw', [db.rows(entity), db.outbox], async () => {
    // A copy the device got meanwhile (a pull, a write) is never replaced by an older one: reconcile keeps the newest.
    await reconcileRows(db, entity, [id], new Map([[id, row]]));
  });
  return 'stored';
}
