/**
 * The reports of the books (market-accounting.md) from rows as either side holds them — the
 * balances per account × party × cash box × bank account × Jalali month, and one party's journal
 * lines — so the device (offline, from what it pulled) and the server (from SQL) work them out
 * with the same code. Amounts are integer rials; a balance is debit − credit.
 */
export type BookRow = { id: string; deleted?: unknown } & Record<string, unknown>;

const live = (rows: readonly BookRow[]) => rows.filter((r) => !r.deleted);
const amount = (value: unknown) => Number(value ?? 0);

export interface TrialBalanceRow {
  accountId: string;
  code: string;
  name: string;
  kind: string;
  debit: number;
  credit: number;
  /** Debit − credit. */
  balance: number;
}

export interface TrialBalance {
  rows: TrialBalanceRow[];
  debit: number;
  credit: number;
}

/** Movements per account over the months `from`…`to` ("YYYY-MM", either open), in order of code. */
export function trialBalance(balances: readonly BookRow[], accounts: readonly BookRow[], from: string | null, to: string | null): TrialBalance {
  const sums = new Map<string, { debit: number; credit: number }>();
  for (const b of live(balances)) {
    const month = String(b.month);
    if ((from && month < from) || (to && month > to)) continue;
    const id = String(b.accountId);
    const sum = sums.get(id) ?? { debit: 0, credit: 0 };
    sum.debit += amount(b.debit);
    sum.credit += amount(b.credit);
    sums.set(id, sum);
  }
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const rows = [...sums]
    .filter(([, s]) => s.debit !== 0 || s.credit !== 0)
    .map(([accountId, s]) => {
      const account = byId.get(accountId);
      return { accountId, code: String(account?.code ?? ''), name: String(account?.name ?? ''), kind: String(account?.kind ?? ''), debit: s.debit, credit: s.credit, balance: s.debit - s.credit };
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  return { rows, debit: rows.reduce((s, r) => s + r.debit, 0), credit: rows.reduce((s, r) => s + r.credit, 0) };
}

export interface MonthResult {
  month: string;
  income: number;
  expense: number;
  /** Income − expense. */
  profit: number;
}

/** Income and expense per month of `months`, from the accounts' kinds. */
export function profitAndLoss(balances: readonly BookRow[], accounts: readonly BookRow[], months: readonly string[]): MonthResult[] {
  const kind = new Map(accounts.map((a) => [a.id, a.kind]));
  const by = new Map(months.map((m) => [m, { month: m, income: 0, expense: 0, profit: 0 }]));
  for (const b of live(balances)) {
    const row = by.get(String(b.month));
    const k = kind.get(String(b.accountId));
    if (!row || (k !== 'income' && k !== 'expense')) continue;
    const net = amount(b.debit) - amount(b.credit);
    if (k === 'income') row.income -= net;
    else row.expense += net;
  }
  return [...by.values()].map((r) => ({ ...r, profit: r.income - r.expense }));
}

/** Balance (debit − credit) per value of `field` (a party, a cash box, a bank account), up to `to` if given. */
export function balancesBy(balances: readonly BookRow[], field: 'partyId' | 'cashBoxId' | 'bankAccountId' | 'accountId', to: string | null = null, accounts?: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const b of live(balances)) {
    const key = b[field];
    if (typeof key !== 'string' || !key || (to && String(b.month) > to) || (accounts && !accounts.has(String(b.accountId)))) continue;
    out.set(key, (out.get(key) ?? 0) + amount(b.debit) - amount(b.credit));
  }
  return out;
}

export interface StatementLine {
  id: string;
  date: string;
  sourceNumber: string | null;
  sourceType: string | null;
  sourceId: string | null;
  note: string | null;
  debit: number;
  credit: number;
  /** The running balance after this line: debit − credit since the beginning. */
  balance: number;
}

export interface Statement {
  opening: number;
  lines: StatementLine[];
  debit: number;
  credit: number;
  closing: number;
}

/** The order of the journal: by day, then as posted. */
export function journalOrder(a: BookRow, b: BookRow): number {
  const keys = [
    [String(a.date), String(b.date)],
    [String(a.updatedAt ?? ''), String(b.updatedAt ?? '')],
    [String(a.sourceId ?? ''), String(b.sourceId ?? '')],
  ];
  for (const [x, y] of keys) if (x !== y) return x! < y! ? -1 : 1;
  return amount(a.seq) - amount(b.seq);
}

/** A party's statement over `from`…`to` (days): the balance before, every line with the balance after it, the totals. */
export function partyStatement(lines: readonly BookRow[], from: string, to: string): Statement {
  const sorted = live(lines).filter((l) => String(l.date) <= to).sort(journalOrder);
  let balance = 0;
  let opening = 0;
  let debit = 0;
  let credit = 0;
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
      debit: d,
      credit: c,
      balance,
    });
  }
  return { opening, lines: shown, debit, credit, closing: opening + debit - credit };
}
