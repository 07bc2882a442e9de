/**
 * Accounting's dashboard (market-accounting.md, MarketAccounting/dashboard): cash and bank
 * balances, what parties owe us and what we owe them, cheques due in the next seven days, income
 * against expenses per Jalali month of this fiscal year, and the largest debtors. All from the
 * balances and cheques this device holds, so it opens with no signal.
 */
import { compareRials } from '@/contract/money.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  buttonClasses,
  cx,
  DailyBarChart,
  PageHeader,
  PendingNotice,
  SectionCard,
  Spinner,
  useDocumentTitle,
  useMoney,
  usePanelData,
  useTableRows,
} from '@/moduleKit.ts';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatCompact, formatDate } from '@/i18n/format.ts';
import { Cheque } from '../../entities/documents.ts';
import { addDays, monthDays } from '../../rules/month.ts';
import { balancesBy, profitAndLoss } from '../../rules/reports.ts';
import { cashAndBank } from '../cashAndBank.ts';
import { monthLabel, thisMonth, yearMonths, yearOf } from '../months.ts';
import { acc, withQuery } from '../paths.ts';
import { useBooks } from '../useBooks.ts';
import { tehranToday } from '../today.ts';
import { postingDocuments } from '../postingDocuments.ts';

function Tile({ label, value, href, tone = 'plain' }: { label: ReactNode; value: string; href: string; tone?: 'plain' | 'warn' }) {
  return (
    <Link
      href={href}
      className={cx(
        'flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 hover:ring-brand-300',
        tone === 'warn' ? 'ring-amber-300' : 'ring-slate-200',
      )}
    >
      <span className="text-sm text-slate-600">{label}</span>
      <span className={cx('text-xl font-bold', tone === 'warn' ? 'text-amber-800' : 'text-slate-900')}>{value}</span>
    </Link>
  );
}

export function Dashboard() {
  const { t } = useLingui();
  const panel = usePanelData();
  const books = useBooks();
  const money = useMoney();
  const [cheques] = useTableRows(panel?.db, [Cheque]);
  useDocumentTitle(t`Accounting`);
  const today = tehranToday();
  const figures = useMemo(() => {
    if (!books) return null;
    const parties = balancesBy(books.balances, 'partyId');
    const owed = [...parties.values()];
    const names = new Map(books.parties.map((p) => [p.id, String(p.name ?? '')]));
    const year = yearOf(thisMonth());
    const months = profitAndLoss(
      books.balances,
      books.accounts,
      yearMonths(year).filter((m) => m <= thisMonth()),
    );
    return {
      ...cashAndBank(books),
      receivable: owed.filter((v) => v > 0n).reduce((s, v) => s + v, 0n),
      payable: -owed.filter((v) => v < 0n).reduce((s, v) => s + v, 0n),
      debtors: [...parties]
        .filter(([, v]) => v > 0n)
        .sort((a, b) => compareRials(b[1], a[1]))
        .slice(0, 5)
        .map(([id, v]) => ({ id, name: names.get(id) ?? '…', balance: v })),
      months,
    };
  }, [books]);
  // The open cheques due within the week; when none is, the next one due after it.
  const { dueSoon, nextDue } = useMemo(() => {
    const last = addDays(today, 7);
    const open = (cheques ?? [])
      .filter((c) => !c.deleted && !c.voided && (c.status === 'inHand' || c.status === 'deposited'))
      .sort((a, b) => (String(a.dueDate) < String(b.dueDate) ? -1 : 1));
    return { dueSoon: open.filter((c) => String(c.dueDate) <= last), nextDue: open.find((c) => String(c.dueDate) > last) };
  }, [cheques, today]);

  const actions = (
    <div className="flex flex-wrap gap-2">
      <Link href={withQuery(acc.addPayment, { direction: 'in' })} className={buttonClasses('primary')}>
        <Trans>New receipt</Trans>
      </Link>
      <Link href={withQuery(acc.addPayment, { direction: 'out' })} className={buttonClasses('secondary')}>
        <Trans>New payment</Trans>
      </Link>
    </div>
  );
  if (!figures) {
    return (
      <>
        <PageHeader title={<Trans>Accounting</Trans>} actions={actions} />
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner className="size-8" />
        </div>
      </>
    );
  }
  const names = new Map((books?.parties ?? []).map((p) => [p.id, String(p.name ?? '')]));
  const chequeRow = (c: (typeof dueSoon)[number]) => (
    <li key={c.id} className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 px-1 py-2">
      <span
        className={cx(
          'rounded-full px-2 py-0.5 text-xs font-semibold',
          c.direction === 'issued' ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-800',
        )}
      >
        {c.direction === 'issued' ? <Trans>To pay</Trans> : <Trans>To collect</Trans>}
      </span>
      <span dir="auto" className="min-w-0 flex-1 basis-28 truncate text-sm text-slate-800">
        {names.get(String(c.partyId)) ?? '…'}
      </span>
      <span className={cx('text-xs', String(c.dueDate) < today ? 'font-semibold text-red-700' : 'text-slate-600')}>
        {formatDate(String(c.dueDate))}
      </span>
      <span className="text-sm font-semibold tabular-nums">{money.text(Number(c.amount))}</span>
    </li>
  );
  const series = [
    { label: t`Income`, color: '#047857' },
    { label: t`Expenses`, color: '#b45309' },
  ];
  const chartDays = figures.months.map((m) => ({
    date: monthDays(m.month).from,
    count: 0,
    values: [Math.max(0, money.value(m.income)), Math.max(0, money.value(m.expense))],
  }));
  const monthOfDay = new Map(figures.months.map((m) => [monthDays(m.month).from, m.month]));
  const monthName = (date: string) => monthLabel(monthOfDay.get(date) ?? '');
  const shortMonth = (date: string) => monthLabel(monthOfDay.get(date) ?? '', undefined, true);
  const unit = money.unit;
  return (
    <>
      <PageHeader
        title={<Trans>Accounting</Trans>}
        description={<Trans>Money on hand, what is owed, cheques coming due and how the months went.</Trans>}
        actions={actions}
      />
      <PendingNotice entities={postingDocuments} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={<Trans>Cash</Trans>} value={money.text(figures.cash)} href={acc.cashAndBank} />
        <Tile label={<Trans>Banks</Trans>} value={money.text(figures.bank)} href={acc.cashAndBank} />
        <Tile label={<Trans>Owed to us</Trans>} value={money.text(figures.receivable)} href={acc.parties} />
        <Tile
          label={<Trans>We owe</Trans>}
          value={money.text(figures.payable)}
          href={acc.parties}
          tone={figures.payable ? 'warn' : 'plain'}
        />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <SectionCard title={<Trans>Income and expenses per month ({unit})</Trans>}>
          <Suspense fallback={<Spinner className="mx-auto size-6 text-brand-700" />}>
            <DailyBarChart
              days={chartDays}
              series={series}
              label={t`Income and expenses per month of this fiscal year`}
              dayHeader={t`Month`}
              countHeader={t`Amount`}
              formatDay={{ short: shortMonth, long: monthName }}
              formatValue={formatCompact}
            />
          </Suspense>
        </SectionCard>
        <SectionCard
          title={<Trans>Cheques due in the next 7 days</Trans>}
          action={
            <Link href={acc.cheques} className={buttonClasses('ghost', 'sm')}>
              <Trans>All cheques</Trans>
            </Link>
          }
        >
          {dueSoon.length === 0 ? (
            <>
              <p className="pt-6 pb-2 text-center text-sm text-slate-600">
                {nextDue ? (
                  <Trans>No cheque falls due this week. The next one due:</Trans>
                ) : (
                  <Trans>No cheque falls due this week, nor later.</Trans>
                )}
              </p>
              {nextDue && <ul>{chequeRow(nextDue)}</ul>}
            </>
          ) : (
            <ul className="divide-y divide-slate-100">{dueSoon.map(chequeRow)}</ul>
          )}
        </SectionCard>
        <SectionCard
          title={<Trans>Largest debtors</Trans>}
          action={
            <Link href={acc.statement} className={buttonClasses('ghost', 'sm')}>
              <Trans>Statements</Trans>
            </Link>
          }
        >
          {figures.debtors.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">
              <Trans>Nobody owes anything.</Trans>
            </p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {figures.debtors.map((d) => (
                <li key={d.id}>
                  <Link
                    href={withQuery(acc.statement, { partyId: d.id })}
                    className="flex min-h-12 items-center gap-3 px-1 py-2 hover:bg-slate-50"
                  >
                    <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{d.name}</span>
                    <span className="text-sm font-semibold tabular-nums">{money.text(d.balance)}</span>
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
        <SectionCard title={<Trans>Cash boxes and bank accounts</Trans>}>
          {figures.holdings.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">
              <Trans>Add a cash box or a bank account to see their balances.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {figures.holdings.map((h) => (
                <li key={h.id} className="flex min-h-12 items-center gap-3 px-1 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{h.name}</span>
                  <span className={cx('text-sm font-semibold tabular-nums', h.balance < 0 && 'text-red-700')}>{money.text(h.balance)}</span>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>
    </>
  );
}
