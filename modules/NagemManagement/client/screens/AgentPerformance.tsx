/**
 * AgentPerformance: per agent per Jalali month, the sales won and their amount, the conversion
 * rate, the average days to close and the commission due, for a Jalali year of closing; a chart of
 * one agent's (or everyone's) last six months of it. Worked out on the device from the sales it
 * holds while the year stays inside its window of sales, by the server beyond it (decision 053).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { permission } from '@/contract/entity.ts';
import { jalaliDate } from '@/contract/jalali.ts';
import { rials } from '@/contract/money.ts';
import { formatCompact, formatNumber } from '@/i18n/format.ts';
import {
  DataTable,
  EmptyState,
  InfoIcon,
  Loading,
  ReportProvenance,
  ScreenFrame,
  SectionCard,
  SelectField,
  type Sheet,
  SheetButtons,
  useMoney,
  useReferenceTitles,
  useReportSource,
} from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { Sale } from '../../entities/sale.ts';
import { jalaliMonthOf, tehranToday } from '../../rules/jalaliMonth.ts';
import { jalaliYearDays, performanceEndpoint } from '../../rules/performanceEndpoint.ts';
import { agentPerformance, lastMonths } from '../../rules/salesFigures.ts';
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

/** How many Jalali years back the year choice reaches. */
const YEARS_BACK = 5;

function Performance() {
  const { t } = useLingui();
  const rows = useRows([Sale, Agent]);
  const members = useReferenceTitles('PanelManagement/Member');
  const money = useMoney();
  const [agent, setAgent] = useState('');
  const today = tehranToday();
  const thisYear = jalaliDate(new Date(`${today}T12:00:00Z`)).year;
  const [year, setYear] = useState(thisYear);
  const days = jalaliYearDays(year);
  const from = days.from;
  const to = days.to < today ? days.to : today;
  const onDevice = useMemo(() => {
    if (!rows) return undefined;
    const [sales, agents] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const rates = new Map(agents.filter((a) => typeof a.memberId === 'string').map((a) => [a.memberId as string, a.commissionRate]));
    return agentPerformance(sales, rates, from, to);
  }, [rows, from, to]);
  const source = useReportSource({ entity: Sale, from, device: onDevice, server: { path: performanceEndpoint.path, query: { from, to } } });
  const answer = source.where === 'device' || source.where === 'server' ? source.value : null;
  const figures = useMemo(() => {
    if (!rows || !answer) return null;
    const months = answer.map((m) => ({ ...m, amount: rials(m.amount), commission: rials(m.commission) }));
    return { months, nameOf: sellerNames(rows[1]!, members, t`No seller`) };
  }, [rows, answer, members, t]);
  const years = Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i).map((y) => ({
    value: String(y),
    label: formatNumber(y, { useGrouping: false }),
  }));
  const yearChoice = (
    <SelectField
      className="max-w-40"
      label={t`Year of closing`}
      value={String(year)}
      onChange={(e) => setYear(Number(e.target.value))}
      options={years}
    />
  );
  if (!figures)
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">{yearChoice}</div>
        {rows ? <ReportProvenance source={source} from={from} to={to} /> : <Loading />}
      </div>
    );
  const provenance = <ReportProvenance source={source} from={from} to={to} />;
  if (!figures.months.length)
    return (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">{yearChoice}</div>
        {provenance}
        <EmptyState
          icon={<InfoIcon className="size-7" />}
          title={<Trans>No closed sales in this year</Trans>}
          description={<Trans>Sales appear here once they are won or lost.</Trans>}
        />
      </div>
    );
  const sellers = [...new Set(figures.months.map((m) => m.memberId))];
  const chosen = figures.months.filter((m) => !agent || m.memberId === agent);
  const months = lastMonths(jalaliMonthOf(to)!, 6);
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
    about: [agent ? figures.nameOf(agent) : t`Everyone`, formatNumber(year, { useGrouping: false })],
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
        {yearChoice}
        <SelectField
          className="max-w-xs flex-1"
          label={t`Agent`}
          value={agent}
          onChange={(e) => setAgent(e.target.value)}
          options={[{ value: '', label: t`Everyone` }, ...sellers.map((id) => ({ value: id, label: figures.nameOf(id) }))]}
        />
        <SheetButtons fileName={`agent-performance-${year}`} sheet={sheet} disabled={!chosen.length} />
      </div>
      {provenance}
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
