/**
 * The cheques an invoice is settled by (rules/invoiceCheques.ts): in its form, each cheque's
 * serial, bank, due date (Jalali in Persian) and amount — received on a sale or a purchase return,
 * issued on a purchase or a sales return (drawn on the bank account chosen above) — and on its
 * page, the cheques and the receipt or payment its submit made ("Receipt RP-…").
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatDate, formatNumber } from '@/i18n/format.ts';
import {
  Alert,
  Button,
  DateField,
  fieldProblemMessage,
  type LocalRow,
  Ltr,
  MoneyField,
  newId,
  PlusIcon,
  TextField,
  TrashIcon,
  useMoney,
  usePanelData,
  useTableRows,
} from '@/moduleKit.ts';
import { Payment } from '../../entities/documents.ts';
import { Invoice } from '../../entities/invoices.ts';
import { readCheques, writeCheques, type ChequeDraft } from '../../rules/invoiceCheques.ts';
import { acc, withQuery } from '../paths.ts';

/** Money goes out on a purchase and a sales return: the cheques are ours, issued. */
const issues = (kind: unknown) => kind === 'purchase' || kind === 'saleReturn';
const chequeLine = Payment.document!.lines;

export interface InvoiceChequesEditorProps {
  header: Record<string, unknown>;
  change: (name: string, value: unknown) => void;
  problems: Readonly<Record<string, string>>;
}

export function InvoiceChequesEditor({ header, change, problems }: InvoiceChequesEditorProps) {
  const { t, i18n } = useLingui();
  const read = readCheques(header.cheques);
  const cheques = read ?? [];
  const set = (next: readonly ChequeDraft[]) => change('cheques', writeCheques(next));
  const update = (i: number, part: ChequeDraft) => set(cheques.map((c, at) => (at === i ? { ...c, ...part } : c)));
  const problem = (i: number, part: 'serial' | 'bank' | 'dueDate' | 'amount') => {
    const reason = problems[`cheques.${i}.${part}`];
    const field = { serial: chequeLine.chequeSerial, bank: chequeLine.chequeBank, dueDate: chequeLine.dueDate, amount: chequeLine.amount }[
      part
    ];
    return reason ? fieldProblemMessage(i18n, field!, reason) : undefined;
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-medium text-slate-800">
        {issues(header.kind) ? <Trans>Cheques issued</Trans> : <Trans>Cheques received</Trans>}
      </legend>
      <p className="text-xs text-slate-600">
        {issues(header.kind) ? (
          <Trans>Drawn on the bank account chosen above. They count as paid now.</Trans>
        ) : (
          <Trans>They go into the cheques in hand and count as paid now.</Trans>
        )}
      </p>
      {(read === null || problems.cheques) && (
        <Alert tone="warning">{t`These cheques could not be read. Remove them and add them again.`}</Alert>
      )}
      {cheques.map((c, i) => (
        <div
          key={c.id ?? i}
          role="group"
          aria-label={t`Cheque ${formatNumber(i + 1)}`}
          className="grid gap-3 border-t border-slate-200 pt-3 sm:grid-cols-2"
        >
          <TextField
            ltr
            label={i18n._(chequeLine.chequeSerial!.label)}
            value={c.serial ?? ''}
            onChange={(e) => update(i, { serial: e.target.value })}
            required
            error={problem(i, 'serial')}
          />
          <TextField
            label={i18n._(chequeLine.chequeBank!.label)}
            value={c.bank ?? ''}
            onChange={(e) => update(i, { bank: e.target.value })}
            error={problem(i, 'bank')}
          />
          <DateField
            label={i18n._(chequeLine.dueDate!.label)}
            value={c.dueDate ?? null}
            onChange={(iso) => update(i, { dueDate: iso })}
            required
            error={problem(i, 'dueDate')}
          />
          <MoneyField
            label={i18n._(chequeLine.amount!.label)}
            value={c.amount ?? ''}
            onChange={(rials) => update(i, { amount: rials })}
            required
            error={problem(i, 'amount')}
          />
          <div className="sm:col-span-2">
            <Button variant="secondary" onClick={() => set(cheques.filter((_, at) => at !== i))}>
              <TrashIcon />
              <Trans>Remove this cheque</Trans>
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button variant="secondary" onClick={() => set([...cheques, { id: newId(), serial: '', bank: '', dueDate: null, amount: '' }])}>
          <PlusIcon />
          <Trans>Add a cheque</Trans>
        </Button>
      </div>
    </fieldset>
  );
}

/** On the invoice's page: its cheques, and the receipt or payment its submit made, once pulled. */
export function InvoiceSettlement({ row }: { row: LocalRow }) {
  const money = useMoney();
  const panel = usePanelData();
  const [payments] = useTableRows(panel?.db, [Payment]);
  const cheques = readCheques(row.cheques) ?? [];
  const payment = payments?.find((p) => p.id === row.paymentId && !p.deleted);
  const number = typeof payment?.number === 'string' ? payment.number : null;
  if (!cheques.length && !number) return null;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-800">
      {cheques.length > 0 && (
        <ul className="flex flex-col gap-1">
          {cheques.map((c, i) => {
            const serial = c.serial ?? '';
            const due = c.dueDate ? formatDate(c.dueDate) : '';
            const amount = money.text(c.amount ?? 0);
            return (
              <li key={c.id ?? i}>
                <Trans>
                  Cheque <Ltr>{serial}</Ltr> of {amount}, due {due}
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
      {number && payment && (
        <Link href={withQuery(acc.paymentDetails, { id: payment.id })} className="font-medium text-sky-800 underline">
          {payment.direction === 'in' ? (
            <Trans>
              Receipt <Ltr>{number}</Ltr>
            </Trans>
          ) : (
            <Trans>
              Payment <Ltr>{number}</Ltr>
            </Trans>
          )}
        </Link>
      )}
    </div>
  );
}

/** On a receipt or payment made by an invoice: the way back to that invoice. */
export function SettledInvoice({ row }: { row: LocalRow }) {
  const panel = usePanelData();
  const [invoices] = useTableRows(panel?.db, [Invoice]);
  const invoice = row.invoiceId ? invoices?.find((r) => r.id === row.invoiceId) : undefined;
  const number = typeof invoice?.number === 'string' ? invoice.number : null;
  if (!invoice || !number) return null;
  return (
    <p className="text-sm text-slate-800">
      <Trans>
        Made by invoice{' '}
        <Link href={withQuery(acc.invoiceDetails, { id: invoice.id })} className="font-medium text-sky-800 underline">
          <Ltr>{number}</Ltr>
        </Link>
        , and cancelled only with it.
      </Trans>
    </p>
  );
}
