/**
 * The official sales invoice on paper (issue 27; the tax organisation's «صورتحساب فروش کالا و
 * خدمات»): the seller's and the buyer's blocks, the lines with the form's columns, the totals and
 * the total in words, the tax id once registered, the settlement terms and the two signatures.
 * What the panel does not know prints as an empty cell, never a guess. Figures in the panel's unit
 * (decision 027), in the locale's digits; codes in LTR islands.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Line } from '@/contract/entity.ts';
import { normalizeQuantity } from '@/contract/quantity.ts';
import { toRials } from '@/contract/money.ts';
import { formatDate, formatQuantity } from '@/i18n/format.ts';
import { Ltr, type LocalRow, type PrintMoney } from '@/moduleKit.ts';
import { taxStatuses, type InvoiceKind } from '../../entities/invoices.ts';
import { chequesTotal, readCheques } from '../../rules/invoiceCheques.ts';
import { invoiceTotals } from '../../rules/invoiceMath.ts';

/** Who a block names: the seller (settings and panel details) or the buyer (the party). */
export interface InvoiceParty {
  name: string;
  economicCode: string;
  nationalId: string;
  postalCode: string;
  address: string;
  phone: string;
}

export type OfficialPaper = 'A4' | 'A5';

const cell = 'border border-slate-700 px-1 py-0.5';

function Code({ value }: { value: string }) {
  return value ? <Ltr>{value}</Ltr> : null;
}

function PartyBlock({ title, party }: { title: ReactNode; party: InvoiceParty }) {
  return (
    <section className="mt-1.5 break-inside-avoid border border-slate-700">
      <h2 className="bg-slate-200 px-2 py-0.5 text-center font-bold">{title}</h2>
      <dl className="grid grid-cols-[auto_2fr_auto_1fr_auto_1fr] gap-x-2 gap-y-0.5 px-2 py-1">
        <dt className="font-semibold">
          <Trans>Name (person or company):</Trans>
        </dt>
        <dd>{party.name}</dd>
        <dt className="font-semibold">
          <Trans>Economic code:</Trans>
        </dt>
        <dd>
          <Code value={party.economicCode} />
        </dd>
        <dt className="font-semibold">
          <Trans>National ID:</Trans>
        </dt>
        <dd>
          <Code value={party.nationalId} />
        </dd>
        <dt className="font-semibold">
          <Trans>Address:</Trans>
        </dt>
        <dd>{party.address}</dd>
        <dt className="font-semibold">
          <Trans>Postal code:</Trans>
        </dt>
        <dd>
          <Code value={party.postalCode} />
        </dd>
        <dt className="font-semibold">
          <Trans>Phone:</Trans>
        </dt>
        <dd>
          <Code value={party.phone} />
        </dd>
      </dl>
    </section>
  );
}

/** How the invoice is settled: each part paid now (cheques among them), and the rest on credit with its due date. */
function Settlement({ row, total, money }: { row: LocalRow; total: bigint; money: PrintMoney }) {
  const { t } = useLingui();
  const paid = (v: unknown) => toRials(v ?? 0) ?? 0n;
  const cash = paid(row.cashAmount);
  const card = paid(row.cardAmount);
  const transfer = paid(row.transferAmount);
  const cheques = chequesTotal(readCheques(row.cheques) ?? []);
  const credit = total - cash - card - transfer - cheques;
  const parts: string[] = [];
  const amount = (rials: bigint, words: (sum: string) => string) => rials > 0n && parts.push(words(money.text(rials)));
  amount(cash, (sum) => t`cash ${sum}`);
  amount(card, (sum) => t`card ${sum}`);
  amount(transfer, (sum) => t`transfer ${sum}`);
  amount(cheques, (sum) => t`cheques ${sum}`);
  const due = typeof row.dueDate === 'string' ? formatDate(row.dueDate) : null;
  amount(credit, (sum) => (due ? t`on credit ${sum}, due ${due}` : t`on credit ${sum}`));
  const terms = parts.join(t`; `);
  return (
    <p>
      <span className="font-semibold">
        <Trans>Terms of sale:</Trans>
      </span>{' '}
      {credit > 0n ? <Trans>on credit</Trans> : <Trans>cash (settled)</Trans>}
      {terms && <> — {terms}</>}
    </p>
  );
}

export function OfficialInvoice({
  row,
  seller,
  buyer,
  money,
  paper,
}: {
  row: LocalRow;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  money: PrintMoney;
  paper: OfficialPaper;
}) {
  const { t, i18n } = useLingui();
  const lines = (row.lines as Line[] | undefined) ?? [];
  const figures = invoiceTotals(lines, row.discount);
  const returned = (row.kind as InvoiceKind) === 'saleReturn';
  const number = typeof row.number === 'string' ? row.number : null;
  const date = typeof row.date === 'string' ? formatDate(row.date) : '';
  const status = taxStatuses.find((s) => s.value === row.taxStatus);
  const quantity = (q: unknown) => formatQuantity(normalizeQuantity(q) ?? String(q ?? ''));
  const unit = money.unit;
  const heads = [
    t`Row`,
    t`Product code`,
    t`Description of goods or services`,
    t`Quantity`,
    t`Unit`,
    t`Unit price (${unit})`,
    t`Amount (${unit})`,
    t`Discount (${unit})`,
    t`Amount after discount (${unit})`,
    t`VAT and duties (${unit})`,
    t`Total (${unit})`,
  ];
  return (
    <article
      data-official-invoice={paper}
      className="bg-white text-slate-900"
      style={{ fontSize: paper === 'A4' ? '8.5pt' : '6.2pt', lineHeight: 1.35 }}
    >
      <header className="grid grid-cols-[1fr_auto_1fr] items-start gap-2">
        <div />
        <h1 className="text-center text-[1.5em] font-bold">
          {returned ? <Trans>Sales return invoice of goods and services</Trans> : <Trans>Sales invoice of goods and services</Trans>}
        </h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 justify-self-end">
          <dt className="font-semibold">
            <Trans>Serial no.:</Trans>
          </dt>
          <dd>{number ? <Ltr>{number}</Ltr> : <Trans>Draft: not yet numbered</Trans>}</dd>
          <dt className="font-semibold">
            <Trans>Date:</Trans>
          </dt>
          <dd>{date}</dd>
          <dt className="font-semibold">
            <Trans>Tax id:</Trans>
          </dt>
          <dd>
            {typeof row.taxId === 'string' && row.taxId ? <Ltr>{row.taxId}</Ltr> : null}
            {status && <> ({i18n._(status.label)})</>}
          </dd>
        </dl>
      </header>
      <PartyBlock title={<Trans>Seller details</Trans>} party={seller} />
      <PartyBlock title={<Trans>Buyer details</Trans>} party={buyer} />
      <table className="mt-1.5 w-full border-collapse text-center">
        <caption className="border border-b-0 border-slate-700 bg-slate-200 py-0.5 font-bold">
          <Trans>Goods or services traded</Trans>
        </caption>
        <thead>
          <tr>
            {heads.map((h, i) => (
              <th key={h} scope="col" className={`${cell} bg-slate-100 font-semibold ${i === 2 ? 'w-[22%]' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const f = figures.lines[i]!;
            return (
              <tr key={line.id} className="break-inside-avoid">
                <td className={cell}>{formatQuantity(String(i + 1))}</td>
                <td className={cell}>
                  <Code value={typeof line.code === 'string' ? line.code : ''} />
                </td>
                <td className={`${cell} text-start`}>{String(line.description ?? '')}</td>
                <td className={cell}>{quantity(line.quantity)}</td>
                <td className={cell}>{typeof line.unit === 'string' ? line.unit : ''}</td>
                <td className={cell}>{money.number(line.unitPrice)}</td>
                <td className={cell}>{money.number(f.amount)}</td>
                <td className={cell}>{money.number(f.discount)}</td>
                <td className={cell}>{money.number(f.net)}</td>
                <td className={cell}>{money.number(f.vat + f.duty)}</td>
                <td className={cell}>{money.number(f.total)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="font-bold">
          <tr>
            <th scope="row" colSpan={6} className={`${cell} text-start`}>
              <Trans>Totals</Trans>
            </th>
            <td className={cell}>{money.number(figures.amount)}</td>
            <td className={cell}>{money.number(figures.discount)}</td>
            <td className={cell}>{money.number(figures.net)}</td>
            <td className={cell}>{money.number(figures.vat + figures.duty)}</td>
            <td className={cell} data-testid="official-total">
              {money.number(figures.total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="mt-1.5 break-inside-avoid border border-slate-700 px-2 py-1">
        <p>
          <span className="font-semibold">
            <Trans>Total in words:</Trans>
          </span>{' '}
          {money.words(figures.total)}
        </p>
        <Settlement row={row} total={figures.total} money={money} />
        {typeof row.note === 'string' && row.note && (
          <p>
            <span className="font-semibold">
              <Trans>Note:</Trans>
            </span>{' '}
            {row.note}
          </p>
        )}
      </div>
      <div className="mt-1.5 grid break-inside-avoid grid-cols-2 gap-2">
        <p className="h-[5em] border border-slate-700 p-1 font-semibold">
          <Trans>Seller’s stamp and signature</Trans>
        </p>
        <p className="h-[5em] border border-slate-700 p-1 font-semibold">
          <Trans>Buyer’s stamp and signature</Trans>
        </p>
      </div>
    </article>
  );
}
