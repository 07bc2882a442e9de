/**
 * A Member ties an account to a role in the panel, by invitation (docs/decisions/007-invitations.md).
 * The client writes `login` (a username or a verified mobile number) and the role; the server
 * finds the account (9204 when there is none), keeps its id to itself, and opens an invitation:
 * until the person accepts, the panel is shown only what was typed, and the person has no access.
 * Looking people up is limited per inviter, so nobody harvests who has an account. Someone already
 * in the panel or invited, the owner included, is not invited twice (9107). The owner is never a
 * Member row, so no member write can touch them; nobody else writes their own row or anyone with
 * a role stronger than theirs (privilegeCeiling.ts).
 */
import { Code } from '../../src/contract/codes.ts';
import { Member } from '../../src/contract/entities/panelManagement.ts';
import { INVITATION_DAYS } from '../../src/contract/panels.ts';
import { reserve, throttleKey, type Limit } from '../auth/throttle.ts';
import type { EntityHooks } from '../entities/lifecycle.ts';
import { RuleRejection, type WriteContext } from '../entities/writeContext.ts';
import { findPersonByLogin } from '../panels/people.ts';
import { notOwnPlace, roleWithinCeiling } from './privilegeCeiling.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Every lookup of a login counts, found or not: both answers tell whether an account exists. */
export const lookupLimit: Limit = { prefix: 'lookup', maxFailures: 60, windowMs: 60 * 60 * 1000, slowAfter: Number.POSITIVE_INFINITY };

async function countLookup(ctx: WriteContext): Promise<void> {
  const reservation = await reserve(ctx.tx, [throttleKey(lookupLimit, ctx.userId)], ctx.now.getTime());
  if (reservation.blockedForMs > 0) throw new RuleRejection(Code.TryAgain, { login: 'range' }, { retryAfterMs: reservation.blockedForMs });
}

/** The values of a new invitation of whoever `login` names: only what was typed is shown until they accept. */
async function invitation(ctx: WriteContext, memberId: string, login: string): Promise<Record<string, unknown>> {
  await countLookup(ctx);
  const person = await findPersonByLogin(ctx.tx, login);
  if (!person) throw new RuleRejection(Code.NotFoundUser, { login: 'reference' });
  const [taken] = await ctx.tx.query(
    `SELECT 1 FROM panels WHERE id = $1 AND owner_user_id = $2::uuid
     UNION ALL
     SELECT 1 FROM ${Member.table} WHERE panel_id = $1 AND user_id = $2::text AND NOT deleted AND id <> $3`,
    [ctx.access.id, person.userId, memberId],
  );
  if (taken) throw new RuleRejection(Code.AlreadyExists, { login: 'unique' });
  return {
    userId: person.userId,
    displayName: login,
    userName: null,
    mobile: null,
    status: 'invited',
    invitedUntil: new Date(ctx.now.getTime() + INVITATION_DAYS * DAY).toISOString(),
  };
}

export const memberHooks: EntityHooks = {
  affectsAccess: (access, rowId) => rowId === access.memberId,
  async beforeCreate(ctx, id, values) {
    await roleWithinCeiling(ctx, values.roleId);
    return { ...values, ...(await invitation(ctx, id, String(values.login))) };
  },
  async beforeUpdate(ctx, current, changes) {
    notOwnPlace(ctx, current);
    await roleWithinCeiling(ctx, current.roleId);
    if ('roleId' in changes) await roleWithinCeiling(ctx, changes.roleId);
    if (!('login' in changes) || changes.login === current.login) return changes;
    // Another person: a new invitation in place of whoever the row named.
    return { ...changes, ...(await invitation(ctx, current.id, String(changes.login))) };
  },
  async beforeDelete(ctx, current) {
    notOwnPlace(ctx, current);
    await roleWithinCeiling(ctx, current.roleId);
  },
};
