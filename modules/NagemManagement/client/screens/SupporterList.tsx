/** SupporterList: the members who answer requests, each with open, overdue and average time to resolve; and the unassigned queue. */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { formatNumber } from '@/i18n/format.ts';
import { DataTable, EmptyState, InfoIcon, Loading, ScreenFrame, useNow, useReferenceTitles } from '@/moduleKit.ts';
import { Request } from '../../entities/support.ts';
import { supporterLoads } from '../../rules/supporters.ts';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';

export function SupporterList() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Supporters`}
      description={<Trans>Who answers support requests: their open and overdue requests and how long they take to resolve one.</Trans>}
      needs={permission(Request, 'read')}
    >
      <Loads />
    </ScreenFrame>
  );
}

function Loads() {
  const { t } = useLingui();
  const rows = useRows([Request]);
  const members = useReferenceTitles('PanelManagement/Member');
  const now = useNow();
  const loads = useMemo(() => (rows ? supporterLoads(rows[0]!, now) : null), [rows, now]);
  if (!loads) return <Loading />;
  if (!loads.length) return <EmptyState icon={<InfoIcon className="size-7" />} title={<Trans>No support request yet</Trans>} />;
  return (
    <DataTable
      label={t`Supporters`}
      rows={loads}
      rowKey={(l) => l.supporterId || 'queue'}
      wideFrom="sm"
      columns={[
        {
          id: 'supporter',
          header: t`Supporter`,
          title: true,
          cell: (l) => (
            <Link href={withQuery(nm.requests, { supporter: l.supporterId || '-' })} className="text-brand-800 hover:underline">
              {l.supporterId ? (members?.get(l.supporterId) ?? '…') : t`Unassigned queue`}
            </Link>
          ),
        },
        { id: 'open', header: t`Open requests`, kind: 'figure', key: true, cell: (l) => formatNumber(l.open) },
        {
          id: 'overdue',
          header: t`Overdue`,
          kind: 'figure',
          key: true,
          cellClassName: (l) => (l.overdue ? 'font-semibold text-amber-800' : undefined),
          cell: (l) => formatNumber(l.overdue),
        },
        {
          id: 'resolve',
          header: t`Average time to resolve`,
          kind: 'date',
          cell: (l) => (l.avgHours === null ? '—' : <Plural value={l.avgHours} one="# hour" other="# hours" />),
        },
      ]}
    />
  );
}
