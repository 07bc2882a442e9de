/**
 * A customer (`?id=`): their details, balance (invoiced less paid) and timeline of sales,
 * subscriptions, support requests and payments; a payment is recorded here.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { permission } from '@/contract/entity.ts';
import { toRials } from '@/contract/money.ts';
import { formatDate } from '@/i18n/format.ts';
import {
  Button,
  buttonClasses,
  Card,
  EntityDetails,
  EntityForm,
  Loading,
  type LocalRow,
  RecordNotFound,
  ScreenFrame,
  SectionCard,
  useCanAccess,
  usePageRecord,
  useReferenceTitles,
} from '@/moduleKit.ts';
import { Customer, Payment, Subscription } from '../../entities/customers.ts';
import { Sale, stageOptions } from '../../entities/sale.ts';
import { Request, requestStatuses } from '../../entities/support.ts';
import { tehranToday } from '../../rules/jalaliMonth.ts';
import { customerBalance, customerTimeline, type TimelineEvent } from '../../rules/timeline.ts';
import { Amount } from '../parts/Amount.tsx';
import { Tile } from '../parts/Tile.tsx';
import { nm, withQuery } from '../paths.ts';
import { useRows } from '../useRows.ts';

export function CustomersDetails() {
  const { t } = useLingui();
  const can = useCanAccess();
  const id = new URLSearchParams(useSearch()).get('id');
  const record = usePageRecord(Customer, id);
  const customer = record.row;
  const allowed = can(permission(Customer, 'read'));
  if (allowed && record.status === 'notFound')
    return <RecordNotFound entity={Customer} reason={record.reason} back={{ href: nm.customers, label: t`All customers` }} />;
  return (
    <ScreenFrame
      title={record.status === 'notFound' ? null : typeof customer?.name === 'string' ? customer.name : t`Customer`}
      heading={typeof customer?.name === 'string' ? customer.name : <Trans>Customer</Trans>}
      actions={
        <Link href={nm.customers} className={buttonClasses('ghost')}>
          <Trans>All customers</Trans>
        </Link>
      }
      needs={allowed}
    >
      {record.status === 'loading' || !record.row ? <Loading /> : <Details customer={record.row} />}
    </ScreenFrame>
  );
}

function Details({ customer }: { customer: LocalRow }) {
  const can = useCanAccess();
  const [paying, setPaying] = useState(false);
  const rows = useRows([Sale, Subscription, Request, Payment]);
  const figures = useMemo(() => {
    if (!rows) return null;
    const [sales, subscriptions, requests, payments] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    return {
      timeline: customerTimeline(customer.id, { sales, subscriptions, requests, payments }),
      ...customerBalance(customer.id, sales, payments),
    };
  }, [rows, customer.id]);
  return (
    <div className="flex flex-col gap-4">
      {figures && (
        <div className="grid gap-3 sm:grid-cols-3">
          <Tile label={<Trans>Invoiced</Trans>} value={<Amount value={figures.invoiced} />} />
          <Tile label={<Trans>Paid</Trans>} value={<Amount value={figures.paid} />} />
          <Tile
            label={<Trans>Balance due</Trans>}
            value={<Amount value={figures.balance} />}
            tone={figures.balance > 0 ? 'warn' : 'plain'}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {can(permission(Sale, 'create')) && (
          <Link href={withQuery(nm.addSale, { customerId: customer.id })} className={buttonClasses('primary', 'sm')}>
            <Trans>New sale</Trans>
          </Link>
        )}
        {can(permission(Payment, 'create')) && (
          <Button size="sm" variant="secondary" onClick={() => setPaying(true)}>
            <Trans>Record a payment</Trans>
          </Button>
        )}
        {can(permission(Request, 'create')) && (
          <Link href={withQuery(nm.request, { customerId: customer.id })} className={buttonClasses('secondary', 'sm')}>
            <Trans>New support request</Trans>
          </Link>
        )}
        <Link href={withQuery(nm.subscriptions, { customerId: customer.id })} className={buttonClasses('ghost', 'sm')}>
          <Trans>Subscriptions</Trans>
        </Link>
      </div>
      {paying && (
        <SectionCard title={<Trans>Record a payment</Trans>}>
          <EntityForm
            entity={Payment}
            defaults={{ customerId: customer.id, date: tehranToday(), method: 'transfer' }}
            onSaved={() => setPaying(false)}
            onCancel={() => setPaying(false)}
          />
        </SectionCard>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard className="self-start" title={<Trans>Timeline</Trans>}>
          {figures ? <Timeline events={figures.timeline} /> : <Loading />}
        </SectionCard>
        <Card className="p-0">
          <EntityDetails entity={Customer} row={customer} />
        </Card>
      </div>
    </div>
  );
}

function Timeline({ events }: { events: readonly TimelineEvent[] }) {
  const { i18n } = useLingui();
  const modules = useReferenceTitles('NagemManagement/Module');
  if (!events.length) {
    return (
      <p className="text-sm text-slate-600">
        <Trans>Nothing yet: no sale, subscription, request or payment.</Trans>
      </p>
    );
  }
  const word = (options: readonly { value: string; label: { id: string; message: string } }[], v: unknown) => {
    const found = options.find((o) => o.value === v);
    return found ? i18n._(found.label) : '';
  };
  return (
    <ol className="relative flex flex-col gap-3 border-s-2 border-slate-200 ps-4">
      {events.map((e) => {
        const when = e.at ? formatDate(e.at) : '';
        const r = e.row;
        const stage = word(stageOptions, r.stage);
        const status = word(requestStatuses, r.status);
        const module = modules?.get(String(r.moduleId)) ?? '…';
        const subject = String(r.subject ?? '');
        return (
          <li key={`${e.kind}-${r.id}`} className="text-sm">
            <p className="text-xs text-slate-500">{when}</p>
            {e.kind === 'sale' && (
              <Link href={withQuery(nm.sales, { id: r.id })} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                <Trans>
                  Sale ({stage}): <Amount value={typeof r.total === 'number' ? r.total : 0} />
                </Trans>
              </Link>
            )}
            {e.kind === 'subscription' && (
              <p>{r.status === 'active' ? <Trans>Subscribed to {module}</Trans> : <Trans>Subscription to {module} stopped</Trans>}</p>
            )}
            {e.kind === 'request' && (
              <Link href={withQuery(nm.request, { id: r.id })} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                <Trans>
                  Support request “{subject}” ({status})
                </Trans>
              </Link>
            )}
            {e.kind === 'payment' && (
              <p>
                <Trans>
                  Paid <Amount value={toRials(r.amount) ?? 0} />
                </Trans>
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
