/**
 * A sale's rules on the server: it is sold only to a customer the seller may see (an agent sells
 * only to their own customers) and, when a manager writes it, it belongs to the customer's agent;
 * its net, VAT and total are worked out on every write; moving it to won or lost stamps the day
 * it closed, and winning gives the customer a subscription of each sold module (one per sale and
 * module, whatever the number of times it is won again). Submitting it (invoicing) needs it won.
 */
import { Code } from '../../../src/contract/codes.ts';
import { rowInScope, type Line, type Row } from '../../../src/contract/entity.ts';
import { findRow, findRows, overflow, RuleRejection, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Module } from '../entities/catalogue.ts';
import { Customer } from '../entities/customers.ts';
import { overDiscounted, overflowingLine, saleTotals } from '../rules/saleTotals.ts';
import { tehranToday } from '../rules/jalaliMonth.ts';
import { vatPercentOf } from './salesSettings.ts';
import { stopSubscriptions, writeSubscriptions } from './subscriptions.ts';

/** The customer named, if the caller may see it; a customer outside their scope is answered as missing. */
async function customerFor(ctx: WriteContext, id: unknown): Promise<Row> {
  const customer = typeof id === 'string' ? await findRow(ctx.tx, Customer, ctx.access.id, id.toLowerCase()) : null;
  if (!customer || customer.deleted || !rowInScope(Customer, customer, ctx.access.permissions, ctx.access.memberId)) {
    throw new RuleRejection(Code.IdNotRegistered, { customerId: 'reference' });
  }
  return customer;
}

async function amounts(ctx: WriteContext, lines: readonly Line[]): Promise<Record<string, unknown>> {
  const over = overDiscounted(lines);
  if (over.length) throw new RuleRejection(Code.BadRequest, { lines: 'range' }, { detail: { overDiscounted: over } });
  const vatPercent = await vatPercentOf(ctx);
  const overflowing = overflowingLine(lines, vatPercent);
  if (overflowing >= 0) throw overflow({ [`lines.${overflowing}.unitPrice`]: 'range' }, { entity: 'NagemManagement/Sale', field: 'total' });
  return saleTotals(lines, vatPercent);
}

async function soldModules(ctx: WriteContext, lines: readonly Line[]): Promise<Row[]> {
  const ids = [...new Set(lines.map((l) => String(l.moduleId).toLowerCase()))];
  const found = (await findRows(ctx.tx, Module, ctx.access.id, ids)).filter((m) => !m.deleted);
  if (found.length !== ids.length) throw new RuleRejection(Code.IdNotRegistered, { lines: 'reference' });
  return found;
}

/** Closing stamps and subscriptions for a move into (or out of) won. */
async function stageEffects(
  ctx: WriteContext,
  id: string,
  before: Row | null,
  after: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const was = before?.stage;
  const stage = after.stage;
  const out: Record<string, unknown> = {};
  if (stage !== was) out.closedOn = stage === 'won' || stage === 'lost' ? tehranToday(ctx.now) : null;
  if (stage === 'lost' && !(typeof after.lostReason === 'string' && after.lostReason))
    throw new RuleRejection(Code.BadRequest, { lostReason: 'required' });
  if (stage === 'won' && was !== 'won') {
    const lines = after.lines as Line[];
    await writeSubscriptions(
      ctx,
      { id, customerId: String(after.customerId), agentMemberId: after.agentMemberId, lines },
      await soldModules(ctx, lines),
    );
  } else if (was === 'won' && stage !== 'won') await stopSubscriptions(ctx, id);
  return out;
}

export const saleHooks: EntityHooks = {
  async beforeCreate(ctx, id, values) {
    const customer = await customerFor(ctx, values.customerId);
    const agent = values.agentMemberId ?? customer.agentMemberId ?? null;
    const lines = (values.lines as Line[] | undefined) ?? [];
    const merged = { ...values, agentMemberId: agent, ...(await amounts(ctx, lines)) };
    return { ...merged, ...(await stageEffects(ctx, id, null, merged)) };
  },

  async beforeUpdate(ctx, current, changes) {
    if ('customerId' in changes) await customerFor(ctx, changes.customerId);
    const merged = { ...current, ...changes };
    const lines = (merged.lines as Line[] | undefined) ?? [];
    const next = { ...changes, ...(await amounts(ctx, lines)) };
    return { ...next, ...(await stageEffects(ctx, current.id, current, merged)) };
  },

  async onSubmit(_ctx, doc) {
    if (doc.stage !== 'won')
      throw new RuleRejection(Code.NotPossibleNow, { stage: 'option' }, { detail: { reason: 'notWon', stage: doc.stage } });
  },
};
