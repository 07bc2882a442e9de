/** Cash and bank balances from the books: each cash box and bank account, and what the cash and bank accounts hold unassigned. */
import type { LocalRow } from '@/moduleKit.ts';
import { balancesBy } from '../rules/reports.ts';
import type { Books } from './useBooks.ts';

export interface Holding {
  id: string;
  kind: 'cash' | 'bank';
  name: string;
  /** Exact rials. */
  balance: bigint;
}

const roleAccounts = (accounts: readonly LocalRow[], role: string) => new Set(accounts.filter((a) => a.role === role).map((a) => a.id));

export function cashAndBank(books: Books): { holdings: Holding[]; cash: bigint; bank: bigint } {
  const cashAccounts = roleAccounts(books.accounts, 'cash');
  const bankAccounts = roleAccounts(books.accounts, 'bank');
  const byBox = balancesBy(books.balances, 'cashBoxId', null, cashAccounts);
  const byBank = balancesBy(books.balances, 'bankAccountId', null, bankAccounts);
  const byAccount = balancesBy(books.balances, 'accountId');
  const sum = (ids: Set<string>) => [...ids].reduce((s, id) => s + (byAccount.get(id) ?? 0n), 0n);
  const holdings: Holding[] = [
    ...books.cashBoxes
      .filter((b) => !b.deleted)
      .map((b) => ({ id: b.id, kind: 'cash' as const, name: String(b.name), balance: byBox.get(b.id) ?? 0n })),
    ...books.bankAccounts
      .filter((b) => !b.deleted)
      .map((b) => ({
        id: b.id,
        kind: 'bank' as const,
        name: `${String(b.bank)} ${String(b.accountNumber)}`,
        balance: byBank.get(b.id) ?? 0n,
      })),
  ];
  return { holdings, cash: sum(cashAccounts), bank: sum(bankAccounts) };
}
