/**
 * The books of a panel exist before anything posts to them: the first posting (or the accounts
 * screen asking for them) writes the standard chart and the settings row, with ids derived from
 * the codes, so two writers reaching for them at once make the same rows. Rows once written are
 * the panel's to edit; the accounts the server posts to may be renamed but not deleted. An account
 * the server posts to that joined the chart later is written into older books the same way.
 */
import { Code } from '../../../src/contract/codes.ts';
import { appendLedger, findRow, RuleRejection, stableId, type WriteContext } from '../../../server/moduleApi.ts';
import { Account, Settings, SETTINGS_ID, type AccountRole } from '../entities/books.ts';
import { isGroup, standardChart, type ChartAccount } from './standardChart.ts';

export const accountId = (code: string) => stableId('MarketAccounting/Account', code);

const chartRow = (ctx: WriteContext, a: ChartAccount) => ({
  id: accountId(a.code),
  values: {
    code: a.code,
    name: ctx.lang === 'en' ? a.en : a.fa,
    kind: a.kind,
    parentId: a.parent ? accountId(a.parent) : null,
    postable: !isGroup(a.code),
    role: a.role ?? null,
  },
});

/** Panel rows of the chart accounts `ids` names (deleted ones too: a row is never written twice). */
async function accountsPresent(ctx: WriteContext, ids: readonly string[]): Promise<Set<string>> {
  const rows = await ctx.tx.query<{ id: string }>(`SELECT id FROM ${Account.table} WHERE panel_id = $1 AND id = ANY($2::uuid[])`, [
    ctx.access.id,
    ids,
  ]);
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes the standard chart and the settings row unless the panel has them (answers the settings).
 * Books written before an account the server posts to joined the chart get that account here.
 */
export async function ensureBooks(ctx: WriteContext): Promise<{ closedUpTo: string | null }> {
  const settings = await findRow(ctx.tx, Settings, ctx.access.id, SETTINGS_ID);
  const wanted = settings ? standardChart.filter((a) => a.role) : standardChart;
  const present = await accountsPresent(
    ctx,
    wanted.map((a) => accountId(a.code)),
  );
  await appendLedger(
    ctx,
    Account,
    wanted.filter((a) => !present.has(accountId(a.code))).map((a) => chartRow(ctx, a)),
  );
  if (settings) return { closedUpTo: (settings.closedUpTo as string | null) ?? null };
  await appendLedger(ctx, Settings, [{ id: SETTINGS_ID, values: { closedUpTo: null } }]);
  return { closedUpTo: null };
}

/** The accounts of the standard chart the server posts to, by role (each as the chart named it). */
export function roleAccount(role: AccountRole): string {
  const found = standardChart.find((a) => a.role === role);
  if (!found) throw new Error(`no account has the role ${role}`);
  return accountId(found.code);
}

/** Refuses a day on or before the closed date: 9106 naming `field`, with the date in the detail. */
export function checkOpen(closedUpTo: string | null, day: string, field = 'date'): void {
  if (closedUpTo && day <= closedUpTo) throw new RuleRejection(Code.NotPossibleNow, { [field]: 'range' }, { detail: { closedUpTo } });
}
