/**
 * Vouchers (سند): the list, the form whose lines are debits and credits (its totals say whether it
 * balances before anyone submits it), and the voucher's page with print.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import { toRials } from '@/contract/money.ts';
import { buttonClasses, type DocumentValues, type LineValues, type LocalRow, PlusIcon, useCanAccess, useMoney } from '@/moduleKit.ts';
import { Voucher } from '../../entities/documents.ts';
import { DocumentDetailsPage, DocumentFormPage, DocumentListPage } from '../parts/DocumentPages.tsx';
import { acc } from '../paths.ts';
import { tehranToday } from '../today.ts';

const voucherDocument = asDocument(Voucher);

function NewVoucher() {
  const can = useCanAccess();
  if (!can(permission(Voucher, 'create'))) return null;
  return (
    <Link href={acc.addVoucher} className={buttonClasses('primary')}>
      <PlusIcon />
      <Trans>New voucher</Trans>
    </Link>
  );
}

export function VoucherList() {
  const { t } = useLingui();
  return (
    <DocumentListPage
      entity={voucherDocument}
      title={t`Vouchers`}
      description={<Trans>Journal vouchers typed by hand. Receipts, payments, cheques and the other modules post their own.</Trans>}
      actions={<NewVoucher />}
      details={acc.voucherDetails}
    />
  );
}

/** A typed amount in exact rials (digits in either set, separators allowed); anything else counts as nothing. */
const whole = (value: unknown): bigint => {
  const n = toRials(value ?? '');
  return n !== null && n > 0n ? n : 0n;
};

/** Debits, credits and the difference of a voucher's lines. */
function Totals({ lines }: { lines: readonly (Line | LineValues)[] }) {
  const money = useMoney();
  const debit = lines.reduce((s, l) => s + whole(l.debit), 0n);
  const credit = lines.reduce((s, l) => s + whole(l.credit), 0n);
  const difference = debit - credit;
  const balanced = difference === 0n && debit > 0n;
  const off = money.text(difference < 0n ? -difference : difference);
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-4 text-sm ring-1 ring-slate-200 sm:grid-cols-3">
      <div>
        <dt className="text-xs text-slate-600">
          <Trans>Debits</Trans>
        </dt>
        <dd className="font-semibold text-slate-900">{money.text(debit)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-600">
          <Trans>Credits</Trans>
        </dt>
        <dd className="font-semibold text-slate-900">{money.text(credit)}</dd>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <dt className="text-xs text-slate-600">
          <Trans>Balance</Trans>
        </dt>
        <dd className={balanced ? 'font-semibold text-emerald-700' : 'font-semibold text-amber-700'}>
          {/* The status is the value, inside its dd: a dl holds only its terms and values. */}
          <span role="status">{balanced ? <Trans>Balanced</Trans> : <Trans>Off by {off}</Trans>}</span>
        </dd>
      </div>
    </dl>
  );
}

export function AddVoucher() {
  const { t } = useLingui();
  return (
    <DocumentFormPage
      entity={voucherDocument}
      title={t`New voucher`}
      list={acc.vouchers}
      details={acc.voucherDetails}
      defaults={{ date: tehranToday() }}
      summary={(values: DocumentValues) => <Totals lines={values.lines} />}
    />
  );
}

export function VoucherDetails() {
  return (
    <DocumentDetailsPage
      entity={voucherDocument}
      list={acc.vouchers}
      listLabel={<Trans>All vouchers</Trans>}
      form={acc.addVoucher}
      summary={(row: LocalRow) => <Totals lines={(row.lines as Line[] | undefined) ?? []} />}
    />
  );
}
