/**
 * The privilege ceiling (issue 14): someone who is not the owner manages only what is at or below
 * them. A role they create or change must hold no permission they lack, before and after the
 * change; a person they add, move or remove must have such a role, before and after; and their
 * own role and their own member row are not theirs to change at all (else `Member.update` alone
 * would reach Administrator in a few requests). The owner holds everything and is never limited.
 */
import { Code } from '../../src/contract/codes.ts';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { RuleRejection, type WriteContext } from '../entities/writeContext.ts';

function permissionsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
}

/** Refuses (9400) permissions beyond what the writer's role grants; `field` names the field that carries them. */
export function withinCeiling(ctx: WriteContext, permissions: unknown, field: string): void {
  if (ctx.access.isOwner) return;
  if (!permissionsOf(permissions).every((p) => ctx.access.granted.has(p))) {
    throw new RuleRejection(Code.InvalidOperation, { [field]: 'range' });
  }
}

/** Refuses (9400) a write to the writer's own role or member row. */
export function notOwnPlace(ctx: WriteContext, row: Row): void {
  if (ctx.access.isOwner) return;
  if (row.id === ctx.access.roleId || row.id === ctx.access.memberId) throw new RuleRejection(Code.InvalidOperation);
}

/** The permissions of a live role of the panel (none when there is no such role: the reference rule answers that). */
async function rolePermissions(ctx: WriteContext, roleId: unknown): Promise<string[]> {
  if (typeof roleId !== 'string') return [];
  const [role] = await ctx.tx.query<{ permissions: unknown }>(
    `SELECT permissions FROM ${Role.table} WHERE panel_id = $1 AND id = $2::uuid AND NOT deleted`,
    [ctx.access.id, roleId],
  );
  return permissionsOf(role?.permissions);
}

/** Refuses (9400) giving someone, or touching someone with, a role stronger than the writer's. */
export async function roleWithinCeiling(ctx: WriteContext, roleId: unknown): Promise<void> {
  if (ctx.access.isOwner) return;
  withinCeiling(ctx, await rolePermissions(ctx, roleId), 'roleId');
}
