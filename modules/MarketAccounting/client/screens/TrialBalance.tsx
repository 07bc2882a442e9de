/**
 * The trial balance (تراز آزمایشی): every account's debits, credits and balance over a range of
 * Jalali months, from the balances the device holds (a row per account, party and month, however
 * many journal lines), with totals that must agree; CSV, Excel and print.
 */
import { rials, type Rials } from '@/contract/money.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { localDigits } from '@/i18n/format.ts';
import {
  Alert,
  Card,
  type DataColumn,
  DataTable,
  Loading,
  Ltr,
  NoAccess,
  PageHeader,
  PendingNotice,
  SelectField,
  type Sheet,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  ReportProvenance,
  useReportSource,
} from '@/moduleKit.ts';
import { AccountBalance } from '../../entities/ledger.ts';
import { trialBalance } from '../../rules/reports.ts';
import { monthDays } from '../../rules/month.ts';
import { monthLabel, thisMonth, yearMonths, yearOf, yearsOf } from '../months.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { useBooks } from '../useBooks.ts';
import { postingDocuments } from '../postingDocuments.ts';

export function TrialBalance() {
  const { t } = useLingui();
  const can = useCanAccess();
  const books = useBooks();
  const money = useMoney();
  const [year, setYear] = useState(yearOf(thisMonth()));
  const [from, setFrom] = useState(`${yearOf(thisMonth())}-01`);
  const [to, setTo] = useState(thisMonth());
  useDocumentTitle(t`Trial balance`);
  const report = useMemo(() => (books ? trialBalance(books.balances, books.accounts, from, to) : null), [books, from, to]);
  // From the monthly balances, which every device holds whole: any period is computed here.
  const source = useReportSource({ entity: AccountBalance, from: null, device: report ?? undefined, server: null });
  if (!can(permission(AccountBalance, 'read'))) return <NoAccess />;
  const balances = {
    debit: (report?.rows ?? []).reduce((s, r) => s + (rials(r.balance) > 0n ? rials(r.balance) : 0n), 0n),
    credit: (report?.rows ?? []).reduce((s, r) => s + (rials(r.balance) < 0n ? -rials(r.balance) : 0n), 0n),
  };
  const months = yearMonths(year).map((m) => ({ value: m, label: monthLabel(m) }));
  const subtitle = t`From ${monthLabel(from)} to ${monthLabel(to)}`;
  const side = (given: Rials, debit: boolean) => {
    const balance = rials(given);
    return debit ? (balance > 0n ? money.number(balance) : '') : balance < 0n ? money.number(-balance) : '';
  };
  type Row = NonNullable<typeof report>['rows'][number];
  // On a phone each account is a card: its balance pinned beside its name, its movements below.
  const columns: DataColumn<Row>[] = [
    { id: 'code', header: t`Code`, kind: 'code', wideOnly: true, cell: (r) => <Ltr>{r.code}</Ltr> },
    { id: 'account', header: t`Account`, title: true, cell: (r) => r.name },
    { id: 'debit', header: t`Debits`, kind: 'figure', cell: (r) => money.number(r.debit), footer: report && money.number(report.debit) },
    {
      id: 'credit',
      header: t`Credits`,
      kind: 'figure',
      cell: (r) => money.number(r.credit),
      footer: report && money.number(report.credit),
    },
    {
      id: 'debitBalance',
      header: t`Debit balance`,
      kind: 'figure',
      key: true,
      cell: (r) => side(r.balance, true),
      footer: money.number(balances.debit),
    },
    {
      id: 'creditBalance',
      header: t`Credit balance`,
      kind: 'figure',
      key: true,
      cell: (r) => side(r.balance, false),
      footer: money.number(balances.credit),
    },
  ];
  const sheet = (): Sheet => ({
    title: t`Trial balance`,
    about: [subtitle],
    money,
    columns: [
      { header: t`Code` },
      { header: t`Account` },
      { header: t`Debits`, kind: 'money' },
      { header: t`Credits`, kind: 'money' },
      { header: t`Debit balance`, kind: 'money' },
      { header: t`Credit balance`, kind: 'money' },
    ],
    rows: (report?.rows ?? []).map((r) => {
      const balance = rials(r.balance);
      return [r.code, r.name, r.debit, r.credit, balance > 0n ? balance : null, balance < 0n ? -balance : null];
    }),
    footer: ['', t`Total`, report?.debit ?? 0, report?.credit ?? 0, balances.debit, balances.credit],
  });
  return (
    <>
      <PageHeader
        title={<Trans>Trial balance</Trans>}
        description={<Trans>Debits and credits of every account over the months chosen. The two totals always agree.</Trans>}
        actions={<ReportActions fileName={`trial-balance-${from}-${to}`} sheet={sheet} />}
      />
      <ReportPrintHeader title={t`Trial balance`} subtitle={subtitle} />
      <PendingNotice entities={postingDocuments} />
      <Card className="mb-4 grid grid-cols-1 gap-3 print:hidden sm:grid-cols-3">
        <SelectField
          label={t`Fiscal year`}
          value={String(year)}
          onChange={(e) => {
            const y = Number(e.target.value);
            setYear(y);
            setFrom(`${y}-01`);
            setTo(`${y}-12`);
          }}
          options={(books ? yearsOf(books.balances) : [year]).map((y) => ({ value: String(y), label: localDigits(String(y)) }))}
        />
        <SelectField label={t`From the month`} value={from} onChange={(e) => setFrom(e.target.value)} options={months} />
        <SelectField label={t`To the month`} value={to} onChange={(e) => setTo(e.target.value)} options={months} />
      </Card>
      {report && <ReportProvenance source={source} from={monthDays(from).from} to={monthDays(to).to} />}
      {!report ? (
        <Loading />
      ) : report.rows.length === 0 ? (
        <Alert tone="info">{t`Nothing was posted in these months.`}</Alert>
      ) : (
        <DataTable
          label={t`Trial balance`}
          caption={subtitle}
          columns={columns}
          rows={report.rows}
          rowKey={(r) => r.accountId}
          footerLabel={t`Total (${money.unit})`}
        />
      )}
    </>
  );
}
