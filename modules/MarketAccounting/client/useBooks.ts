/**
 * The books as the device holds them: the chart, the balances per month and the names the
 * reports show, read once per change and shared (useTableRows). When the panel has no chart yet
 * and the device is online, it asks the server to write the standard one.
 */
import { useEffect } from 'react';
import { permission } from '@/contract/entity.ts';
import { apiCall, type LocalRow, useCanAccess, useOnline, usePanelData, useTableRows } from '@/moduleKit.ts';
import { Account, BankAccount, CashBox, Party } from '../entities/books.ts';
import { AccountBalance } from '../entities/ledger.ts';
import { booksEndpoint } from '../rules/booksEndpoint.ts';

export interface Books {
  accounts: LocalRow[];
  balances: LocalRow[];
  cashBoxes: LocalRow[];
  bankAccounts: LocalRow[];
  parties: LocalRow[];
}

/** The panels asked for their chart in this session. */
const asked = new Set<string>();

/** Asks once per panel and session for the standard chart when the device has no account at all. */
function useStandardChart(accounts: LocalRow[] | undefined): void {
  const panel = usePanelData();
  const online = useOnline();
  const can = useCanAccess();
  const allowed = can(permission(Account, 'create'));
  useEffect(() => {
    if (!panel || asked.has(panel.key) || !online || !allowed || !accounts || accounts.length > 0) return;
    asked.add(panel.key);
    apiCall('POST', booksEndpoint, { body: {} })
      .then(() => panel.engine.requestSync())
      .catch(() => asked.delete(panel.key));
  }, [panel, online, allowed, accounts]);
}

export function useBooks(): Books | undefined {
  const panel = usePanelData();
  const [accounts, balances, cashBoxes, bankAccounts, parties] = useTableRows(panel?.db, [
    Account,
    AccountBalance,
    CashBox,
    BankAccount,
    Party,
  ]);
  useStandardChart(accounts);
  if (!accounts || !balances || !cashBoxes || !bankAccounts || !parties) return undefined;
  return { accounts, balances, cashBoxes, bankAccounts, parties };
}
