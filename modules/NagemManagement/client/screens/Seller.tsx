/** Seller: sales by seller — how many, the open pipeline, won and invoiced amounts — with totals. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { permission } from '@/contract/entity.ts';
import { formatNumber } from '@/i18n/format.ts';
import { DataTable, EmptyState, InfoIcon, Loading, ScreenFrame, useReferenceTitles } from '@/moduleKit.ts';
import { Agent } from '../../entities/catalogue.ts';
import { Sale } from '../../entities/sale.ts';
import { isLive } from '../../rules/salesFigures.ts';
import { Amount } from '../parts/Amount.tsx';
import { sellerNames } from '../sellerNames.ts';
import { useRows } from '../useRows.ts';

interface SellerRow {
  key: string;
  name: string;
  sales: number;
  open: number;
  won: number;
  wonAmount: number;
  invoiced: number;
}

const OPEN = new Set(['lead', 'quoted', 'negotiating']);

export function Seller() {
  const { t } = useLingui();
  return (
    <ScreenFrame
      title={t`Sales by seller`}
      description={
        <Trans>Each seller’s sales: the open pipeline, what was won and what was invoiced. Amounts are net of discount, before VAT.</Trans>
      }
      needs={permission(Sale, 'read')}
    >
      <SellerTable />
    </ScreenFrame>
  );
}

function SellerTable() {
  const { t } = useLingui();
  const rows = useRows([Sale, Agent]);
  const members = useReferenceTitles('PanelManagement/Member');
  const table = useMemo(() => {
    if (!rows) return null;
    const [sales, agents] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const nameOf = sellerNames(agents, members, t`No seller`);
    const by = new Map<string, SellerRow>();
    for (const sale of sales.filter(isLive)) {
      const key = typeof sale.agentMemberId === 'string' ? sale.agentMemberId : '';
      let row = by.get(key);
      if (!row) by.set(key, (row = { key, name: nameOf(key), sales: 0, open: 0, won: 0, wonAmount: 0, invoiced: 0 }));
      const net = typeof sale.net === 'number' ? sale.net : 0;
      row.sales++;
      if (OPEN.has(String(sale.stage))) row.open += net;
      if (sale.stage === 'won') {
        row.won++;
        row.wonAmount += net;
      }
      if (sale.status === 'submitted' && typeof sale.total === 'number') row.invoiced += sale.total;
    }
    return [...by.values()].sort((a, b) => b.wonAmount - a.wonAmount || a.name.localeCompare(b.name, 'fa'));
  }, [rows, members, t]);
  if (!table) return <Loading />;
  if (!table.length) return <EmptyState icon={<InfoIcon className="size-7" />} title={<Trans>No sales yet</Trans>} />;
  const sum = (pick: (r: SellerRow) => number) => table.reduce((s, r) => s + pick(r), 0);
  return (
    <DataTable
      label={t`Sales by seller`}
      rows={table}
      rowKey={(r) => r.key}
      footerLabel={t`Total`}
      columns={[
        { id: 'seller', header: t`Seller`, title: true, cell: (r) => r.name },
        { id: 'sales', header: t`Sales`, kind: 'figure', cell: (r) => formatNumber(r.sales), footer: formatNumber(sum((r) => r.sales)) },
        {
          id: 'open',
          header: t`Open pipeline`,
          kind: 'figure',
          cell: (r) => <Amount value={r.open} />,
          footer: <Amount value={sum((r) => r.open)} />,
        },
        { id: 'won', header: t`Won`, kind: 'figure', cell: (r) => formatNumber(r.won), footer: formatNumber(sum((r) => r.won)) },
        {
          id: 'wonAmount',
          header: t`Won amount`,
          kind: 'figure',
          key: true,
          cell: (r) => <Amount value={r.wonAmount} />,
          footer: <Amount value={sum((r) => r.wonAmount)} />,
        },
        {
          id: 'invoiced',
          header: t`Invoiced (with VAT)`,
          kind: 'figure',
          key: true,
          cell: (r) => <Amount value={r.invoiced} />,
          footer: <Amount value={sum((r) => r.invoiced)} />,
        },
      ]}
    />
  );
}
