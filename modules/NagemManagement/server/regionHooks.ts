/**
 * Access by region is a standing rule (issue 23; decision 020): an agent whose `Agent` row names a
 * region (a province) and their panel account sees every customer of that province, as its
 * responsible agent does, without anyone reassigning customers. The server keeps each customer's
 * `regionAgentId` from the agents' table when the customer is written, and re-stamps the
 * customers of a province when an agent's region, account or activity changes (their devices are
 * sent the removal of those they no longer see). One agent per province counts: the first active
 * one by id.
 */
import type { Row } from '../../../src/contract/entity.ts';
import { columnName, selectRows, setScopeFields, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Agent } from '../entities/catalogue.ts';
import { Customer } from '../entities/customers.ts';

const region = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The Member who is the agent of the province, or null. */
async function agentOf(ctx: WriteContext, province: unknown): Promise<string | null> {
  const name = region(province);
  if (!name) return null;
  const [agent] = await ctx.tx.query<{ member_id: string | null }>(
    `SELECT member_id FROM ${Agent.table} WHERE panel_id = $1 AND NOT deleted AND region = $2 AND member_id IS NOT NULL AND active IS NOT FALSE ORDER BY id LIMIT 1`,
    [ctx.access.id, name],
  );
  return agent?.member_id ? String(agent.member_id) : null;
}

export const customerRegionHooks: EntityHooks = {
  async beforeCreate(ctx, _id, values) {
    return { ...values, regionAgentId: await agentOf(ctx, values.province) };
  },
  async beforeUpdate(ctx, _current, changes) {
    return 'province' in changes ? { ...changes, regionAgentId: await agentOf(ctx, changes.province) } : changes;
  },
};

/** The customers of these provinces take the region's agent as it is now. */
async function restamp(ctx: WriteContext, provinces: readonly string[]): Promise<void> {
  for (const province of new Set(provinces.filter(Boolean))) {
    const agent = await agentOf(ctx, province);
    const customers = await selectRows(ctx.tx, Customer, ctx.access.id, (p) => `${columnName('province')} = $${p.push(province)}`);
    await setScopeFields(ctx, Customer, customers, () => ({ regionAgentId: agent }));
  }
}

const touchesRegions = (before: Row | null, after: Row) =>
  !before || after.deleted || ['region', 'memberId', 'active'].some((name) => (before[name] ?? null) !== (after[name] ?? null));

export const agentRegionHooks: EntityHooks = {
  async afterWrite(ctx, before, after) {
    if (touchesRegions(before, after)) await restamp(ctx, [region(before?.region), region(after.region)]);
  },
};
