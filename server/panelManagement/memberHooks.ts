/**
 * A Member ties an account to a role in the panel. The client writes `login` (a username or a
 * mobile number); the server finds the account (9204 when there is none) and fills the read-only
 * userId, displayName, userName and mobile. Someone already in the panel, the owner included, is
 * not added twice (9107). The owner is never a Member row, so no member write can touch them.
 */
import { Code } from '../../src/contract/codes.ts';
import { Member } from '../../src/contract/entities/panelManagement.ts';
import type { EntityHooks } from '../entities/lifecycle.ts';
import { RuleRejection, type WriteContext } from '../entities/writeContext.ts';
import { findPersonByLogin } from '../panels/people.ts';

async function personFields(ctx: WriteContext, memberId: string, login: string): Promise<Record<string, unknown>> {
  const person = await findPersonByLogin(ctx.tx, login);
  if (!person) throw new RuleRejection(Code.NotFoundUser, { login: 'reference' });
  const [taken] = await ctx.tx.query(
    `SELECT 1 FROM panels WHERE id = $1 AND owner_user_id = $2::uuid
     UNION ALL
     SELECT 1 FROM ${Member.table} WHERE panel_id = $1 AND user_id = $2::text AND NOT deleted AND id <> $3`,
    [ctx.access.id, person.userId, memberId],
  );
  if (taken) throw new RuleRejection(Code.AlreadyExists, { login: 'unique' });
  return { userId: person.userId, displayName: person.displayName, userName: person.userName, mobile: person.mobile };
}

export const memberHooks: EntityHooks = {
  affectsAccess: (access, rowId) => rowId === access.memberId,
  async beforeCreate(ctx, id, values) {
    return { ...values, ...(await personFields(ctx, id, String(values.login))) };
  },
  async beforeUpdate(ctx, current, changes) {
    if (!('login' in changes) || changes.login === current.login) return changes;
    return { ...changes, ...(await personFields(ctx, current.id, String(changes.login))) };
  },
};
