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
 * Memory stays flat: a page reads at most `limit + 1` rows of each entity it touches, by the
 * primary key (panel_id, id) from where the token left off.
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
  /** The last id sent of that entity ('' before its first). */
  after: string;
  /** The log's newest change when the snapshot began: the last page's cursor. */
  seq: number;
  /** Rows counted (estimated) at the start, and rows sent so far. */
  total: number;
  done: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function snapshotToken(position: SnapshotPosition): string {
  const { panel, entity, after, seq, total, done } = position;
  return Buffer.from(JSON.stringify([1, panel, entity, after, seq, total, done])).toString('base64url');
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
  if (!Array.isArray(parts) || parts.length !== 7 || parts[0] !== 1) throw new AppError(Code.BadRequest, 400);
  const [, panel, entity, after, seq, total, done] = parts as unknown[];
  if (
    panel !== panelId ||
    !count(entity) ||
    entity > entities().length ||
    typeof after !== 'string' ||
    (after !== '' && !UUID.test(after)) ||
    !count(seq) ||
    !count(total) ||
    !count(done)
  )
    throw new AppError(Code.BadRequest, 400);
  return { panel, entity, after, seq, total, done };
}

/**
 * The condition (its values pushed onto `params`) of the rows a snapshot sends of this entity:
 * live, in the caller's scope, and in the window (`inWindow`'s rule, in SQL: kept, no date, or a
 * date on or after the window's first day).
 */
function snapshotCondition(entity: Entity, access: PanelAccess, from: string | undefined, params: unknown[]): string {
  const parts = ['NOT deleted'];
  const scope = scopeCondition(entity, access, params);
  if (scope) parts.push(scope);
  const window = entity.window;
  if (window && from) {
    const column = columnName(window.field);
    const dateTime = fieldOf(entity, window.field)?.kind === 'dateTime';
    params.push(dateTime ? new Date(tehranDayBound(from, false)) : from);
    const keep: string[] = [`${column} IS NULL`, `${column} >= $${params.length}${dateTime ? '' : '::date'}`];
    if (window.keep) {
      params.push(window.keep.values.map(String));
      keep.push(`${columnName(window.keep.field)}::text = ANY($${params.length}::text[])`);
    }
    parts.push(`(${keep.join(' OR ')})`);
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
      after: '',
      seq: Number(top?.newest ?? 0),
      total: await estimateTotal(q, access, readableEntities, starts),
      done: 0,
    };
  } else position = parseSnapshotToken(token, access.id);

  const changes: SyncChange[] = [];
  let { entity: index, after } = position;
  let more = true;
  while (changes.length < request.limit) {
    const entity = all[index];
    if (!entity) {
      more = false;
      break;
    }
    if (!readable.has(entity)) {
      index++;
      after = '';
      continue;
    }
    const want = request.limit - changes.length;
    const params: unknown[] = [access.id];
    const condition = snapshotCondition(entity, access, starts[entity.key], params);
    let keyset = '';
    if (after) {
      params.push(after);
      keyset = ` AND id > $${params.length}::uuid`;
    }
    params.push(want + 1);
    const records = await q.query(
      `SELECT ${selectList(entity)} FROM ${entity.table} WHERE panel_id = $1${keyset} AND ${condition} ORDER BY id LIMIT $${params.length}`,
      params,
    );
    const page = records.slice(0, want);
    const rows: Row[] = await rowsWithLines(q, entity, access.id, page);
    for (const row of rows) {
      const seen = rowForCaller(entity, access, row);
      if (seen) changes.push({ entity: entity.key, row: seen });
    }
    if (records.length > want) {
      after = String(page[page.length - 1]!.id);
      break;
    }
    index++;
    after = '';
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
    snapshot: snapshotToken({ ...position, entity: index, after, done, total }),
    progress: { done, total },
  };
}
