/**
 * The reports of the books (market-accounting.md) from rows as either side holds them — the
 * balances per account × party × cash box × bank account × Jalali month, and one party's journal
 * lines — so the device (offline, from what it pulled) and the server (from SQL) work them out
 * with the same code. Amounts are integer rials, added as BigInt and answered as they travel
 * (contract/money.ts: a number while safe, decimal text beyond); a balance is debit − credit.
 */
import { rials, wireRials, type Rials } from '../../../src/contract/money.ts';
import { addDays, monthOf } from './month.ts';

export type BookRow = { id: string; deleted?: unknown } & Record<string, unknown>;

const live = (rows: readonly BookRow[]) => rows.filter((r) => !r.deleted);
const amount = (value: unknown): bigint => rials(value);

export interface TrialBalanceRow {
  accountId: string;
  code: string;
  name: string;
  kind: string;
  debit: Rials;
  credit: Rials;
  /** Debit − credit. */
  balance: Rials;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  debit: Rials;
  credit: Rials;
}

/** Movements per account over the months `from`…`to` ("YYYY-MM", either open), in order of code. */
export function trialBalance(
  balances: readonly BookRow[],
  accounts: readonly BookRow[],
  from: string | null,
  to: string | null,
): TrialBalance {
  const sums = new Map<string, { debit: bigint; credit: bigint }>();
  for (const b of live(balances)) {
    const month = String(b.month);
    if ((from && month < from) || (to && month > to)) continue;
    const id = String(b.accountId);
    const sum = sums.get(id) ?? { debit: 0n, credit: 0n };
    sum.debit += amount(b.debit);
    sum.credit += amount(b.credit);
    sums.set(id, sum);
  }
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const rows = [...sums]
    .filter(([, s]) => s.debit !== 0n || s.credit !== 0n)
    .map(([accountId, s]) => ({ accountId, account: byId.get(accountId), s }))
    .sort((a, b) => {
      const [x, y] = [String(a.account?.code ?? ''), String(b.account?.code ?? '')];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const debit = rows.reduce((sum, r) => sum + r.s.debit, 0n);
  const credit = rows.reduce((sum, r) => sum + r.s.credit, 0n);
  return {
    rows: rows.map(({ accountId, account, s }) => ({
      accountId,
      code: String(account?.code ?? ''),
      name: String(account?.name ?? ''),
      kind: String(account?.kind ?? ''),
      debit: wireRials(s.debit),
      credit: wireRials(s.credit),
      balance: wireRials(s.debit - s.credit),
    })),
    debit: wireRials(debit),
    credit: wireRials(credit),
  };
}

export interface MonthResult {
  month: string;
  income: Rials;
  expense: Rials;
  /** Income − expense. */
  profit: Rials;
}

/** Income and expense per month of `months`, from the accounts' kinds. */
export function profitAndLoss(balances: readonly BookRow[], accounts: readonly BookRow[], months: readonly string[]): MonthResult[] {
  const kind = new Map(accounts.map((a) => [a.id, a.kind]));
  const by = new Map(months.map((m) => [m, { month: m, income: 0n, expense: 0n }]));
  for (const b of live(balances)) {
    const row = by.get(String(b.month));
    const k = kind.get(String(b.accountId));
    if (!row || (k !== 'income' && k !== 'expense')) continue;
    const net = amount(b.debit) - amount(b.credit);
    if (k === 'income') row.income -= net;
    else row.expense += net;
  }
  return [...by.values()].map((r) => ({
    month: r.month,
    income: wireRials(r.income),
    expense: wireRials(r.expense),
    profit: wireRials(r.income - r.expense),
  }));
}

/** Balance (debit − credit) per value of `field` (a party, a cash box, a bank account), up to `to` if given. */
export function balancesBy(
  balances: readonly BookRow[],
  field: 'partyId' | 'cashBoxId' | 'bankAccountId' | 'accountId',
  to: string | null = null,
  accounts?: ReadonlySet<string>,
): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const b of live(balances)) {
    const key = b[field];
    if (typeof key !== 'string' || !key || (to && String(b.month) > to) || (accounts && !accounts.has(String(b.accountId)))) continue;
    out.set(key, (out.get(key) ?? 0n) + amount(b.debit) - amount(b.credit));
  }
  return out;
}

/** One party's balance (debit − credit) from its monthly balances, up to the month `to` included. */
export function partyBalanceUpTo(balances: readonly BookRow[], partyId: string, to: string): bigint {
  let balance = 0n;
  for (const b of live(balances)) if (b.partyId === partyId && String(b.month) <= to) balance += amount(b.debit) - amount(b.credit);
  return balance;
}

export interface StatementLine {
  id: string;
  date: string;
  sourceNumber: string | null;
  sourceType: string | null;
  sourceId: string | null;
  note: string | null;
  debit: Rials;
  credit: Rials;
  /** The running balance after this line: debit − credit since the beginning. */
  balance: Rials;
}

export interface Statement {
  opening: Rials;
  lines: StatementLine[];
  debit: Rials;
  credit: Rials;
  closing: Rials;
}

/** The order of the journal: by day, then as posted. */
export function journalOrder(a: BookRow, b: BookRow): number {
  const keys = [
    [String(a.date), String(b.date)],
    [String(a.updatedAt ?? ''), String(b.updatedAt ?? '')],
    [String(a.sourceId ?? ''), String(b.sourceId ?? '')],
  ];
  for (const [x, y] of keys) if (x !== y) return x! < y! ? -1 : 1;
  return Number(a.seq ?? 0) - Number(b.seq ?? 0);
}

/**
 * A party's statement over `from`…`to` (days): the balance before, every line with the balance after
 * it, the totals. `carried` is the balance of the party's lines older than any given (the device's
 * monthly balances before its window, the server's SQL sum before `from`).
 */
export function partyStatement(lines: readonly BookRow[], from: string, to: string, carried: bigint = 0n): Statement {
  const sorted = live(lines)
    .filter((l) => String(l.date) <= to)
    .sort(journalOrder);
  let balance = carried;
  let opening = carried;
  let debit = 0n;
  let credit = 0n;
  const shown: StatementLine[] = [];
  for (const l of sorted) {
    const d = amount(l.debit);
    const c = amount(l.credit);
    balance += d - c;
    if (String(l.date) < from) {
      opening = balance;
      continue;
    }
    debit += d;
    credit += c;
    shown.push({
      id: l.id,
      date: String(l.date),
      sourceNumber: (l.sourceNumber as string | null) ?? null,
      sourceType: (l.sourceType as string | null) ?? null,
      sourceId: (l.sourceId as string | null) ?? null,
      note: (l.note as string | null) ?? null,
      debit: wireRials(d),
      credit: wireRials(c),
      balance: wireRials(balance),
    });
  }
  return {
    opening: wireRials(opening),
    lines: shown,
    debit: wireRials(debit),
    credit: wireRials(credit),
    closing: wireRials(opening + debit - credit),
  };
}

/**
 * A party's statement as a device works it out (decision 053): with a window of the journal starting
 * on `windowStart` (the first day of a Jalali month; null: every line is here), only the lines from
 * it count — older ones may be evicted already — and what is older is carried from the party's
 * monthly balances up to the month before. Right for any `from` on or after the window's start.
 */
export function partyStatementHeld(
  lines: readonly BookRow[],
  balances: readonly BookRow[],
  partyId: string,
  from: string,
  to: string,
  windowStart: string | null,
): Statement {
  if (!windowStart) return partyStatement(lines, from, to);
  const kept = lines.filter((l) => String(l.date) >= windowStart);
  return partyStatement(kept, from, to, partyBalanceUpTo(balances, partyId, monthOf(addDays(windowStart, -1))));
}
