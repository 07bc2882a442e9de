/** Cash and bank balances (موجودی نقد و بانک): each cash box and bank account as the books have it; CSV and print. */
import { Trans, useLingui } from '@lingui/react/macro';
import { permission } from '../../../../src/contract/entity.ts';
import { formatDate } from '../../../../src/i18n/format.ts';
import { NoAccess } from '../../../../src/panel/WithPanel.tsx';
import { useCanAccess } from '../../../../src/storage/access.ts';
import { PageHeader } from '../../../../src/ui/Card.tsx';
import { Loading } from '../../../../src/ui/Loading.tsx';
import { useDocumentTitle } from '../../../../src/ui/useDocumentTitle.ts';
import { AccountBalance } from '../../entities/ledger.ts';
import { cashAndBank } from '../cashAndBank.ts';
import { ReportActions, ReportPrintHeader } from '../parts/ReportActions.tsx';
import { useBooks } from '../useBooks.ts';
import { useMoney } from '../../../../src/panel/useMoney.ts';

export function CashAndBank() {
  const { t } = useLingui();
  const can = useCanAccess();
  const books = useBooks();
  const money = useMoney();
  useDocumentTitle(t`Cash and bank balances`);
  if (!can(permission(AccountBalance, 'read'))) return <NoAccess />;
  if (!books) return <Loading />;
  const { holdings, cash, bank } = cashAndBank(books);
  const today = formatDate(new Date());
  const kindLabel = (kind: 'cash' | 'bank') => (kind === 'cash' ? t`Cash box` : t`Bank account`);
  const csv = () => [[t`Kind`, t`Name`, t`Balance`], ...holdings.map((h) => [kindLabel(h.kind), h.name, money.plain(h.balance)]), [t`Cash`, '', money.plain(cash)], [t`Banks`, '', money.plain(bank)]];
  return (
    <>
      <PageHeader title={<Trans>Cash and bank balances</Trans>} description={<Trans>What each cash box and bank account holds, as the books have it now.</Trans>} actions={<ReportActions fileName="cash-and-bank" rows={csv} />} />
      <ReportPrintHeader title={t`Cash and bank balances`} subtitle={today} />
      <dl className="mb-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-600"><Trans>All cash</Trans></dt>
          <dd className="text-lg font-semibold">{money.text(cash)}</dd>
        </div>
        <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-600"><Trans>All banks</Trans></dt>
          <dd className="text-lg font-semibold">{money.text(bank)}</dd>
        </div>
      </dl>
      <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 text-start"><Trans>Kind</Trans></th>
              <th scope="col" className="px-3 py-2 text-start"><Trans>Name</Trans></th>
              <th scope="col" className="px-3 py-2 text-end"><Trans>Balance ({money.unit})</Trans></th>
            </tr>
          </thead>
          <tbody>
            {holdings.map((h) => (
              <tr key={h.id} className="border-t border-slate-100">
                <td className="px-3 py-2">{kindLabel(h.kind)}</td>
                <td className="px-3 py-2">{h.name}</td>
                <td className={`px-3 py-2 text-end tabular-nums ${h.balance < 0 ? 'text-red-700' : ''}`}>{money.number(h.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
