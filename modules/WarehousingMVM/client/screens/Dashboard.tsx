/**
 * The warehousing dashboard (warehousing.md): what needs the keeper today — products to reorder,
 * batches expiring, drafts not submitted, documents waiting for the server, refused ones — the
 * stock's value, goods in and out over the last two weeks, and the latest documents.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import {
  buttonClasses,
  cx,
  DailyBarChart,
  DocumentLead,
  documentState,
  PageHeader,
  SectionCard,
  Spinner,
  useDocumentTitle,
  useMoney,
  usePanelData,
  useSyncCounts,
  useTableRows,
} from '@/moduleKit.ts';
import { Suspense, useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Line, Row } from '@/contract/entity.ts';
import { sumRials } from '@/contract/money.ts';
import { formatDate, formatNumber } from '@/i18n/format.ts';
import { Warehouse } from '../../entities/masterData.ts';
import { Cargo } from '../../entities/inbound.ts';
import { Receipt } from '../../entities/stock.ts';
import { NewReceiptButtons } from '../parts/NewReceiptButtons.tsx';
import { wh, withQuery } from '../paths.ts';
import { addDays, expiresSoon, tehranToday } from '../stockView.ts';
import { useStockRows } from '../useStock.ts';

const DAYS = 30;

/** A figure linking to where it comes from; `null` while it is still being counted. */
function Tile({ label, value, href, tone = 'plain' }: { label: ReactNode; value: string | null; href: string; tone?: 'plain' | 'warn' }) {
  return (
    <Link
      href={href}
      className={cx(
        'flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 hover:ring-brand-300',
        tone === 'warn' ? 'ring-amber-300' : 'ring-slate-200',
      )}
    >
      <span className="text-sm text-slate-600">{label}</span>
      {value === null ? (
        <Spinner className="my-1.5 size-6 text-brand-700" />
      ) : (
        <span className={cx('text-2xl font-bold', tone === 'warn' ? 'text-amber-800' : 'text-slate-900')}>{value}</span>
      )}
    </Link>
  );
}

/** Submitted documents per day and direction, over the last DAYS days. */
function movementDays(receipts: readonly Row[], day: string) {
  const first = addDays(day, -(DAYS - 1));
  const counts = new Map<string, [number, number]>();
  for (let i = 0; i < DAYS; i++) counts.set(addDays(first, i), [0, 0]);
  for (const r of receipts) {
    const at = counts.get(String(r.date));
    if (!at || r.status !== 'submitted') continue;
    at[r.direction === 'out' ? 1 : 0] += ((r.lines as Line[] | undefined) ?? []).length ? 1 : 0;
  }
  return [...counts].map(([date, values]) => ({ date, count: values[0] + values[1], values }));
}

export function Dashboard() {
  const { t } = useLingui();
  const panel = usePanelData();
  const sync = useSyncCounts(panel);
  useDocumentTitle(t`Warehousing`);
  const [receipts, warehouses, cargos] = useTableRows(panel?.db, [Receipt, Warehouse, Cargo]);
  // Stock comes from the whole balance and value tables (seconds over 30,000 rows): its tiles fill in
  // when they are read, and the rest of the dashboard does not wait for them.
  const stock = useStockRows(panel?.db);
  const day = tehranToday();
  const figures = useMemo(() => {
    if (!receipts) return null;
    const states = receipts.map((row) => ({ row, state: documentState(row) }));
    const today = receipts.filter((r) => r.date === day && documentState(r) !== 'draft' && documentState(r) !== 'cancelled');
    const weekEnd = addDays(day, 6);
    return {
      todayIn: today.filter((r) => r.direction !== 'out').length,
      todayOut: today.filter((r) => r.direction === 'out').length,
      cargos: (cargos ?? []).filter(
        (c) => !c.deleted && documentState(c) === 'draft' && String(c.expectedDate) >= day && String(c.expectedDate) <= weekEnd,
      ).length,
      drafts: states.filter((s) => s.state === 'draft').length,
      waiting: states.filter((s) => s.state === 'submitting' || s.state === 'cancelling').length,
      days: movementDays(receipts, day),
      latest: [...receipts].sort((a, b) => String(b.updatedAt ?? '').localeCompare(String(a.updatedAt ?? ''))).slice(0, 6),
    };
  }, [receipts, cargos, day]);
  const allStock = stock.complete ? stock.rows : undefined;
  const money = useMoney();
  const stockFigures = useMemo(() => {
    if (!allStock) return null;
    return {
      value: sumRials(allStock.map((r) => r.value)),
      reorder: allStock.filter((r) => r.reorder).length,
      expiring: allStock.filter((r) => expiresSoon(r.expiry, day)).length,
    };
  }, [allStock, day]);
  const names = useMemo(() => new Map((warehouses ?? []).map((w) => [w.id, String(w.name)])), [warehouses]);

  const actions = <NewReceiptButtons />;
  if (!figures) {
    return (
      <>
        <PageHeader title={<Trans>Warehousing</Trans>} actions={actions} />
        <div className="grid place-items-center py-16 text-brand-700">
          <Spinner className="size-8" />
        </div>
      </>
    );
  }
  const waiting = formatNumber(figures.waiting);
  const problems = formatNumber(sync.problems);
  const series = [
    { label: t`Goods in`, color: '#047857' },
    { label: t`Goods out`, color: '#b45309' },
  ];
  return (
    <>
      <PageHeader
        title={<Trans>Warehousing</Trans>}
        description={<Trans>Today’s stock, what needs attention, and the latest receipts and issues.</Trans>}
        actions={actions}
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Tile label={<Trans>Stock value</Trans>} value={stockFigures && money.text(stockFigures.value)} href={wh.stock} />
        <Tile
          label={<Trans>To reorder</Trans>}
          value={stockFigures && formatNumber(stockFigures.reorder)}
          href={withQuery(wh.stock, { flag: 'reorder' })}
          tone={stockFigures?.reorder ? 'warn' : 'plain'}
        />
        <Tile
          label={<Trans>Expiring within 30 days</Trans>}
          value={stockFigures && formatNumber(stockFigures.expiring)}
          href={withQuery(wh.stock, { flag: 'expiring' })}
          tone={stockFigures?.expiring ? 'warn' : 'plain'}
        />
        <Tile
          label={<Trans>Drafts not submitted</Trans>}
          value={formatNumber(figures.drafts)}
          href={wh.receiptList}
          tone={figures.drafts ? 'warn' : 'plain'}
        />
        <Tile
          label={<Trans>Today: goods in · goods out</Trans>}
          value={`${formatNumber(figures.todayIn)} · ${formatNumber(figures.todayOut)}`}
          href={wh.receiptList}
        />
        <Tile label={<Trans>Cargos expected this week</Trans>} value={formatNumber(figures.cargos)} href={wh.cargoList} />
      </div>
      {(figures.waiting > 0 || sync.problems > 0) && (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          {figures.waiting > 0 && <Trans>Documents waiting for a connection: {waiting}.</Trans>}{' '}
          {sync.problems > 0 && <Trans>Changes the server refused: {problems}. Open Sync problems to settle them.</Trans>}
        </p>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <SectionCard title={<Trans>Goods in and out, last 30 days</Trans>}>
          <Suspense fallback={<Spinner className="mx-auto size-6 text-brand-700" />}>
            <DailyBarChart
              days={figures.days}
              series={series}
              label={t`Submitted receipts and issues per day`}
              dayHeader={t`Day`}
              countHeader={t`Documents`}
            />
          </Suspense>
        </SectionCard>
        <SectionCard
          title={<Trans>Latest receipts and issues</Trans>}
          action={
            <Link href={wh.receiptList} className={buttonClasses('ghost', 'sm')}>
              <Trans>All</Trans>
            </Link>
          }
        >
          {figures.latest.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">
              <Trans>No receipts or issues yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {figures.latest.map((row) => (
                <li key={row.id}>
                  <Link
                    href={withQuery(wh.receiptDetails, { id: row.id })}
                    className="flex min-h-12 items-center gap-3 px-1 py-2 hover:bg-slate-50"
                  >
                    <span
                      className={cx(
                        'rounded-full px-2 py-0.5 text-xs font-semibold',
                        row.direction === 'out' ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-800',
                      )}
                    >
                      {row.direction === 'out' ? <Trans>Out</Trans> : <Trans>In</Trans>}
                    </span>
                    {DocumentLead(row)}
                    <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{names.get(String(row.warehouseId)) ?? ''}</span>
                    <span className="text-xs text-slate-600">{typeof row.date === 'string' ? formatDate(row.date) : ''}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </div>
    </>
  );
}
