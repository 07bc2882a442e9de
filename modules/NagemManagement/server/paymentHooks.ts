/** A payment is the customer's agent's, like the customer: taken only from a customer the caller may see. */
import { Code } from '../../../src/contract/codes.ts';
import { rowInScope } from '../../../src/contract/entity.ts';
import { findRow, RuleRejection, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Customer } from '../entities/customers.ts';

async function agentOfCustomer(ctx: WriteContext, id: unknown): Promise<unknown> {
  const customer = typeof id === 'string' ? await findRow(ctx.tx, Customer, ctx.access.id, id.toLowerCase()) : null;
  if (!customer || customer.deleted || !rowInScope(Customer, customer, ctx.access.permissions, ctx.access.memberId)) {
    throw new RuleRejection(Code.IdNotRegistered, { customerId: 'reference' });
  }
  return customer.agentMemberId ?? null;
}

export const paymentHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    const agent = await agentOfCustomer(ctx, values.customerId);
    return { ...values, agentMemberId: values.agentMemberId ?? agent };
  },
  async beforeUpdate(ctx, _current, changes) {
    if ('customerId' in changes) await agentOfCustomer(ctx, changes.customerId);
    return changes;
  },
};
