/**
 * The trial balance on the server, over any number of journal lines: the balances are summed per
 * account in SQL (a row per account × party × box × bank account × month, not per line) and
 * worked out by the same rule the device runs (rules/reports.ts).
 */
import { selectRows, type Queryable } from '../../../server/moduleApi.ts';
import { Account } from '../entities/books.ts';
import { AccountBalance } from '../entities/ledger.ts';
import { trialBalance, type TrialBalance } from '../rules/reports.ts';

export async function trialBalanceOf(db: Queryable, panelId: string, from: string | null, to: string | null): Promise<TrialBalance> {
  // Sums as text: a bigint column's sum is numeric, read exactly as BigInt.
  const sums = await db.query<{ account_id: string; debit: string; credit: string }>(
    `SELECT account_id, sum(debit)::text AS debit, sum(credit)::text AS credit FROM ${AccountBalance.table}
     WHERE panel_id = $1 AND NOT deleted AND ($2::text IS NULL OR month >= $2) AND ($3::text IS NULL OR month <= $3)
     GROUP BY account_id`,
    [panelId, from, to],
  );
  const accounts = await selectRows(db, Account, panelId);
  return trialBalance(
    sums.map((s) => ({ id: s.account_id, accountId: s.account_id, month: '', debit: BigInt(s.debit), credit: BigInt(s.credit) })),
    accounts,
    null,
    null,
  );
}
