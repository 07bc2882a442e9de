/**
 * Posting to the journal (documents.md, "ledgers and balances"): a posting is a set of debits and
 * credits from one source (a voucher, a receipt or payment, a cheque's change, another module's
 * document), dated, balanced, outside the closed period. It appends journal lines and adds to the
 * balances of each account × party × cash box × bank account × Jalali month, in the caller's
 * transaction under the panel's write lock. A reversal posts the opposite of everything a source
 * has posted so far, so its net comes to nothing.
 */
import { Code } from '../../../src/contract/codes.ts';
import { rials, wireRials } from '../../../src/contract/money.ts';
import { adjustBalances, appendLedger, RuleRejection, stableId, type WriteContext } from '../../../server/moduleApi.ts';
import { AccountBalance, JournalLine } from '../entities/ledger.ts';
import { monthOf } from '../rules/month.ts';
import { checkOpen, ensureBooks } from './books.ts';

export interface Entry {
  accountId: string;
  partyId?: string | null;
  cashBoxId?: string | null;
  bankAccountId?: string | null;
  chequeId?: string | null;
  /** Exact rials. */
  debit: bigint;
  credit: bigint;
  note?: string | null;
  /** The field of the posting document behind the amount (`lines.2.debit`, `total`): named when it would not fit. */
  origin?: string;
}

export interface Source {
  /** `<Module>/<Entity>` of the document that posts. */
  type: string;
  id: string;
  number: string | null;
}

export interface Posting {
  source: Source;
  /** What step of the source this is ('submit', 'cancel', 'status-3'): with the source, the lines' ids. */
  step: string;
  date: string;
  entries: readonly Entry[];
  note?: string | null;
}

const dimension = (e: Entry) => ({
  accountId: e.accountId,
  partyId: e.partyId ?? null,
  cashBoxId: e.cashBoxId ?? null,
  bankAccountId: e.bankAccountId ?? null,
});

export const balanceId = (e: Entry, month: string) =>
  stableId('MarketAccounting/AccountBalance', e.accountId, e.partyId ?? null, e.cashBoxId ?? null, e.bankAccountId ?? null, month);

/** Refuses unless debits equal credits and are more than nothing (9106, with both totals, exact), summed as BigInt. */
export function checkBalanced(entries: readonly Entry[], field = 'lines'): void {
  const debit = entries.reduce((s, e) => s + e.debit, 0n);
  const credit = entries.reduce((s, e) => s + e.credit, 0n);
  if (debit !== credit || debit <= 0n) {
    throw new RuleRejection(
      Code.NotPossibleNow,
      { [field]: 'range' },
      { detail: { reason: 'unbalanced', debit: wireRials(debit), credit: wireRials(credit) } },
    );
  }
}

/** Where a refusal of an entry's amount points: its own origin, or the field of that side. */
const originOf = (e: Entry): Record<string, string> | undefined => (e.origin ? { debit: e.origin, credit: e.origin } : undefined);

/** Appends the posting's lines and adds them to the balances; a posting of nothing writes nothing. */
export async function postJournal(ctx: WriteContext, posting: Posting): Promise<void> {
  const entries = posting.entries.filter((e) => e.debit !== 0n || e.credit !== 0n);
  if (!entries.length) return;
  checkBalanced(entries);
  const books = await ensureBooks(ctx);
  checkOpen(books.closedUpTo, posting.date);
  const month = monthOf(posting.date);
  await appendLedger(
    ctx,
    JournalLine,
    entries.map((e, seq) => ({
      id: stableId('MarketAccounting/JournalLine', posting.source.id, posting.step, seq),
      origin: originOf(e),
      values: {
        date: posting.date,
        month,
        ...dimension(e),
        chequeId: e.chequeId ?? null,
        debit: e.debit,
        credit: e.credit,
        note: e.note ?? posting.note ?? null,
        sourceType: posting.source.type,
        sourceId: posting.source.id,
        sourceNumber: posting.source.number,
        seq,
      },
    })),
  );
  await adjustBalances(
    ctx,
    AccountBalance,
    entries.map((e) => ({
      id: balanceId(e, month),
      key: { ...dimension(e), month },
      add: { debit: e.debit, credit: e.credit },
      origin: originOf(e),
    })),
  );
}

interface Posted {
  account_id: string;
  party_id: string | null;
  cash_box_id: string | null;
  bank_account_id: string | null;
  cheque_id: string | null;
  debit: string | number;
  credit: string | number;
}

/** The net of everything `sourceId` has posted, per account, party, box, bank account and cheque. */
export async function postedBy(ctx: WriteContext, sourceId: string): Promise<Entry[]> {
  const rows = await ctx.tx.query<Posted>(
    `SELECT account_id, party_id, cash_box_id, bank_account_id, cheque_id, sum(debit) AS debit, sum(credit) AS credit
     FROM ${JournalLine.table} WHERE panel_id = $1 AND source_id = $2 AND NOT deleted
     GROUP BY account_id, party_id, cash_box_id, bank_account_id, cheque_id`,
    [ctx.access.id, sourceId],
  );
  return rows.map((r) => ({
    accountId: r.account_id,
    partyId: r.party_id,
    cashBoxId: r.cash_box_id,
    bankAccountId: r.bank_account_id,
    chequeId: r.cheque_id,
    debit: rials(r.debit),
    credit: rials(r.credit),
  }));
}

/** Posts the exact opposite of what the source has posted (its cancel), dated `date`. */
export async function reverseJournal(ctx: WriteContext, source: Source, date: string, step = 'cancel'): Promise<void> {
  const net = await postedBy(ctx, source.id);
  const entries = net.map((e) => {
    const balance = e.debit - e.credit;
    return { ...e, debit: balance < 0n ? -balance : 0n, credit: balance > 0n ? balance : 0n };
  });
  await postJournal(ctx, { source, step, date, entries });
}
