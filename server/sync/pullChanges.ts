/**
 * Pull (GET /api/Sync/Pull?cursor=&limit=): the current state of every row changed after the
 * cursor, tombstones included, in change-log order, only of entities the caller may read. The
 * answer's cursor passes the page's last change; once nothing more is waiting it moves to the
 * panel's newest change even if the caller could not read it, so it never stands still.
 */
import { Code } from '../../src/contract/codes.ts';
import { entities, entityByKey } from '../../src/contract/modules.ts';
import { permission, type Row } from '../../src/contract/entity.ts';
import { PULL_PAGE_DEFAULT, PULL_PAGE_MAX, SNAPSHOT_PAGE_MAX, type PullResponse, type SyncChange } from '../../src/contract/sync.ts';
import { windowStarts } from '../../src/contract/syncWindow.ts';
import type { Queryable } from '../db/Db.ts';
import { findRows } from '../entities/entityStore.ts';
import { rowForCaller, scopeExit } from '../entities/rowScope.ts';
import { AppError } from '../errors.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';

export interface PullRequest {
  cursor: number;
  limit: number;
}

/** What a pull's windows are worked out from (decision 050): the moment, and the server's cap in months. */
export interface PullWindows {
  at: Date;
  capMonths: number | null;
}

function whole(raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new AppError(Code.BadRequest, 400);
  return n;
}

export function parsePull(query: Record<string, unknown>): PullRequest {
  // A snapshot's pages (decision 051) may be larger than the log's.
  const max = query.snapshot === undefined ? PULL_PAGE_MAX : SNAPSHOT_PAGE_MAX;
  return { cursor: whole(query.cursor, 0, 0, Number.MAX_SAFE_INTEGER), limit: whole(query.limit, PULL_PAGE_DEFAULT, 1, max) };
}

export async function pullChanges(
  q: Queryable,
  access: PanelAccess,
  request: PullRequest,
  windowsAt: PullWindows = { at: new Date(), capMonths: null },
): Promise<PullResponse> {
  const readableEntities = entities().filter((e) => access.permissions.has(permission(e, 'read')));
  const readable = readableEntities.map((e) => e.key);
  // Every change numbered up to `newest` is committed (a panel's numbers follow its commit order).
  const [top] = await q.query<{ newest: number }>('SELECT coalesce(max(seq), 0) AS newest FROM sync_changes WHERE panel_id = $1', [
    access.id,
  ]);
  const newest = Math.max(Number(top?.newest ?? 0), request.cursor);
  const log = readable.length
    ? await q.query<{ entity: string; row_id: string; seq: number; left: boolean }>(
        `SELECT entity, row_id, seq, coalesce($6::text = ANY(left_scope), false) AS left FROM sync_changes
         WHERE panel_id = $1 AND seq > $2 AND seq <= $3 AND entity = ANY($4::text[])
         ORDER BY seq LIMIT $5`,
        [access.id, request.cursor, newest, readable, request.limit + 1, access.memberId],
      )
    : [];
  const hasMore = log.length > request.limit;
  const page = log.slice(0, request.limit);

  const rows = new Map<string, Row>();
  const idsByEntity = new Map<string, string[]>();
  for (const c of page) {
    const ids = idsByEntity.get(c.entity) ?? [];
    ids.push(c.row_id);
    idsByEntity.set(c.entity, ids);
  }
  const left = new Set(page.filter((c) => c.left).map((c) => `${c.entity}:${c.row_id}`));
  // Each entity's rows in a query of its own, all sent at once: on PostgreSQL the pool runs them
  // side by side (PGlite takes them one after another), and none waits for the one before.
  const found = await Promise.all(
    [...idsByEntity].map(async ([key, ids]) => {
      const entity = entityByKey(key)!;
      return { entity, rows: await findRows(q, entity, access.id, ids) };
    }),
  );
  for (const { entity, rows: entityRows } of found) {
    const key = entity.key;
    for (const row of entityRows) {
      const id = `${key}:${row.id}`;
      // Outside the caller's scope: nothing, unless the row was once in it (then its removal).
      const seen = rowForCaller(entity, access, row) ?? (left.has(id) ? scopeExit(row) : null);
      if (seen) rows.set(id, seen);
    }
  }
  const changes: SyncChange[] = page.flatMap((c) => {
    const row = rows.get(`${c.entity}:${c.row_id}`);
    return row ? [{ entity: c.entity, row }] : [];
  });
  return {
    changes,
    cursor: hasMore ? Number(page[page.length - 1]!.seq) : newest,
    hasMore,
    readableEntities: readable,
    windows: windowStarts(readableEntities, windowsAt.at, windowsAt.capMonths),
  };
}
