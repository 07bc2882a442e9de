/**
 * Profit and loss per Jalali month (سود و زیان): income, expenses and their difference for each
 * month of a fiscal year, from the balances of income and expense accounts; CSV, Excel and print.
 */
import { rials } from '@/contract/money.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { localDigits } from '@/i18n/format.ts';
import {
  Card,
  DataTable,
  Loading,
  NoAccess,
  PageHeader,
  PendingNotice,
  SelectField,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  type Sheet,
  ReportProvenance,
  useReportSource,
} from '@/moduleKit.ts';
import { AccountBalance } from '../../entities/ledger.ts';
import { profitAndLoss } from '../../rules/reports.ts';
import { monthDays } from '../../rules/month.ts';
import { monthLabel, thisMonth, yearMonths, yearOf, yearsOf } from '../months.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { useBooks } from '../useBooks.ts';
import { postingDocuments } from '../postingDocuments.ts';

export function ProfitAndLoss() {
  const { t } = useLingui();
  const can = useCanAccess();
  const books = useBooks();
  const money = useMoney();
  const [year, setYear] = useState(yearOf(thisMonth()));
  useDocumentTitle(t`Profit and loss`);
  const months = useMemo(() => (books ? profitAndLoss(books.balances, books.accounts, yearMonths(year)) : null), [books, year]);
  // From the monthly balances, which every device holds whole: any year is computed here.
  const source = useReportSource({ entity: AccountBalance, from: null, device: months ?? undefined, server: null });
  if (!can(permission(AccountBalance, 'read'))) return <NoAccess />;
  const total = (months ?? []).reduce(
    (s, m) => ({ income: s.income + rials(m.income), expense: s.expense + rials(m.expense), profit: s.profit + rials(m.profit) }),
    { income: 0n, expense: 0n, profit: 0n },
  );
  const yearText = localDigits(String(year));
  const sheet = (): Sheet => ({
    title: t`Profit and loss`,
    about: [t`Fiscal year ${yearText}`],
    money,
    columns: [
      { header: t`Month` },
      { header: t`Income`, kind: 'money' },
      { header: t`Expenses`, kind: 'money' },
      { header: t`Profit or loss`, kind: 'money' },
    ],
    rows: (months ?? []).map((m) => [monthLabel(m.month), m.income, m.expense, m.profit]),
    footer: [t`Total`, total.income, total.expense, total.profit],
  });
  return (
    <>
      <PageHeader
        title={<Trans>Profit and loss</Trans>}
        description={<Trans>Income and expenses of each month of the fiscal year, and what is left.</Trans>}
        actions={<ReportActions fileName={`profit-and-loss-${year}`} sheet={sheet} />}
      />
      <ReportPrintHeader title={t`Profit and loss`} subtitle={t`Fiscal year ${yearText}`} />
      <PendingNotice entities={postingDocuments} />
      <Card className="mb-4 grid gap-3 print:hidden sm:grid-cols-3">
        <SelectField
          label={t`Fiscal year`}
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          options={(books ? yearsOf(books.balances) : [year]).map((y) => ({ value: String(y), label: localDigits(String(y)) }))}
        />
      </Card>
      {months && <ReportProvenance source={source} from={monthDays(`${year}-01`).from} to={monthDays(`${year}-12`).to} />}
      {!months ? (
        <Loading />
      ) : (
        <DataTable
          label={t`Profit and loss`}
          rows={months}
          rowKey={(m) => m.month}
          wideFrom="sm"
          footerLabel={t`Total (${money.unit})`}
          columns={[
            { id: 'month', header: t`Month`, title: true, cell: (m) => monthLabel(m.month) },
            { id: 'income', header: t`Income`, kind: 'figure', cell: (m) => money.number(m.income), footer: money.number(total.income) },
            {
              id: 'expense',
              header: t`Expenses`,
              kind: 'figure',
              cell: (m) => money.number(m.expense),
              footer: money.number(total.expense),
            },
            {
              id: 'profit',
              header: t`Profit or loss`,
              kind: 'figure',
              key: true,
              cellClassName: (m) => (rials(m.profit) < 0n ? 'text-red-700' : undefined),
              cell: (m) => money.number(m.profit),
              footer: <span className={total.profit < 0 ? 'text-red-700' : undefined}>{money.number(total.profit)}</span>,
            },
          ]}
        />
      )}
    </>
  );
}
