/**
 * AgentPerformance: per agent per Jalali month, the sales won and their amount, the conversion
 * rate, the average days to close and the commission due; a chart of one agent's (or everyone's)
 * last six months. Worked out on the device from the sales it holds.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { formatCompact, formatNumber } from '@/i18n/format.ts';
import {
  DataTable,
  EmptyState,
  InfoIcon,
  Loading,
  ScreenFrame,
  SectionCard,
  SelectField,
  type Sheet,
  SheetButtons,
  useMoney,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { Sale } from '../../entities/sale.ts';
import { jalaliMonthOf } from '../../rules/jalaliMonth.ts';
import { agentMonths, lastMonths } from '../../rules/salesFigures.ts';
import { monthLabel } from '../monthLabel.ts';
import { LazyBarChart } from '../parts/LazyBarChart.tsx';
import { Amount } from '../parts/Amount.tsx';
import { sellerNames } from '../sellerNames.ts';
import { useRows } from '../useRows.ts';

export function AgentPerformance() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Agent performance`}
      description={
        <Trans>Per agent and Jalali month of closing: sales won, amount (net), conversion, days to close and commission due.</Trans>
      }
      needs={permission(Sale, 'read')}
    >
      <Performance />
    </ScreenFrame>
  );
}

function Performance() {
  const { t } = useLingui();
  const rows = useRows([Sale, Agent]);
  const members = useReferenceTitles('PanelManagement/Member');
  const money = useMoney();
  const [agent, setAgent] = useState('');
  const figures = useMemo(() => {
    if (!rows) return null;
    const [sales, agents] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const rates = new Map(agents.filter((a) => typeof a.memberId === 'string').map((a) => [a.memberId as string, a.commissionRate]));
    return { months: agentMonths(sales, rates), nameOf: sellerNames(agents, members, t`No seller`) };
  }, [rows, members, t]);
  if (!figures) return <Loading />;
  if (!figures.months.length)
    return (
      <EmptyState
        icon={<InfoIcon className="size-7" />}
        title={<Trans>No closed sales yet</Trans>}
        description={<Trans>Sales appear here once they are won or lost.</Trans>}
      />
    );
  const sellers = [...new Set(figures.months.map((m) => m.memberId))];
  const chosen = figures.months.filter((m) => !agent || m.memberId === agent);
  const months = lastMonths(jalaliMonthOf(new Date().toISOString())!, 6);
  const groups = months.map((month) => {
    const of = chosen.filter((m) => m.month === month);
    return {
      key: month,
      label: monthLabel(month),
      values: [Number(of.reduce((s, m) => s + m.amount, 0n)), Number(of.reduce((s, m) => s + m.commission, 0n))],
    };
  });
  const sheet = (): Sheet => ({
    title: t`Agent performance`,
    about: [agent ? figures.nameOf(agent) : t`Everyone`],
    money,
    columns: [
      { header: t`Month` },
      { header: t`Agent` },
      { header: t`Won`, kind: 'number' },
      { header: t`Amount`, kind: 'money' },
      { header: t`Conversion (%)`, kind: 'number' },
      { header: t`Average days to close`, kind: 'number' },
      { header: t`Commission`, kind: 'money' },
    ],
    rows: chosen.map((m) => [
      monthLabel(m.month),
      figures.nameOf(m.memberId),
      m.won,
      m.amount,
      m.conversion,
      m.avgDaysToClose,
      m.commission,
    ]),
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          className="max-w-xs flex-1"
          label={t`Agent`}
          value={agent}
          onChange={(e) => setAgent(e.target.value)}
          options={[{ value: '', label: t`Everyone` }, ...sellers.map((id) => ({ value: id, label: figures.nameOf(id) }))]}
        />
        <SheetButtons fileName="agent-performance" sheet={sheet} disabled={!chosen.length} />
      </div>
      <SectionCard title={<Trans>Last six months</Trans>}>
        <LazyBarChart
          groups={groups}
          series={[
            { label: t`Won amount`, color: 'var(--color-brand-600)' },
            { label: t`Commission`, color: '#f59e0b' },
          ]}
          label={t`Won amount and commission per Jalali month`}
          groupHeader={t`Month`}
          formatValue={formatCompact}
        />
      </SectionCard>
      <DataTable
        label={t`Agent performance`}
        rows={chosen}
        rowKey={(m) => `${m.memberId}|${m.month}`}
        columns={[
          { id: 'month', header: t`Month`, cell: (m) => monthLabel(m.month) },
          { id: 'agent', header: t`Agent`, title: true, cell: (m) => figures.nameOf(m.memberId) },
          { id: 'won', header: t`Won`, kind: 'figure', cell: (m) => formatNumber(m.won) },
          { id: 'amount', header: t`Amount`, kind: 'figure', key: true, cell: (m) => <Amount value={m.amount} /> },
          {
            id: 'conversion',
            header: t`Conversion`,
            kind: 'figure',
            cell: (m) => (m.conversion === null ? '—' : formatNumber(m.conversion / 100, { style: 'percent' })),
          },
          {
            id: 'days',
            header: t`Average days to close`,
            kind: 'figure',
            cell: (m) => (m.avgDaysToClose === null ? '—' : formatNumber(m.avgDaysToClose)),
          },
          { id: 'commission', header: t`Commission`, kind: 'figure', key: true, cell: (m) => <Amount value={m.commission} /> },
        ]}
      />
    </div>
  );
}
