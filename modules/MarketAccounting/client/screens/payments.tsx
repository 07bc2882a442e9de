/**
 * Receipts and payments (دریافت و پرداخت): the list, the form — from or to whom, and a line per
 * way of paying (cash from a box, a transfer or card through a bank account, a cheque with its
 * serial and due date) — and the document's page with print.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import { toRials } from '@/contract/money.ts';
import { buttonClasses, type DocumentValues, type LineValues, type LocalRow, PlusIcon, useCanAccess, useMoney } from '@/moduleKit.ts';
import { Payment } from '../../entities/documents.ts';
import { DocumentDetailsPage, DocumentFormPage, DocumentListPage } from '../parts/DocumentPages.tsx';
import { SettledInvoice } from '../parts/InvoiceCheques.tsx';
import { acc, withQuery } from '../paths.ts';
import { tehranToday } from '../today.ts';

const paymentDocument = asDocument(Payment);

function NewButtons() {
  const can = useCanAccess();
  if (!can(permission(Payment, 'create'))) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Link href={withQuery(acc.addPayment, { direction: 'in' })} className={buttonClasses('primary')}>
        <PlusIcon />
        <Trans>New receipt</Trans>
      </Link>
      <Link href={withQuery(acc.addPayment, { direction: 'out' })} className={buttonClasses('secondary')}>
        <PlusIcon />
        <Trans>New payment</Trans>
      </Link>
    </div>
  );
}

export function PaymentList() {
  const { t } = useLingui();
  return (
    <DocumentListPage
      entity={paymentDocument}
      title={t`Receipts and payments`}
      description={
        <Trans>
          Money received from parties and paid to them, by cash, transfer, card or cheque. Submitting posts it to the party’s running
          account.
        </Trans>
      }
      actions={<NewButtons />}
      details={acc.paymentDetails}
    />
  );
}

/** A typed amount in exact rials (digits in either set, separators allowed); anything else counts as nothing. */
const whole = (value: unknown): bigint => {
  const n = toRials(value ?? '');
  return n !== null && n > 0n ? n : 0n;
};

function Total({ lines }: { lines: readonly (Line | LineValues)[] }) {
  const money = useMoney();
  const total = money.text(lines.reduce((s, l) => s + whole(l.amount), 0n));
  return (
    <p className="rounded-xl bg-slate-50 p-4 text-sm font-semibold text-slate-900 ring-1 ring-slate-200">
      <Trans>Total: {total}</Trans>
    </p>
  );
}

export function AddPayment() {
  const { t } = useLingui();
  const direction = new URLSearchParams(useSearch()).get('direction') === 'out' ? 'out' : 'in';
  return (
    <DocumentFormPage
      entity={paymentDocument}
      title={direction === 'in' ? t`New receipt` : t`New payment`}
      list={acc.payments}
      details={acc.paymentDetails}
      defaults={{ direction, date: tehranToday() }}
      summary={(values: DocumentValues) => <Total lines={values.lines} />}
    />
  );
}

export function PaymentDetails() {
  return (
    <DocumentDetailsPage
      entity={paymentDocument}
      list={acc.payments}
      listLabel={<Trans>All receipts and payments</Trans>}
      form={acc.addPayment}
      summary={(row: LocalRow) => <Total lines={(row.lines as Line[] | undefined) ?? []} />}
      lead={(row) => <SettledInvoice row={row} />}
    />
  );
}
