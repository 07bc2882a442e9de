/**
 * Invoices (decision 043): the list, the form — kind, party, lines of products or services with
 * their price filled from the product (its sale price on a sale, its purchase price on a purchase),
 * discounts, VAT and duties, and how it is settled — and the document's page with print (the
 * platform's, and the official form: OfficialPrint.tsx). A return is started from its invoice's
 * page with the invoice's lines and what is still returnable of each (rules/returnable.ts). The
 * figures are worked out as typed by the same rule the server posts with (rules/invoiceMath.ts).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearch } from 'wouter';
import { asDocument, permission, type Line } from '@/contract/entity.ts';
import { formatNumber } from '@/i18n/format.ts';
import { numberInWords } from '@/i18n/numberWords.ts';
import type { Locale } from '@/i18n/locale.ts';
import {
  Alert,
  buttonClasses,
  type DocumentValues,
  type LineValues,
  type LocalRow,
  Loading,
  Ltr,
  newId,
  PlusIcon,
  useCanAccess,
  useMoney,
  usePanelData,
  usePriceFill,
  useTableRows,
  type WidgetProps,
} from '@/moduleKit.ts';
import { Invoice, type InvoiceKind } from '../../entities/invoices.ts';
import { invoiceTotals } from '../../rules/invoiceMath.ts';
import { returnLines } from '../../rules/returnable.ts';
import { DocumentDetailsPage, DocumentFormPage, DocumentListPage } from '../parts/DocumentPages.tsx';
import { TaxRefusal } from '../parts/TaxRefusal.tsx';
import { InvoiceChequesEditor, InvoiceSettlement } from '../parts/InvoiceCheques.tsx';
import { acc, withQuery } from '../paths.ts';
import { tehranToday } from '../today.ts';

const invoiceDocument = asDocument(Invoice);
const kinds: readonly InvoiceKind[] = ['sale', 'purchase', 'saleReturn', 'purchaseReturn'];
const buying = (kind: unknown) => kind === 'purchase' || kind === 'saleReturn';

function NewButtons() {
  const can = useCanAccess();
  if (!can(permission(Invoice, 'create'))) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Link href={withQuery(acc.addInvoice, { kind: 'sale' })} className={buttonClasses('primary')}>
        <PlusIcon />
        <Trans>New sales invoice</Trans>
      </Link>
      <Link href={withQuery(acc.addInvoice, { kind: 'purchase' })} className={buttonClasses('secondary')}>
        <PlusIcon />
        <Trans>New purchase invoice</Trans>
      </Link>
    </div>
  );
}

export function InvoiceList() {
  const { t } = useLingui();
  return (
    <DocumentListPage
      entity={invoiceDocument}
      title={t`Invoices`}
      description={
        <Trans>
          Sales and purchase invoices of goods and services and their returns. Submitting one moves its goods in or out of stock and posts
          it to the books in one step.
        </Trans>
      }
      actions={<NewButtons />}
      details={acc.invoiceDetails}
    />
  );
}

/** The invoice's figures as the server will post them, and the total in words. */
function Totals({ lines, discount }: { lines: readonly (Line | LineValues)[]; discount: unknown }) {
  const money = useMoney();
  const { i18n } = useLingui();
  const figures = invoiceTotals(lines as readonly Record<string, unknown>[], discount);
  const amount = money.text(figures.amount);
  const off = money.text(figures.discount);
  const net = money.text(figures.net);
  const tax = money.text(figures.vat + figures.duty);
  const total = money.text(figures.total);
  const words = numberInWords(figures.total, i18n.locale as Locale);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm text-slate-900 ring-1 ring-slate-200">
      <dt>
        <Trans>Amount</Trans>
      </dt>
      <dd className="text-end tabular-nums">{amount}</dd>
      <dt>
        <Trans>Discounts</Trans>
      </dt>
      <dd className="text-end tabular-nums">{off}</dd>
      <dt>
        <Trans>After discounts</Trans>
      </dt>
      <dd className="text-end tabular-nums">{net}</dd>
      <dt>
        <Trans>VAT and duties</Trans>
      </dt>
      <dd className="text-end tabular-nums">{tax}</dd>
      <dt className="font-semibold">
        <Trans>Total</Trans>
      </dt>
      <dd className="text-end font-semibold tabular-nums" data-testid="invoice-total">
        {total}
      </dd>
      <dd className="col-span-2 text-xs text-slate-600">
        <Trans>In words: {words} rials</Trans>
      </dd>
    </dl>
  );
}

/** The lines and figures a new invoice's form starts from: none, or a return's, copied from its invoice. */
interface Start {
  kind: InvoiceKind;
  defaults: Record<string, unknown>;
  lines?: Line[];
}

export function AddInvoice() {
  const asked = new URLSearchParams(useSearch());
  const returnOf = asked.get('returnOf');
  const kind: InvoiceKind = kinds.includes(asked.get('kind') as InvoiceKind) ? (asked.get('kind') as InvoiceKind) : 'sale';
  if (returnOf) return <ReturnOfInvoice id={returnOf} />;
  return <InvoiceForm start={{ kind, defaults: { kind, date: tehranToday() } }} />;
}

/** A return of a submitted invoice: its party and settlement accounts, and each line with what is still returnable. */
function ReturnOfInvoice({ id }: { id: string }) {
  const { t } = useLingui();
  const panel = usePanelData();
  const [invoices] = useTableRows(panel?.db, [Invoice]);
  if (!invoices) return <Loading />;
  const invoice = invoices.find((r) => r.id === id && !r.deleted);
  const kind = invoice?.kind === 'sale' ? 'saleReturn' : invoice?.kind === 'purchase' ? 'purchaseReturn' : null;
  if (!invoice || !kind || invoice.status !== 'submitted')
    return <Alert tone="warning">{t`Only a submitted sales or purchase invoice can be returned.`}</Alert>;
  const lines = returnLines(invoice, invoices, newId);
  if (!lines.length) return <Alert tone="info">{t`Everything on this invoice has already been returned.`}</Alert>;
  const defaults = {
    kind,
    date: tehranToday(),
    returnOf: invoice.id,
    partyId: invoice.partyId ?? null,
    cashBoxId: invoice.cashBoxId ?? null,
    bankAccountId: invoice.bankAccountId ?? null,
  };
  return <InvoiceForm start={{ kind, defaults, lines }} />;
}

function InvoiceForm({ start }: { start: Start }) {
  const { t } = useLingui();
  const spec = invoiceDocument.document;
  // The product picked fills its name, code, unit, price (sale or purchase), VAT and duties on the line.
  const fills = [
    usePriceFill(spec, { item: 'productId', price: 'unitPrice', from: 'salePrice', when: (h) => !buying(h.kind) }),
    usePriceFill(spec, { item: 'productId', price: 'unitPrice', from: 'purchasePrice', when: (h) => buying(h.kind) }),
    usePriceFill(spec, { item: 'productId', price: 'description', from: 'name' }),
    usePriceFill(spec, { item: 'productId', price: 'code', from: 'code' }),
    usePriceFill(spec, { item: 'productId', price: 'unit', from: 'unit' }),
    // The product's own VAT and duties (an exempt product: 0); a product without them takes 10 % below.
    usePriceFill(spec, { item: 'productId', price: 'vatRate', from: 'vatRate' }),
    usePriceFill(spec, { item: 'productId', price: 'dutyRate', from: 'dutyRate' }),
  ];
  const titles: Record<InvoiceKind, string> = {
    sale: t`New sales invoice`,
    purchase: t`New purchase invoice`,
    saleReturn: t`New sales return`,
    purchaseReturn: t`New purchase return`,
  };
  return (
    <DocumentFormPage
      entity={invoiceDocument}
      title={titles[start.kind]}
      list={acc.invoices}
      details={acc.invoiceDetails}
      defaults={start.defaults}
      defaultLines={start.lines}
      lineWidgets={{ returnOfLine: ReturnedLine }}
      fillLine={(line, before, header) => {
        const filled = fills.reduce((l, fill) => fill(l, before, header), line);
        // 10 % once the line is something (a product or words): the spare empty line stays empty, so it is left out.
        const started = Boolean(filled.productId) || Boolean(filled.description);
        return started && (filled.vatRate === undefined || filled.vatRate === '') ? { ...filled, vatRate: '10' } : filled;
      }}
      headerPart={{
        fields: ['cheques'],
        render: (header, change, problems) => <InvoiceChequesEditor header={header} change={change} problems={problems} />,
      }}
      summary={(values: DocumentValues) => <Totals lines={values.lines} discount={values.header.discount} />}
    />
  );
}

/** Which line of the invoice a return line takes back, by its number there, instead of the line's id. */
function ReturnedLine({ label, value, context }: WidgetProps) {
  const panel = usePanelData();
  const [invoices] = useTableRows(panel?.db, [Invoice]);
  const invoice = invoices?.find((r) => r.id === context?.returnOf);
  const at = ((invoice?.lines as Line[] | undefined) ?? []).findIndex((l) => l.id === value);
  const line = formatNumber(at + 1);
  const number = typeof invoice?.number === 'string' ? invoice.number : '';
  // Only a return's lines name a line of another invoice; on a sale or purchase there is nothing to say.
  if (!context?.returnOf) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-slate-800">{label}</span>
      <span className="text-sm text-slate-700">
        {at >= 0 ? (
          <Trans>
            Line {line} of <Ltr>{number}</Ltr>
          </Trans>
        ) : (
          <Trans>None</Trans>
        )}
      </span>
    </div>
  );
}

/** On a submitted sales or purchase invoice with something left to return: the way to a return of it. */
function ReturnLink({ row }: { row: LocalRow }) {
  const can = useCanAccess();
  const panel = usePanelData();
  const [invoices] = useTableRows(panel?.db, [Invoice]);
  const returnable = (row.kind === 'sale' || row.kind === 'purchase') && row.status === 'submitted';
  if (!returnable || !invoices || !can(permission(Invoice, 'create')) || !returnLines(row, invoices, () => '').length) return null;
  return (
    <div className="flex justify-end">
      <Link href={withQuery(acc.addInvoice, { returnOf: row.id })} className={buttonClasses('secondary')}>
        {row.kind === 'sale' ? <Trans>Return goods of this sale</Trans> : <Trans>Return goods of this purchase</Trans>}
      </Link>
    </div>
  );
}

export function InvoiceDetails() {
  return (
    <DocumentDetailsPage
      entity={invoiceDocument}
      list={acc.invoices}
      listLabel={<Trans>All invoices</Trans>}
      form={acc.addInvoice}
      summary={(row: LocalRow) => <Totals lines={(row.lines as Line[] | undefined) ?? []} discount={row.discount} />}
      lead={(row) => (
        <>
          <TaxRefusal row={row} />
          <InvoiceSettlement row={row} />
          <ReturnLink row={row} />
        </>
      )}
      printLinks={(row) =>
        row.kind === 'sale' || row.kind === 'saleReturn'
          ? [
              {
                href: withQuery(acc.invoicePrint, { id: row.id }),
                name: <Trans>Official invoice</Trans>,
                measure: <Trans>The tax organisation’s form, A4 or A5 landscape</Trans>,
              },
            ]
          : []
      }
    />
  );
}
