/**
 * The sales dashboard (sales-crm-support.md): pipeline value per stage, won this Jalali month
 * against the sum of the agents' targets, the top agents, renewals due in the next 30 days, and
 * open support requests by priority with the overdue ones; charts. All from the device's rows.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { compareRials } from '@/contract/money.ts';
import { formatNumber } from '@/i18n/format.ts';
import { buttonClasses, Loading, ScreenFrame, SectionCard, useNow, useReferenceTitles } from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { Subscription } from '../../entities/customers.ts';
import { Sale } from '../../entities/sale.ts';
import { priorityOptions, Request } from '../../entities/support.ts';
import { addDays, jalaliMonthOf, tehranToday } from '../../rules/jalaliMonth.ts';
import { agentMonths, pipeline } from '../../rules/salesFigures.ts';
import { isOpenStatus, isOverdue } from '../../rules/support.ts';
import { PipelineChart, TargetBar } from '../parts/Figures.tsx';
import { LazyBarChart } from '../parts/LazyBarChart.tsx';
import { Amount } from '../parts/Amount.tsx';
import { Tile } from '../parts/Tile.tsx';
import { nm } from '../paths.ts';
import { sellerNames } from '../sellerNames.ts';
import { useRows } from '../useRows.ts';

export function Dashboard() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Sales dashboard`}
      actions={
        <Link href={nm.board} className={buttonClasses('secondary')}>
          <Trans>Sales board</Trans>
        </Link>
      }
      needs={permission(Sale, 'read')}
    >
      <Figures />
    </ScreenFrame>
  );
}

function Figures() {
  const { t, i18n } = useLingui();
  const rows = useRows([Sale, Agent, Subscription, Request]);
  const now = useNow();
  const members = useReferenceTitles('PanelManagement/Member');
  const figures = useMemo(() => {
    if (!rows) return null;
    const [sales, agents, subscriptions, requests] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const month = jalaliMonthOf(new Date().toISOString())!;
    const rates = new Map(agents.filter((a) => typeof a.memberId === 'string').map((a) => [a.memberId as string, a.commissionRate]));
    const thisMonth = agentMonths(sales, rates).filter((m) => m.month === month);
    const today = tehranToday();
    const until = addDays(today, 30);
    const open = requests.filter((r) => isOpenStatus(r.status));
    return {
      pipeline: pipeline(sales),
      won: thisMonth.reduce((s, m) => s + m.amount, 0n),
      target: agents.filter((a) => a.active !== false).reduce((s, a) => s + (typeof a.monthlyTarget === 'number' ? a.monthlyTarget : 0), 0),
      top: [...thisMonth].sort((a, b) => compareRials(b.amount, a.amount)).slice(0, 5),
      nameOf: sellerNames(agents, members, t`No seller`),
      renewals: subscriptions.filter(
        (s) => s.status === 'active' && typeof s.renewsOn === 'string' && s.renewsOn >= today && s.renewsOn <= until,
      ).length,
      byPriority: priorityOptions.map((p) => ({ key: p.value, label: p.label, count: open.filter((r) => r.priority === p.value).length })),
      open: open.length,
      overdue: open.filter((r) => isOverdue(r, now)).length,
    };
  }, [rows, members, now, t]);
  if (!figures) return <Loading />;
  const openValue = figures.pipeline.filter((f) => f.stage !== 'won' && f.stage !== 'lost').reduce((s, f) => s + f.value, 0n);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={<Trans>Open pipeline</Trans>} value={<Amount value={openValue} />} />
        <Tile label={<Trans>Won this month</Trans>} value={<Amount value={figures.won} />} />
        <Tile
          label={<Trans>Renewals in 30 days</Trans>}
          value={formatNumber(figures.renewals)}
          tone={figures.renewals ? 'warn' : 'plain'}
        />
        <Tile label={<Trans>Overdue requests</Trans>} value={formatNumber(figures.overdue)} tone={figures.overdue ? 'warn' : 'plain'} />
      </div>
      <SectionCard title={<Trans>This month’s target</Trans>}>
        <TargetBar won={figures.won} target={figures.target} />
      </SectionCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard title={<Trans>Pipeline value per stage</Trans>}>
          <PipelineChart figures={figures.pipeline} />
        </SectionCard>
        <SectionCard
          title={<Trans>Open requests by priority</Trans>}
          action={
            <Link href={nm.requests} className={buttonClasses('ghost', 'sm')}>
              <Trans>All requests</Trans>
            </Link>
          }
        >
          <LazyBarChart
            groups={figures.byPriority.map((p) => ({ key: p.key, label: i18n._(p.label), values: [p.count] }))}
            series={[{ label: t`Open requests`, color: '#f59e0b' }]}
            label={t`Open requests by priority`}
            groupHeader={t`Priority`}
            categories
          />
        </SectionCard>
      </div>
      <SectionCard
        title={<Trans>Top agents this month</Trans>}
        action={
          <Link href={nm.performance} className={buttonClasses('ghost', 'sm')}>
            <Trans>Agent performance</Trans>
          </Link>
        }
      >
        {figures.top.length ? (
          <ol className="flex flex-col divide-y divide-slate-100">
            {figures.top.map((m) => (
              <li key={m.memberId} className="flex justify-between gap-3 py-2 text-sm">
                <span className="font-medium">{figures.nameOf(m.memberId)}</span>
                <span>
                  <Amount value={m.amount} />
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">
            <Trans>No sale has been won this month yet.</Trans>
          </p>
        )}
      </SectionCard>
    </div>
  );
}
