/**
 * Row-level scopes (docs/decisions/013-row-scopes.md): an entity declaring `scope: { field }`
 * shows a caller without its `readAll` grant only the rows whose field is their own Member id.
 * Every way a row leaves the server passes here: REST lists (in SQL, so the total counts only
 * those rows), REST get, pull, and the rows a write or a replayed push answers with.
 */
import { ownRow, rowForReader, rowInScope, scopeFields, seesAllRows, type Entity, type Row } from '../../src/contract/entity.ts';
import { Activity, Member, Role } from '../../src/contract/entities/panelManagement.ts';
import { activityForReader } from './activityTitles.ts';
import { mirrorForReader } from './mirrorFields.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import type { WriteContext } from './writeContext.ts';
import { columnName } from './columns.ts';

type Caller = Pick<PanelAccess, 'permissions' | 'memberId'> & { userId?: string | undefined };

/**
 * The Member id the caller's rows of this entity must carry, or undefined when they see every
 * row. Null: a caller who sees no row at all (not a member; the owner holds every grant).
 */
export function scopeMember(entity: Entity, access: Caller): string | null | undefined {
  return seesAllRows(entity, access.permissions) ? undefined : access.memberId;
}

/**
 * The SQL condition of the caller's scope (its values pushed onto `params`), or null when they
 * see every row: one of the row's scope fields is their Member id, or (holding the queue's
 * permission) its queue field is empty. `alias` qualifies the columns (`c.` for a joined table).
 */
export function scopeCondition(entity: Entity, access: Caller, params: unknown[], alias = ''): string | null {
  if (entity.personal !== undefined) {
    // A person's own rows (decision 038): theirs alone, whatever they hold.
    if (access.userId === undefined) return 'false';
    params.push(access.userId);
    return `(${alias}${columnName(entity.personal)} = $${params.length}::text)`;
  }
  if (seesAllRows(entity, access.permissions)) return null;
  const parts: string[] = [];
  if (access.memberId !== null) {
    params.push(access.memberId);
    for (const name of scopeFields(entity)) parts.push(`${alias}${columnName(name)} = $${params.length}::uuid`);
  }
  const queue = entity.scope!.queue;
  if (queue && access.permissions.has(queue.permission)) parts.push(`${alias}${columnName(queue.field)} IS NULL`);
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
}

export function inScope(entity: Entity, access: Caller, row: Row): boolean {
  return ownRow(entity, row, access.userId) && rowInScope(entity, row, access.permissions, access.memberId);
}

/** The row as the caller may see it, or null when it is outside their scope. */
export function rowForCaller(entity: Entity, access: Caller, row: Row): Row | null {
  if (!inScope(entity, access, row)) return null;
  const seen = rowForReader(entity, row, access.permissions);
  // An audit row names the row it is about only to those who may read that row (activityTitles.ts),
  // a mirror its source only to those who see all of the source's rows (mirrorFields.ts).
  if (entity.key === Activity.key) return activityForReader(access, seen, row.members);
  return entity.mirror ? mirrorForReader(entity, access, seen, row) : seen;
}

/**
 * What a device that held the row is sent once the row has left its scope: a bare tombstone (id,
 * version, time, deleted), which makes it drop the row as it drops a deleted one.
 */
export function scopeExit(row: Row): Row {
  return { id: row.id, version: row.version, updatedAt: row.updatedAt, deleted: true };
}

/**
 * The Members a row left by being taken from the queue (its queue field filled): every active
 * member whose role holds the queue's permission. Pull sends each of them the row's removal
 * unless it is still in their scope (they hold `readAll`, or it is now theirs).
 */
export async function queueLeft(ctx: WriteContext, entity: Entity, before: Row, after: Row): Promise<string[]> {
  const queue = entity.scope?.queue;
  if (!queue || before[queue.field] !== null || after[queue.field] === null || after[queue.field] === undefined) return [];
  const holders = await ctx.tx.query<{ id: string }>(
    `SELECT m.id FROM ${Member.table} m JOIN ${Role.table} r ON r.panel_id = m.panel_id AND r.id = m.role_id AND NOT r.deleted
     WHERE m.panel_id = $1 AND NOT m.deleted AND m.status = 'active' AND r.permissions @> jsonb_build_array($2::text)`,
    [ctx.access.id, queue.permission],
  );
  return holders.map((h) => String(h.id).toLowerCase());
}
