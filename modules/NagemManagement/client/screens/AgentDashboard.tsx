/** Agents/Dashboard: the signed-in agent's month against their target, their pipeline and the commission due. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { Member } from '@/contract/access.ts';
import { permission } from '@/contract/entity.ts';
import { formatNumber } from '@/i18n/format.ts';
import { Alert, buttonClasses, Loading, ScreenFrame, SectionCard, seesAllOf, useCurrentPanel } from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { Sale } from '../../entities/sale.ts';
import { jalaliMonthOf } from '../../rules/jalaliMonth.ts';
import { agentMonths, pipeline } from '../../rules/salesFigures.ts';
import { agentOf } from '../me.ts';
import { PipelineChart, TargetBar } from '../parts/Figures.tsx';
import { Amount } from '../parts/Amount.tsx';
import { Tile } from '../parts/Tile.tsx';
import { nm } from '../paths.ts';
import { signedInSeller } from '../salesData.ts';
import { useRows } from '../useRows.ts';

export function AgentDashboard() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`My sales`}
      actions={
        <Link href={nm.addSale} className={buttonClasses('primary')}>
          <Trans>New sale</Trans>
        </Link>
      }
      needs={permission(Sale, 'read')}
    >
      <Mine />
    </ScreenFrame>
  );
}

function Mine() {
  const current = useCurrentPanel();
  const rows = useRows([Sale, Agent, Member]);
  const seesAll = current.status === 'ready' && seesAllOf(current.panel, Sale);
  const figures = useMemo(() => {
    if (!rows) return null;
    const [sales, agents, members] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const me = signedInSeller(members, sales, seesAll);
    if (!me) return { me: null } as const;
    const agent = agentOf(agents, me);
    const mine = sales.filter((s) => s.agentMemberId === me);
    const month = jalaliMonthOf(new Date().toISOString())!;
    const now = agentMonths(mine, new Map([[me, agent?.commissionRate]])).find((m) => m.month === month);
    return { me, agent, pipeline: pipeline(mine), now, target: typeof agent?.monthlyTarget === 'number' ? agent.monthlyTarget : 0 };
  }, [rows, seesAll]);
  if (!figures) return <Loading />;
  if (!figures.me) {
    return (
      <Alert tone="info" title={<Trans>You are not an agent in this panel</Trans>}>
        <Trans>This page shows the sales of the signed-in agent. The sales dashboard shows everyone’s.</Trans>
      </Alert>
    );
  }
  const open = figures.pipeline.filter((f) => f.stage !== 'won' && f.stage !== 'lost');
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={<Trans>Won this month</Trans>} value={<Amount value={figures.now?.amount ?? 0n} />} />
        <Tile label={<Trans>Commission this month</Trans>} value={<Amount value={figures.now?.commission ?? 0n} />} />
        <Tile label={<Trans>Open sales</Trans>} value={formatNumber(open.reduce((s, f) => s + f.count, 0))} />
        <Tile label={<Trans>Open pipeline</Trans>} value={<Amount value={open.reduce((s, f) => s + f.value, 0n)} />} />
      </div>
      <SectionCard title={<Trans>This month’s target</Trans>}>
        <TargetBar won={figures.now?.amount ?? 0} target={figures.target} />
      </SectionCard>
      <SectionCard title={<Trans>My pipeline per stage</Trans>}>
        <PipelineChart figures={figures.pipeline} />
      </SectionCard>
    </div>
  );
}
