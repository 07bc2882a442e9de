/**
 * Profit and loss per Jalali month (سود و زیان): income, expenses and their difference for each
 * month of a fiscal year, from the balances of income and expense accounts; CSV and print.
 */
import { rials } from '../../../../src/contract/money.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { permission } from '../../../../src/contract/entity.ts';
import { localDigits } from '../../../../src/i18n/format.ts';
import { NoAccess } from '../../../../src/panel/WithPanel.tsx';
import { useCanAccess } from '../../../../src/storage/access.ts';
import { Card, PageHeader } from '../../../../src/ui/Card.tsx';
import { Loading } from '../../../../src/ui/Loading.tsx';
import { SelectField } from '../../../../src/ui/SelectField.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { AccountBalance } from '../../entities/ledger.ts';
import { profitAndLoss } from '../../rules/reports.ts';
import { monthLabel, thisMonth, yearMonths, yearOf, yearsOf } from '../months.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { useBooks } from '../useBooks.ts';
import { useMoney } from '../../../../src/panel/useMoney.ts';

export function ProfitAndLoss() {
  const { t } = useLingui();
  const can = useCanAccess();
  const books = useBooks();
  const money = useMoney();
  const [year, setYear] = useState(yearOf(thisMonth()));
  useDocumentTitle(t`Profit and loss`);
  const months = useMemo(() => (books ? profitAndLoss(books.balances, books.accounts, yearMonths(year)) : null), [books, year]);
  if (!can(permission(AccountBalance, 'read'))) return <NoAccess />;
  const total = (months ?? []).reduce((s, m) => ({ income: s.income + rials(m.income), expense: s.expense + rials(m.expense), profit: s.profit + rials(m.profit) }), { income: 0n, expense: 0n, profit: 0n });
  const yearText = localDigits(String(year));
  const csv = () => [
    [t`Month`, t`Income`, t`Expenses`, t`Profit or loss`],
    ...(months ?? []).map((m) => [monthLabel(m.month), money.plain(m.income), money.plain(m.expense), money.plain(m.profit)]),
    [t`Total`, money.plain(total.income), money.plain(total.expense), money.plain(total.profit)],
  ];
  const cell = 'px-3 py-2 text-end tabular-nums';
  return (
    <>
      <PageHeader title={<Trans>Profit and loss</Trans>} description={<Trans>Income and expenses of each month of the fiscal year, and what is left.</Trans>} actions={<ReportActions fileName={`profit-and-loss-${year}`} rows={csv} />} />
      <ReportPrintHeader title={t`Profit and loss`} subtitle={t`Fiscal year ${yearText}`} />
      <Card className="mb-4 grid gap-3 print:hidden sm:grid-cols-3">
        <SelectField label={t`Fiscal year`} value={String(year)} onChange={(e) => setYear(Number(e.target.value))} options={(books ? yearsOf(books.balances) : [year]).map((y) => ({ value: String(y), label: localDigits(String(y)) }))} />
      </Card>
      {!months ? (
        <Loading />
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200" role="region" tabIndex={0} aria-label={t`Profit and loss`}>
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-start"><Trans>Month</Trans></th>
                <th scope="col" className="px-3 py-2 text-end"><Trans>Income</Trans></th>
                <th scope="col" className="px-3 py-2 text-end"><Trans>Expenses</Trans></th>
                <th scope="col" className="px-3 py-2 text-end"><Trans>Profit or loss</Trans></th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 text-start font-normal">{monthLabel(m.month)}</th>
                  <td className={cell}>{money.number(m.income)}</td>
                  <td className={cell}>{money.number(m.expense)}</td>
                  <td className={`${cell} ${rials(m.profit) < 0n ? 'text-red-700' : ''}`}>{money.number(m.profit)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                <th scope="row" className="px-3 py-2 text-start"><Trans>Total ({money.unit})</Trans></th>
                <td className={cell}>{money.number(total.income)}</td>
                <td className={cell}>{money.number(total.expense)}</td>
                <td className={`${cell} ${total.profit < 0 ? 'text-red-700' : ''}`}>{money.number(total.profit)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}
