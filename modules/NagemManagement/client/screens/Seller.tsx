/** Seller: sales by seller — how many, the open pipeline, won and invoiced amounts — with totals. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { permission } from '../../../../src/contract/entity.ts';
import { formatNumber } from '../../../../src/i18n/format.ts';
import { useReferenceTitles } from '../../../../src/panel/entity/referenceTitles.ts';
import { NoAccess } from '../../../../src/panel/WithPanel.tsx';
import { useCanAccess } from '../../../../src/storage/access.ts';
import { Card, PageHeader } from '../../../../src/ui/Card.tsx';
import { EmptyState } from '../../../../src/ui/EmptyState.tsx';
import { InfoIcon } from '../../../../src/ui/icons.tsx';
import { Loading } from '../../../../src/ui/Loading.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
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
  const can = useCanAccess();
  useDocumentTitle(t`Sales by seller`);
  return (
    <>
      <PageHeader title={<Trans>Sales by seller</Trans>} description={<Trans>Each seller’s sales: the open pipeline, what was won and what was invoiced. Amounts are net of discount, before VAT.</Trans>} />
      {can(permission(Sale, 'read')) ? <SellerTable /> : <NoAccess />}
    </>
  );
}

function SellerTable() {
  const { t } = useLingui();
  const rows = useRows([Sale, Agent]);
  const members = useReferenceTitles('PanelManagement/Member');
  const table = useMemo(() => {
    if (!rows) return null;
    const [sales, agents] = rows as [typeof rows[0], typeof rows[0]];
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
  const cells = (r: Pick<SellerRow, 'sales' | 'open' | 'won' | 'wonAmount' | 'invoiced'>): ReactNode[] => [
    formatNumber(r.sales),
    <Amount key="o" value={r.open} />,
    formatNumber(r.won),
    <Amount key="w" value={r.wonAmount} />,
    <Amount key="i" value={r.invoiced} />,
  ];
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="p-3 text-start"><Trans>Seller</Trans></th>
            <th scope="col" className="p-3 text-start"><Trans>Sales</Trans></th>
            <th scope="col" className="p-3 text-start"><Trans>Open pipeline</Trans></th>
            <th scope="col" className="p-3 text-start"><Trans>Won</Trans></th>
            <th scope="col" className="p-3 text-start"><Trans>Won amount</Trans></th>
            <th scope="col" className="p-3 text-start"><Trans>Invoiced (with VAT)</Trans></th>
          </tr>
        </thead>
        <tbody>
          {table.map((r) => (
            <tr key={r.key} className="border-t border-slate-100">
              <th scope="row" className="p-3 text-start font-medium">{r.name}</th>
              {cells(r).map((c, i) => <td key={i} className="p-3">{c}</td>)}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 font-semibold">
          <tr>
            <th scope="row" className="p-3 text-start"><Trans>Total</Trans></th>
            {cells({ sales: sum((r) => r.sales), open: sum((r) => r.open), won: sum((r) => r.won), wonAmount: sum((r) => r.wonAmount), invoiced: sum((r) => r.invoiced) }).map((c, i) => (
              <td key={i} className="p-3">{c}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
