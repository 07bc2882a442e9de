/** Cash and bank balances (موجودی نقد و بانک): each cash box and bank account as the books have it; CSV, Excel and print. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { permission } from '@/contract/entity.ts';
import { formatDate } from '@/i18n/format.ts';
import {
  DataTable,
  Loading,
  NoAccess,
  PageHeader,
  PendingNotice,
  ReportProvenance,
  useCanAccess,
  useDocumentTitle,
  useMoney,
  useReportSource,
  type Sheet,
} from '@/moduleKit.ts';
import { AccountBalance } from '../../entities/ledger.ts';
import { cashAndBank } from '../cashAndBank.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { tehranToday } from '../today.ts';
import { useBooks } from '../useBooks.ts';
import { postingDocuments } from '../postingDocuments.ts';

export function CashAndBank() {
  const { t } = useLingui();
  const can = useCanAccess();
  const books = useBooks();
  const money = useMoney();
  useDocumentTitle(t`Cash and bank balances`);
  const held = useMemo(() => (books ? cashAndBank(books) : undefined), [books]);
  // From the monthly balances, which every device holds whole.
  const source = useReportSource({ entity: AccountBalance, from: null, device: held, server: null });
  if (!can(permission(AccountBalance, 'read'))) return <NoAccess />;
  if (!held) return <Loading />;
  const { holdings, cash, bank } = held;
  const today = formatDate(new Date());
  const kindLabel = (kind: 'cash' | 'bank') => (kind === 'cash' ? t`Cash box` : t`Bank account`);
  const sheet = (): Sheet => ({
    title: t`Cash and bank balances`,
    about: [today],
    money,
    columns: [{ header: t`Kind` }, { header: t`Name` }, { header: t`Balance`, kind: 'money' }],
    rows: [...holdings.map((h) => [kindLabel(h.kind), h.name, h.balance]), [t`Cash`, '', cash], [t`Banks`, '', bank]],
  });
  return (
    <>
      <PageHeader
        title={<Trans>Cash and bank balances</Trans>}
        description={<Trans>What each cash box and bank account holds, as the books have it now.</Trans>}
        actions={<ReportActions fileName="cash-and-bank" sheet={sheet} />}
      />
      <PendingNotice entities={postingDocuments} />
      <ReportPrintHeader title={t`Cash and bank balances`} subtitle={today} />
      <ReportProvenance source={source} from={null} to={tehranToday()} />
      <dl className="mb-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-600">
            <Trans>All cash</Trans>
          </dt>
          <dd className="text-lg font-semibold">{money.text(cash)}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-600">
            <Trans>All banks</Trans>
          </dt>
          <dd className="text-lg font-semibold">{money.text(bank)}</dd>
        </div>
      </dl>
      <DataTable
        label={t`Cash and bank balances`}
        rows={holdings}
        rowKey={(h) => h.id}
        wideFrom="sm"
        columns={[
          { id: 'kind', header: t`Kind`, cell: (h) => kindLabel(h.kind) },
          { id: 'name', header: t`Name`, title: true, cell: (h) => h.name },
          {
            id: 'balance',
            header: t`Balance (${money.unit})`,
            kind: 'figure',
            key: true,
            cellClassName: (h) => (h.balance < 0 ? 'text-red-700' : undefined),
            cell: (h) => money.number(h.balance),
          },
        ]}
      />
    </>
  );
}
