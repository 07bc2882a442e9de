/** A catalogue module (`?id=`): its details, its sales, its active subscriptions and its revenue by Jalali month. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { permission, type Line } from '@/contract/entity.ts';
import { formatCompact, formatDate, formatNumber } from '@/i18n/format.ts';
import {
  buttonClasses,
  Card,
  EntityDetails,
  Loading,
  RecordNotFound,
  ScreenFrame,
  SectionCard,
  useCanAccess,
  useMoney,
  usePageRecord,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { Module } from '../../entities/catalogue.ts';
import { Subscription } from '../../entities/customers.ts';
import { Sale, stageOptions } from '../../entities/sale.ts';
import { jalaliMonthOf } from '../../rules/jalaliMonth.ts';
import { lineNet } from '../../rules/saleTotals.ts';
import { isLive, lastMonths } from '../../rules/salesFigures.ts';
import { monthLabel } from '../monthLabel.ts';
import { LazyBarChart } from '../parts/LazyBarChart.tsx';
import { Amount } from '../parts/Amount.tsx';
import { Tile } from '../parts/Tile.tsx';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';

export function ModuleDetails() {
  const { t } = useLingui();
  const can = useCanAccess();
  const id = new URLSearchParams(useSearch()).get('id');
  const record = usePageRecord(Module, id);
  const module = record.row;
  const allowed = can(permission(Module, 'read'));
  if (allowed && record.status === 'notFound')
    return <RecordNotFound entity={Module} reason={record.reason} back={{ href: nm.modules, label: t`Catalogue of modules` }} />;
  return (
    <ScreenFrame
      title={record.status === 'notFound' ? null : typeof module?.name === 'string' ? module.name : t`Catalogue module`}
      heading={typeof module?.name === 'string' ? module.name : <Trans>Catalogue module</Trans>}
      actions={
        <Link href={nm.modules} className={buttonClasses('ghost')}>
          <Trans>Catalogue of modules</Trans>
        </Link>
      }
      needs={allowed}
    >
      {record.status === 'loading' || !record.row ? (
        <Loading />
      ) : (
        <Figures id={record.row.id} details={<EntityDetails entity={Module} row={record.row} />} />
      )}
    </ScreenFrame>
  );
}

function Figures({ id, details }: { id: string; details: ReactNode }) {
  const { t, i18n } = useLingui();
  const rows = useRows([Sale, Subscription]);
  const customers = useReferenceTitles('NagemManagement/Customer');
  const money = useMoney();
  const figures = useMemo(() => {
    if (!rows) return null;
    const [sales, subscriptions] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const withIt = sales.filter(isLive).flatMap((s) => {
      const lines = ((s.lines as Line[] | undefined) ?? []).filter((l) => l.moduleId === id);
      return lines.length ? [{ sale: s, amount: Number(lines.reduce((sum, l) => sum + lineNet(l), 0n)) }] : [];
    });
    const byMonth = new Map<string, number>();
    for (const { sale, amount } of withIt) {
      const month = sale.stage === 'won' ? jalaliMonthOf(sale.closedOn) : null;
      if (month) byMonth.set(month, (byMonth.get(month) ?? 0) + amount);
    }
    const months = lastMonths(jalaliMonthOf(new Date().toISOString())!, 6);
    return {
      sales: withIt.sort((a, b) => String(b.sale.date).localeCompare(String(a.sale.date))),
      active: subscriptions.filter((s) => s.moduleId === id && s.status === 'active').length,
      revenue: [...byMonth.values()].reduce((a, b) => a + b, 0),
      groups: months.map((m) => ({ key: m, label: monthLabel(m), values: [byMonth.get(m) ?? 0] })),
    };
  }, [rows, id]);
  if (!figures) return <Loading />;
  const unit = money.unit;
  const groups = figures.groups.map((g) => ({ ...g, values: g.values.map((v) => money.value(v)) }));
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-3">
        <Tile label={<Trans>Sales</Trans>} value={formatNumber(figures.sales.length)} />
        <Tile label={<Trans>Active subscriptions</Trans>} value={formatNumber(figures.active)} />
        <Tile label={<Trans>Revenue from won sales</Trans>} value={<Amount value={figures.revenue} />} />
      </div>
      <SectionCard title={<Trans>Revenue by month</Trans>}>
        <LazyBarChart
          groups={groups}
          series={[{ label: t`Revenue (${unit})`, color: 'var(--color-brand-600)' }]}
          label={t`Revenue of this module per Jalali month`}
          groupHeader={t`Month`}
          formatValue={formatCompact}
        />
      </SectionCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={<Trans>Its sales</Trans>}>
          {figures.sales.length ? (
            <ul className="divide-y divide-slate-100">
              {figures.sales.slice(0, 20).map(({ sale, amount }) => (
                <li key={sale.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                  <Link href={withQuery(nm.sales, { id: sale.id })} className="font-medium text-brand-800 hover:underline">
                    {customers?.get(String(sale.customerId)) ?? '…'}
                  </Link>
                  <span>{i18n._(stageOptions.find((o) => o.value === sale.stage)?.label ?? stageOptions[0].label)}</span>
                  <span>{typeof sale.date === 'string' ? formatDate(sale.date) : ''}</span>
                  <span>
                    <Amount value={amount} />
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">
              <Trans>Not sold yet.</Trans>
            </p>
          )}
        </SectionCard>
        <Card className="p-0">{details}</Card>
      </div>
    </div>
  );
}
