/**
 * A first sync as a snapshot (decision 051): GET /api/Sync/Pull?cursor=0&snapshot= answers from
 * the entity tables, not the change log. Entity after entity (the readable ones, in the registry's
 * order), the live rows in the caller's window and scope, in id order, `limit` rows a page, each
 * through `rowForCaller` as a pull's rows are. Every page but the last carries `snapshot`, an
 * opaque token the device sends back for the next page (and keeps, so a dropped connection resumes
 * there), and `progress`. The last page's `cursor` is the log's newest change noted when the
 * snapshot began: pulls go on from the log, so a row changed while the snapshot ran comes again
 * from it (a row sent twice is harmless: the device keeps the higher version).
 *
 * Memory stays flat: a page reads at most `limit + 1` rows of each entity it touches, from where
 * the token left off, by an index: an entity without a window by its primary key (panel_id, id);
 * a windowed one first by its window field's index (panel_id, field) from the window's first day
 * on, in (field, id) order, then the few rows kept from before it or undated, in id order. Walking
 * a windowed table by id would read every row of its whole history to send the last year's.
 */
import { Code } from '../../src/contract/codes.ts';
import { entities } from '../../src/contract/modules.ts';
import { fieldOf, permission, type Entity, type Row } from '../../src/contract/entity.ts';
import type { PullResponse, SyncChange } from '../../src/contract/sync.ts';
import { windowStarts } from '../../src/contract/syncWindow.ts';
import { tehranDayBound } from '../../src/contract/list.ts';
import type { Queryable } from '../db/Db.ts';
import { columnName } from '../entities/columns.ts';
import { rowsWithLines } from '../entities/entityStore.ts';
import { selectList } from '../entities/rowCodec.ts';
import { rowForCaller, scopeCondition } from '../entities/rowScope.ts';
import { AppError } from '../errors.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import type { PullRequest, PullWindows } from './pullChanges.ts';

/** Where a snapshot stands: what the token carries. */
export interface SnapshotPosition {
  /** The panel it belongs to. */
  panel: string;
  /** Index in `entities()` of the entity being read. */
  entity: number;
  /**
   * A windowed entity's part: 0 the rows in the window, in (window field, id) order; 1 those kept
   * from before it or undated, in id order. An entity without a window has part 0 only, in id order.
   */
  part: 0 | 1;
  /** The window field's value of the last row sent in part 0 ('' before the first). */
  afterValue: string;
  /** The last id sent of that entity and part ('' before its first). */
  after: string;
  /** The log's newest change when the snapshot began: the last page's cursor. */
  seq: number;
  /** Rows counted (estimated) at the start, and rows sent so far. */
  total: number;
  done: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A day, or an instant as PostgreSQL writes a timestamptz as text (microseconds kept, which a Date would lose). */
const WINDOW_VALUE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2})?$/;

export function snapshotToken(position: SnapshotPosition): string {
  const { panel, entity, part, afterValue, after, seq, total, done } = position;
  return Buffer.from(JSON.stringify([2, panel, entity, part, afterValue, after, seq, total, done])).toString('base64url');
}

function count(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The position a token names, or a 400 (9401) when it does not parse or is another panel's. */
export function parseSnapshotToken(token: string, panelId: string): SnapshotPosition {
  let parts: unknown;
  try {
    parts = token.length <= 400 && /^[A-Za-z0-9_-]+$/.test(token) ? JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) : null;
  } catch {
    parts = null;
  }
  if (!Array.isArray(parts) || parts.length !== 9 || parts[0] !== 2) throw new AppError(Code.BadRequest, 400);
  const [, panel, entity, part, afterValue, after, seq, total, done] = parts as unknown[];
  if (
    panel !== panelId ||
    !count(entity) ||
    entity > entities().length ||
    (part !== 0 && part !== 1) ||
    typeof afterValue !== 'string' ||
    (afterValue !== '' && !WINDOW_VALUE.test(afterValue)) ||
    typeof after !== 'string' ||
    (after !== '' && !UUID.test(after)) ||
    !count(seq) ||
    !count(total) ||
    !count(done)
  )
    throw new AppError(Code.BadRequest, 400);
  return { panel, entity, part, afterValue, after, seq, total, done };
}

/** The window's column, and how its values compare in SQL (a day, or an instant). */
function windowColumn(entity: Entity): { column: string; cast: string; bound: (day: string) => unknown } | null {
  const window = entity.window;
  if (!window) return null;
  const dateTime = fieldOf(entity, window.field)?.kind === 'dateTime';
  return {
    column: columnName(window.field),
    cast: dateTime ? '::timestamptz' : '::date',
    bound: (day) => (dateTime ? new Date(tehranDayBound(day, false)) : day),
  };
}

/**
 * The condition (its values pushed onto `params`) of the rows a snapshot sends of this entity:
 * live, in the caller's scope, and in the window (`inWindow`'s rule, in SQL: kept, no date, or a
 * date on or after the window's first day). `part` narrows a windowed entity to the rows in the
 * window (0) or to those kept from before it or undated (1); undefined: both.
 */
function snapshotCondition(entity: Entity, access: PanelAccess, from: string | undefined, params: unknown[], part?: 0 | 1): string {
  const parts = ['NOT deleted'];
  const scope = scopeCondition(entity, access, params);
  if (scope) parts.push(scope);
  const window = entity.window;
  const column = windowColumn(entity);
  if (window && column && from) {
    // Every value pushed is named in the statement (an unnamed one has no type PostgreSQL can tell).
    let start = '';
    const startOf = () => {
      if (!start) {
        params.push(column.bound(from));
        start = `$${params.length}${column.cast}`;
      }
      return start;
    };
    const inside = () => `${column.column} >= ${startOf()}`;
    const before: string[] = [`${column.column} IS NULL`];
    if (window.keep && part !== 0) {
      const bound = startOf();
      params.push(window.keep.values.map(String));
      before.push(`(${column.column} < ${bound} AND ${columnName(window.keep.field)}::text = ANY($${params.length}::text[]))`);
    }
    if (part === 0) parts.push(inside());
    else if (part === 1) parts.push(`(${before.join(' OR ')})`);
    else parts.push(`(${[inside(), ...before].join(' OR ')})`);
  }
  return parts.join(' AND ');
}

/**
 * The rows a snapshot will send, estimated by the planner (`EXPLAIN`, no rows read): counting
 * them exactly would read the whole panel once more before the first page. The device shows it as
 * the progress bar's end; a total the rows outgrow is raised to what was sent.
 */
async function estimateTotal(
  q: Queryable,
  access: PanelAccess,
  readable: readonly Entity[],
  starts: Record<string, string>,
): Promise<number> {
  let total = 0;
  for (const entity of readable) {
    const params: unknown[] = [access.id];
    const condition = snapshotCondition(entity, access, starts[entity.key], params);
    const plan = await q.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (FORMAT JSON) SELECT id FROM ${entity.table} WHERE panel_id = $1 AND ${condition}`,
      params,
    );
    total += planRows(plan[0]?.['QUERY PLAN']);
  }
  return total;
}

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined)?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' && Number.isFinite(rows) && rows >= 0 ? Math.round(rows) : 0;
}

/** One page of the snapshot `token` names ('' starts one). */
export async function pullSnapshot(
  q: Queryable,
  access: PanelAccess,
  request: PullRequest,
  token: string,
  windowsAt: PullWindows = { at: new Date(), capMonths: null },
): Promise<PullResponse> {
  const all = entities();
  const readableEntities = all.filter((e) => access.permissions.has(permission(e, 'read')));
  const readable = new Set(readableEntities);
  const starts = windowStarts(readableEntities, windowsAt.at, windowsAt.capMonths);
  let position: SnapshotPosition;
  if (token === '') {
    // Noted before any row is read: every change after it comes from the log once the snapshot ends.
    const [top] = await q.query<{ newest: number }>('SELECT coalesce(max(seq), 0) AS newest FROM sync_changes WHERE panel_id = $1', [
      access.id,
    ]);
    position = {
      panel: access.id,
      entity: 0,
      part: 0,
      afterValue: '',
      after: '',
      seq: Number(top?.newest ?? 0),
      total: await estimateTotal(q, access, readableEntities, starts),
      done: 0,
    };
  } else position = parseSnapshotToken(token, access.id);

  const changes: SyncChange[] = [];
  let { entity: index, part, afterValue, after } = position;
  let more = true;
  while (changes.length < request.limit) {
    const entity = all[index];
    if (!entity) {
      more = false;
      break;
    }
    const next = () => {
      index++;
      part = 0;
      afterValue = '';
      after = '';
    };
    if (!readable.has(entity)) {
      next();
      continue;
    }
    const want = request.limit - changes.length;
    const from = starts[entity.key];
    const column = from ? windowColumn(entity) : null;
    // By the window field's index while in the window, else by the primary key.
    const byWindow = column !== null && part === 0;
    const params: unknown[] = [access.id];
    const condition = snapshotCondition(entity, access, from, params, column ? part : undefined);
    let keyset = '';
    if (byWindow && after) {
      params.push(afterValue, after);
      keyset = ` AND (${column.column}, id) > ($${params.length - 1}${column.cast}, $${params.length}::uuid)`;
    } else if (after) {
      params.push(after);
      keyset = ` AND id > $${params.length}::uuid`;
    }
    params.push(want + 1);
    const order = byWindow ? `${column.column}, id` : 'id';
    const select = `${selectList(entity)}${byWindow ? `, ${column.column}::text AS snapshot_after` : ''}`;
    const records = await q
      .query(
        `SELECT ${select} FROM ${entity.table} WHERE panel_id = $1${keyset} AND ${condition} ORDER BY ${order} LIMIT $${params.length}`,
        params,
      )
      .catch((error: unknown) => {
        // A token's value that is no day or instant (data exceptions, class 22): the token is bad, not the server.
        if (afterValue && String((error as { code?: unknown }).code ?? '').startsWith('22')) throw new AppError(Code.BadRequest, 400);
        throw error;
      });
    const page = records.slice(0, want);
    const rows: Row[] = await rowsWithLines(q, entity, access.id, page);
    for (const row of rows) {
      const seen = rowForCaller(entity, access, row);
      if (seen) changes.push({ entity: entity.key, row: seen });
    }
    if (records.length > want) {
      const last = page[page.length - 1]!;
      after = String(last.id);
      if (byWindow) afterValue = String(last.snapshot_after);
      break;
    }
    if (byWindow) {
      part = 1;
      afterValue = '';
      after = '';
    } else next();
  }
  // The page ended past the last readable entity: it is the snapshot's last.
  if (more && !all.slice(index).some((e) => readable.has(e))) more = false;

  const done = position.done + changes.length;
  const readableKeys = readableEntities.map((e) => e.key);
  if (!more) {
    // Pulls go on from the log after the change noted at the start; more when something changed since.
    const [top] = await q.query<{ newest: number }>('SELECT coalesce(max(seq), 0) AS newest FROM sync_changes WHERE panel_id = $1', [
      access.id,
    ]);
    return {
      changes,
      cursor: position.seq,
      hasMore: Number(top?.newest ?? 0) > position.seq,
      readableEntities: readableKeys,
      windows: starts,
    };
  }
  const total = Math.max(position.total, done);
  return {
    changes,
    cursor: 0,
    hasMore: true,
    readableEntities: readableKeys,
    windows: starts,
    snapshot: snapshotToken({ ...position, entity: index, part, afterValue, after, done, total }),
    progress: { done, total },
  };
}
