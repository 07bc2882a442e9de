/**
 * Row-level scopes (docs/decisions/013-row-scopes.md): an entity declaring `scope: { field }`
 * shows a caller without its `readAll` grant only the rows whose field is their own Member id.
 * Every way a row leaves the server passes here: REST lists (in SQL, so the total counts only
 * those rows), REST get, pull, and the rows a write or a replayed push answers with.
 */
import { rowForReader, rowInScope, seesAllRows, type Entity, type Row } from '../../src/contract/entity.ts';
import type { PanelAccess } from '../panels/panelAccess.ts';
import { columnName } from './columns.ts';

type Caller = Pick<PanelAccess, 'permissions' | 'memberId'>;

/**
 * The Member id the caller's rows of this entity must carry, or undefined when they see every
 * row. Null: a caller who sees no row at all (not a member; the owner holds every grant).
 */
export function scopeMember(entity: Entity, access: Caller): string | null | undefined {
  return seesAllRows(entity, access.permissions) ? undefined : access.memberId;
}

/** The SQL condition of the caller's scope (its value pushed onto `params`), or null when they see every row. */
export function scopeCondition(entity: Entity, access: Caller, params: unknown[]): string | null {
  const member = scopeMember(entity, access);
  if (member === undefined) return null;
  if (member === null) return 'false';
  params.push(member);
  return `${columnName(entity.scope!.field)} = $${params.length}::uuid`;
}

export function inScope(entity: Entity, access: Caller, row: Row): boolean {
  return rowInScope(entity, row, access.permissions, access.memberId);
}

/** The row as the caller may see it, or null when it is outside their scope. */
export function rowForCaller(entity: Entity, access: Caller, row: Row): Row | null {
  return inScope(entity, access, row) ? rowForReader(entity, row, access.permissions) : null;
}

/**
 * What a device that held the row is sent once the row has left its scope: a bare tombstone (id,
 * version, time, deleted), which makes it drop the row as it drops a deleted one.
 */
export function scopeExit(row: Row): Row {
  return { id: row.id, version: row.version, updatedAt: row.updatedAt, deleted: true };
}
