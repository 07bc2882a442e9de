/**
 * Support's server rules: a request is stamped with when it opened and when it is due (from its
 * priority, again when the priority changes) and when it was resolved; a message's author and time
 * are the caller and the server's clock, and a message is never edited afterwards.
 */
import { Code } from '../../../src/contract/codes.ts';
import { RuleRejection, type EntityHooks } from '../../../server/moduleApi.ts';
import { dueAt } from '../rules/support.ts';

function resolution(status: unknown, was: unknown, now: Date): Record<string, unknown> {
  const done = status === 'resolved' || status === 'closed';
  const wasDone = was === 'resolved' || was === 'closed';
  if (done && !wasDone) return { resolvedAt: now.toISOString() };
  if (!done && wasDone) return { resolvedAt: null };
  return {};
}

export const requestHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    return {
      ...values,
      openedAt: ctx.now.toISOString(),
      dueAt: dueAt(ctx.now, values.priority),
      ...resolution(values.status, null, ctx.now),
    };
  },
  async beforeUpdate(ctx, current, changes) {
    const opened = typeof current.openedAt === 'string' ? new Date(current.openedAt) : ctx.now;
    const due = 'priority' in changes && changes.priority !== current.priority ? { dueAt: dueAt(opened, changes.priority) } : {};
    const resolved = 'status' in changes ? resolution(changes.status, current.status, ctx.now) : {};
    return { ...changes, ...due, ...resolved };
  },
};

export const messageHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    return { ...values, authorId: ctx.access.memberId, at: ctx.now.toISOString() };
  },
  async beforeUpdate() {
    throw new RuleRejection(Code.NotPossibleNow);
  },
};
