/**
 * Customers/PanelManagement: the customers' subscriptions (which module, since when, renewal date,
 * status), with the renewals due in the next 30 days first; `?customerId=` shows one customer's.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { toRials } from '@/contract/money.ts';
import { formatDate } from '@/i18n/format.ts';
import { buttonClasses, EntityList, Loading, ScreenFrame, SectionCard, useReferenceTitles } from '@/moduleKit.ts';
import { Subscription } from '../../entities/customers.ts';
import { addDays, tehranToday } from '../../rules/jalaliMonth.ts';
import { Amount } from '../parts/Amount.tsx';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';

export function Subscriptions() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const customerId = new URLSearchParams(useSearch()).get('customerId');
  const customers = useReferenceTitles('NagemManagement/Customer');
  const name = customerId ? customers?.get(customerId) : undefined;
  return (
    <ScreenFrame
      title={t`Subscriptions and renewals`}
      heading={name ? <Trans>Subscriptions of {name}</Trans> : <Trans>Subscriptions and renewals</Trans>}
      description={<Trans>A won sale subscribes its customer to the modules sold; monthly and yearly ones come up for renewal.</Trans>}
      actions={
        customerId ? (
          <Link href={nm.subscriptions} className={buttonClasses('ghost')}>
            <Trans>Everyone’s subscriptions</Trans>
          </Link>
        ) : undefined
      }
      needs={permission(Subscription, 'read')}
    >
      <div className="flex flex-col gap-4">
        <RenewalsDue customerId={customerId} />
        <EntityList
          entity={Subscription}
          fixed={customerId ? { customerId } : undefined}
          onOpen={(row) => navigate(withQuery(nm.customer, { id: String(row.customerId) }))}
        />
      </div>
    </ScreenFrame>
  );
}

function RenewalsDue({ customerId }: { customerId: string | null }) {
  const rows = useRows([Subscription]);
  const customers = useReferenceTitles('NagemManagement/Customer');
  const modules = useReferenceTitles('NagemManagement/Module');
  const due = useMemo(() => {
    if (!rows) return null;
    const today = tehranToday();
    const until = addDays(today, 30);
    return rows[0]!
      .filter(
        (s) =>
          s.status === 'active' &&
          typeof s.renewsOn === 'string' &&
          s.renewsOn >= today &&
          s.renewsOn <= until &&
          (!customerId || s.customerId === customerId),
      )
      .sort((a, b) => String(a.renewsOn).localeCompare(String(b.renewsOn)));
  }, [rows, customerId]);
  if (!due) return <Loading />;
  return (
    <SectionCard title={<Trans>Renewals due in the next 30 days</Trans>}>
      {due.length ? (
        <ul className="divide-y divide-slate-100">
          {due.map((s) => (
            <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
              <Link href={withQuery(nm.customer, { id: String(s.customerId) })} className="font-medium text-brand-800 hover:underline">
                {customers?.get(String(s.customerId)) ?? '…'}
              </Link>
              <span>{modules?.get(String(s.moduleId)) ?? '…'}</span>
              <span>{formatDate(String(s.renewsOn))}</span>
              <span>
                <Amount value={toRials(s.amount) ?? 0} />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">
          <Trans>No renewal is due in the next 30 days.</Trans>
        </p>
      )}
    </SectionCard>
  );
}
