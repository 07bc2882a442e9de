/**
 * The subscriptions a won sale gives its customer: one per sale and module (a stable id), so a
 * sale won, reopened and won again has the same ones, active again. Renewal comes a month or a
 * year after the start for monthly and yearly modules; one-off modules never renew.
 */
import { rials } from '../../../src/contract/money.ts';
import type { Line, Row } from '../../../src/contract/entity.ts';
import { appendLedger, findRows, selectRows, setServerFields, stableId, type WriteContext } from '../../../server/moduleApi.ts';
import { Subscription } from '../entities/customers.ts';
import { tehranToday } from '../rules/jalaliMonth.ts';

export function renewalDate(since: string, billing: unknown): string | null {
  if (billing !== 'monthly' && billing !== 'yearly') return null;
  const at = new Date(`${since}T00:00:00Z`);
  if (billing === 'monthly') at.setUTCMonth(at.getUTCMonth() + 1);
  else at.setUTCFullYear(at.getUTCFullYear() + 1);
  return at.toISOString().slice(0, 10);
}

export async function writeSubscriptions(
  ctx: WriteContext,
  sale: { id: string; customerId: string; agentMemberId: unknown; lines: readonly Line[] },
  modules: readonly Row[],
): Promise<void> {
  const since = tehranToday(ctx.now);
  const byModule = new Map(modules.map((m) => [m.id, m]));
  const amountOf = new Map<string, bigint>();
  for (const line of sale.lines) {
    const id = String(line.moduleId).toLowerCase();
    amountOf.set(id, (amountOf.get(id) ?? 0n) + rials(line.quantity) * rials(line.unitPrice) - rials(line.discount));
  }
  const wanted = [...amountOf.keys()].map((moduleId) => ({
    moduleId,
    id: stableId('NagemManagement/Subscription', ctx.access.id, sale.id, moduleId),
  }));
  const existing = new Set(
    (
      await findRows(
        ctx.tx,
        Subscription,
        ctx.access.id,
        wanted.map((w) => w.id),
      )
    ).map((r) => r.id),
  );
  const fresh = wanted.filter((w) => !existing.has(w.id));
  for (const w of wanted.filter((w) => existing.has(w.id)))
    await setServerFields(ctx, Subscription, w.id, { status: 'active', customerId: sale.customerId });
  await appendLedger(
    ctx,
    Subscription,
    fresh.map((w) => {
      const billing = byModule.get(w.moduleId)?.billing ?? 'once';
      return {
        id: w.id,
        values: {
          customerId: sale.customerId,
          moduleId: w.moduleId,
          saleId: sale.id,
          since,
          renewsOn: renewalDate(since, billing),
          billing,
          amount: amountOf.get(w.moduleId) ?? 0n,
          status: 'active',
          agentMemberId: sale.agentMemberId ?? null,
        },
      };
    }),
  );
}

export async function stopSubscriptions(ctx: WriteContext, saleId: string): Promise<void> {
  const rows = await selectRows(ctx.tx, Subscription, ctx.access.id, (params) => {
    params.push(saleId);
    return `sale_id = $${params.length}`;
  });
  for (const row of rows) if (row.status !== 'stopped') await setServerFields(ctx, Subscription, row.id, { status: 'stopped' });
}
