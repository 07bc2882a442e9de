/**
 * Invoices (decision 043): submitting one posts its books — and, with warehousing enabled, moves
 * its goods through warehousing's typed command (`postGoods`) — in one step, in the submit's
 * transaction; cancelling posts the exact reverse of both. What the journal says is a function of
 * the invoice and the values its stock moves took (`invoiceEntries`), which the books audit
 * recomputes independently.
 *
 * - Sale: the party's receivable (total) against revenue (net) and VAT payable (VAT and duties);
 *   the goods out at their average cost: cost of goods sold against inventory.
 * - Purchase: goods moved in at their net amount to inventory, other lines (services, or goods
 *   while warehousing is off) to purchases; VAT and duties receivable; the party's payable (total).
 * - Sales return: the sale reversed (sales returns, VAT, receivable), the goods back in at the cost
 *   they left at (in proportion to the quantity returned).
 * - Purchase return: the purchase reversed; the goods leave at the average cost, the difference
 *   against what was paid for them goes to the cost of goods sold.
 * - The settled part (cash, card, transfer, cheques received or issued) makes a receipt (a sale,
 *   a purchase return) or a payment (a purchase, a sales return) — a Payment document against the
 *   party's account — made and submitted in the same step (server/entities/madeDocuments.ts), its
 *   id in `paymentId`;
 *   cancelling the invoice cancels it. A walk-in customer (no party) must settle in full and is
 *   posted as the panel's walk-in party. An invoice submitted before that (no `paymentId`) posted
 *   its settled part in its own journal, and the audit still recomputes it so.
 * - A return names its invoice, and each of its lines the invoice line it takes back; it never
 *   takes back more than the line had less earlier returns (9106, reason `moreThanInvoiced`).
 */
import { Code } from '../../../src/contract/codes.ts';
import type { Line, Row, WriteFieldReason } from '../../../src/contract/entity.ts';
import { rials, wireRials } from '../../../src/contract/money.ts';
import { addQuantities, compareQuantities, normalizeQuantity, toThousandths, ZERO } from '../../../src/contract/quantity.ts';
import {
  appendLedger,
  cancelMadeDocument,
  findRow,
  RuleRejection,
  selectRows,
  setServerFields,
  stableId,
  submitMadeDocument,
  type EntityHooks,
  type WriteContext,
} from '../../../server/moduleApi.ts';
import { goodsValuesOf, postGoods, reverseGoods, type GoodsLine, type GoodsValues } from '../../WarehousingMVM/server/exports.ts';
import { Party } from '../entities/books.ts';
import { Payment } from '../entities/documents.ts';
import { Invoice, type InvoiceKind } from '../entities/invoices.ts';
import { checkCheques, chequesTotal, readCheques, type InvoiceCheque } from '../rules/invoiceCheques.ts';
import { invoiceTotals } from '../rules/invoiceMath.ts';
import { returnedByLine } from '../rules/returnable.ts';
import { roleAccount } from './books.ts';
import { postJournal, reverseJournal, type Entry } from './journal.ts';
import { queueInvoiceForTax } from './taxSystem/invoiceTax.ts';

/** The party a walk-in customer's sales are posted to, the same id in every panel. */
export const WALK_IN_PARTY_ID = stableId('MarketAccounting/Party', 'walk-in');

const isReturn = (kind: InvoiceKind) => kind === 'saleReturn' || kind === 'purchaseReturn';
/** Goods go out on a sale and a purchase return, in on a purchase and a sales return. */
const goodsDirection = (kind: InvoiceKind): 'in' | 'out' => (kind === 'sale' || kind === 'purchaseReturn' ? 'out' : 'in');
/** Money comes in on a sale and a purchase return. */
const moneyIn = (kind: InvoiceKind) => kind === 'sale' || kind === 'purchaseReturn';

const source = (doc: Row) => ({ type: Invoice.key, id: doc.id, number: (doc.number as string | null) ?? null });
const money = (v: unknown) => (v === null || v === undefined || v === '' ? 0n : rials(v));

/** A debit of `amount` (a credit when negative). */
const dr = (accountId: string, amount: bigint, extra: Partial<Entry> = {}): Entry =>
  amount >= 0n ? { accountId, debit: amount, credit: 0n, ...extra } : { accountId, debit: 0n, credit: -amount, ...extra };
const cr = (accountId: string, amount: bigint, extra: Partial<Entry> = {}) => dr(accountId, -amount, extra);

/** What was settled on the invoice now: cash, card, transfer and its cheques (unreadable cheques count nothing; the submit refuses them). */
export const settledOf = (doc: Row) =>
  money(doc.cashAmount) + money(doc.cardAmount) + money(doc.transferAmount) + chequesTotal(readCheques(doc.cheques) ?? []);

/** The receipt or payment an invoice's submit makes: the same id wherever and however often the submit is replayed. */
export const settlementIdOf = (invoiceId: string) => stableId('MarketAccounting/Payment', 'invoice', invoiceId);

/**
 * What an invoice posts, from the invoice and the values its lines' stock moves took (a line
 * without a move is not goods kept in stock). Shared by the submit and the books audit.
 */
export function invoiceEntries(doc: Row, values: GoodsValues): Entry[] {
  const kind = doc.kind as InvoiceKind;
  const lines = (doc.lines as Line[]) ?? [];
  const figures = invoiceTotals(lines, doc.discount);
  const partyId = (doc.partyId as string | null) || WALK_IN_PARTY_ID;
  const tax = figures.vat + figures.duty;
  const moved = lines.map((l) => values.get(l.id));
  const stockValue = moved.reduce<bigint>((s, v) => s + (v ?? 0n), 0n);
  const netOf = (pick: (v: bigint | undefined) => boolean) => figures.lines.reduce((s, f, i) => (pick(moved[i]) ? s + f.net : s), 0n);
  const goodsNet = netOf((v) => v !== undefined);
  const otherNet = netOf((v) => v === undefined);
  const entries: Entry[] = [];
  switch (kind) {
    case 'sale':
      entries.push(
        dr(roleAccount('receivable'), figures.total, { partyId, origin: 'lines' }),
        cr(roleAccount('revenue'), figures.net, { origin: 'lines' }),
        cr(roleAccount('vatPayable'), tax, { origin: 'lines' }),
        dr(roleAccount('costOfSales'), -stockValue),
        cr(roleAccount('inventory'), -stockValue),
      );
      break;
    case 'saleReturn':
      entries.push(
        dr(roleAccount('salesReturns'), figures.net, { origin: 'lines' }),
        dr(roleAccount('vatPayable'), tax, { origin: 'lines' }),
        cr(roleAccount('receivable'), figures.total, { partyId, origin: 'lines' }),
        dr(roleAccount('inventory'), stockValue),
        cr(roleAccount('costOfSales'), stockValue),
      );
      break;
    case 'purchase':
      entries.push(
        dr(roleAccount('inventory'), stockValue, { origin: 'lines' }),
        dr(roleAccount('purchases'), otherNet, { origin: 'lines' }),
        dr(roleAccount('vatReceivable'), tax, { origin: 'lines' }),
        cr(roleAccount('payable'), figures.total, { partyId, origin: 'lines' }),
      );
      break;
    case 'purchaseReturn':
      entries.push(
        dr(roleAccount('payable'), figures.total, { partyId, origin: 'lines' }),
        cr(roleAccount('vatReceivable'), tax, { origin: 'lines' }),
        cr(roleAccount('inventory'), -stockValue),
        cr(roleAccount('costOfSales'), goodsNet + stockValue),
        cr(roleAccount('purchases'), otherNet, { origin: 'lines' }),
      );
      break;
  }
  // Settled by its own receipt or payment; before those existed, in this posting.
  if (doc.paymentId) return entries;
  const incoming = moneyIn(kind);
  const partyAccount = roleAccount(kind === 'sale' || kind === 'saleReturn' ? 'receivable' : 'payable');
  const sign = incoming ? 1n : -1n;
  const cash = money(doc.cashAmount);
  const bank = money(doc.cardAmount) + money(doc.transferAmount);
  if (cash) entries.push(dr(roleAccount('cash'), sign * cash, { cashBoxId: String(doc.cashBoxId), origin: 'cashAmount' }));
  if (bank) entries.push(dr(roleAccount('bank'), sign * bank, { bankAccountId: String(doc.bankAccountId), origin: 'cardAmount' }));
  if (cash + bank) entries.push(cr(partyAccount, sign * (cash + bank), { partyId, origin: 'cashAmount' }));
  return entries;
}

function refuse(fields: Record<string, WriteFieldReason>, code: number = Code.BadRequest, detail?: unknown): never {
  throw new RuleRejection(code, fields, detail === undefined ? {} : { detail });
}

/** The walk-in party, made on first use. */
async function walkInParty(ctx: WriteContext): Promise<void> {
  if (await findRow(ctx.tx, Party, ctx.access.id, WALK_IN_PARTY_ID)) return;
  const name = ctx.lang === 'en' ? 'Walk-in customer' : 'مشتری گذری';
  await appendLedger(ctx, Party, [{ id: WALK_IN_PARTY_ID, values: { name, mobile: null, nationalId: null, note: null, source: null } }]);
}

/** The returns of `invoiceId` submitted so far, other than `exceptId`. */
export async function returnsOf(ctx: WriteContext, invoiceId: string, exceptId?: string): Promise<Row[]> {
  return selectRows(ctx.tx, Invoice, ctx.access.id, (params) => {
    params.push(invoiceId, exceptId ?? invoiceId);
    return `return_of = $${params.length - 1} AND id <> $${params.length} AND status = 'submitted'`;
  });
}

async function checkReturn(ctx: WriteContext, doc: Row): Promise<Row> {
  const kind = doc.kind as InvoiceKind;
  if (!doc.returnOf) refuse({ returnOf: 'required' });
  const original = await findRow(ctx.tx, Invoice, ctx.access.id, String(doc.returnOf));
  const wanted = kind === 'saleReturn' ? 'sale' : 'purchase';
  if (!original || original.deleted) refuse({ returnOf: 'reference' }, Code.IdNotRegistered);
  if (original.kind !== wanted || original.status !== 'submitted' || (original.partyId ?? null) !== (doc.partyId ?? null))
    refuse({ returnOf: 'option' }, Code.NotPossibleNow, { reason: 'notReturnable' });
  const byId = new Map(((original.lines as Line[]) ?? []).map((l) => [l.id, l]));
  const returned = returnedByLine(await returnsOf(ctx, original.id, doc.id));
  const lines = doc.lines as Line[];
  const fields: Record<string, WriteFieldReason> = {};
  const over: { line: number; invoiced: string; returned: string; asked: string }[] = [];
  const asked = new Map<string, string>();
  lines.forEach((l, i) => {
    const of = byId.get(String(l.returnOfLine ?? ''));
    if (!of || (of.productId ?? null) !== (l.productId ?? null)) {
      fields[`lines.${i}.returnOfLine`] = 'reference';
      return;
    }
    asked.set(of.id, addQuantities(asked.get(of.id) ?? ZERO, l.quantity));
    const before = returned.get(of.id) ?? ZERO;
    if (compareQuantities(addQuantities(before, asked.get(of.id)!), of.quantity) > 0) {
      fields[`lines.${i}.quantity`] = 'range';
      over.push({ line: i, invoiced: String(of.quantity), returned: before, asked: normalizeQuantity(l.quantity) ?? String(l.quantity) });
    }
  });
  if (over.length) refuse(fields, Code.NotPossibleNow, { reason: 'moreThanInvoiced', lines: over });
  if (Object.keys(fields).length) refuse(fields, Code.IdNotRegistered);
  return original;
}

/** The goods lines to move, with warehousing on: every line of a product, from or to its warehouse. */
async function goodsLines(ctx: WriteContext, doc: Row, original: Row | null): Promise<GoodsLine[]> {
  const kind = doc.kind as InvoiceKind;
  const lines = doc.lines as Line[];
  const figures = invoiceTotals(lines, doc.discount);
  const fields: Record<string, WriteFieldReason> = {};
  let originalValues: GoodsValues = new Map();
  const originalLines = new Map(((original?.lines as Line[]) ?? []).map((l) => [l.id, l]));
  if (kind === 'saleReturn' && original) {
    const found = await goodsValuesOf(ctx.tx, ctx.access.id, [{ id: original.id, lineIds: [...originalLines.keys()] }]);
    originalValues = found.get(original.id) ?? new Map();
  }
  const out: GoodsLine[] = [];
  lines.forEach((l, i) => {
    if (!l.productId) return;
    const of = originalLines.get(String(l.returnOfLine ?? ''));
    // A return of a line that moved no goods (warehousing was off then) moves none either.
    if (kind === 'saleReturn' && of && !originalValues.has(of.id)) return;
    const warehouseId = (l.warehouseId as string | null) ?? (of?.warehouseId as string | null) ?? null;
    if (!warehouseId) {
      fields[`lines.${i}.warehouseId`] = 'required';
      return;
    }
    let value = figures.lines[i]!.net;
    if (kind === 'saleReturn' && of) {
      // Back in at the cost it left at, for the quantity returned (half away from zero).
      const left = -originalValues.get(of.id)!;
      const q = toThousandths(l.quantity)!;
      const whole = toThousandths(of.quantity)!;
      value = (left * q * 2n + whole) / (whole * 2n);
    }
    out.push({
      lineId: l.id,
      field: `lines.${i}`,
      productId: String(l.productId),
      warehouseId,
      locationId: (l.locationId as string | null) ?? (l.warehouseId ? null : ((of?.locationId as string | null) ?? null)),
      quantity: normalizeQuantity(l.quantity) ?? String(l.quantity),
      value,
    });
  });
  if (Object.keys(fields).length) refuse(fields);
  return out;
}

/** The invoice's cheques, each complete (9401 naming each part that is not). */
function chequesOf(doc: Row): InvoiceCheque[] {
  const read = readCheques(doc.cheques);
  if (!read) refuse({ cheques: 'format' });
  const checked = checkCheques(read);
  if ('problems' in checked) refuse(checked.problems);
  return checked.cheques;
}

function checkSettlement(doc: Row, total: bigint): void {
  const fields: Record<string, WriteFieldReason> = {};
  const cheques = chequesOf(doc);
  if (money(doc.cashAmount) > 0n && !doc.cashBoxId) fields.cashBoxId = 'required';
  if (money(doc.cardAmount) + money(doc.transferAmount) > 0n && !doc.bankAccountId) fields.bankAccountId = 'required';
  // A cheque we issue is drawn on one of our bank accounts.
  if (cheques.length && !moneyIn(doc.kind as InvoiceKind) && !doc.bankAccountId) fields.bankAccountId = 'required';
  const settled = settledOf(doc);
  if (settled > total) fields.cashAmount = 'range';
  else if (settled < total && !doc.partyId) fields.partyId = 'required';
  if (Object.keys(fields).length) refuse(fields, Code.BadRequest, { total: wireRials(total), settled: wireRials(settled) });
}

/**
 * The receipt (money in) or payment (money out) of what was settled on the invoice: one line per
 * way it was paid, against the party's account the invoice charged. Made and submitted in the
 * invoice's step, as `id`.
 */
async function makeSettlement(ctx: WriteContext, doc: Row, id: string): Promise<void> {
  const kind = doc.kind as InvoiceKind;
  const line = (method: string, amount: unknown, more: Record<string, unknown>) =>
    money(amount) > 0n ? [{ id: stableId('MarketAccounting/Payment', id, method), method, amount: wireRials(money(amount)), ...more }] : [];
  const lines = [
    ...line('cash', doc.cashAmount, { cashBoxId: doc.cashBoxId }),
    ...line('card', doc.cardAmount, { bankAccountId: doc.bankAccountId }),
    ...line('transfer', doc.transferAmount, { bankAccountId: doc.bankAccountId }),
    ...chequesOf(doc).map((c) => ({
      id: stableId('MarketAccounting/Payment', id, 'cheque', c.id),
      method: 'cheque',
      amount: wireRials(BigInt(c.amount)),
      chequeSerial: c.serial,
      chequeBank: c.bank,
      dueDate: c.dueDate,
      bankAccountId: moneyIn(kind) ? null : doc.bankAccountId,
    })),
  ];
  await submitMadeDocument(
    ctx,
    { entity: Invoice.key, id: doc.id },
    Payment,
    id,
    {
      direction: moneyIn(kind) ? 'in' : 'out',
      date: doc.date,
      partyId: (doc.partyId as string | null) || WALK_IN_PARTY_ID,
      note: (doc.number as string | null) ?? null,
      lines,
    },
    { invoiceId: doc.id, partyAccount: kind === 'sale' || kind === 'saleReturn' ? 'receivable' : 'payable' },
  );
}

/** A draft may hold cheques not yet complete, but never text that is not a list of them. */
function readableCheques(values: Record<string, unknown>): Record<string, unknown> {
  if ('cheques' in values && readCheques(values.cheques) === null) refuse({ cheques: 'format' });
  return values;
}

export const invoiceHooks: EntityHooks = {
  beforeCreate: (_ctx, _id, values) => Promise.resolve(readableCheques(values)),
  beforeUpdate: (_ctx, _current, changes) => Promise.resolve(readableCheques(changes)),
  async onSubmit(ctx, doc) {
    const kind = doc.kind as InvoiceKind;
    const lines = doc.lines as Line[];
    const figures = invoiceTotals(lines, doc.discount);
    if (figures.problems.length) refuse(Object.fromEntries(figures.problems.map((f) => [f, 'range' as const])));
    checkSettlement(doc, figures.total);
    const original = isReturn(kind) ? await checkReturn(ctx, doc) : null;
    if (!doc.partyId) await walkInParty(ctx);
    let values: GoodsValues = new Map();
    if (ctx.access.modules.includes('WarehousingMVM')) {
      const goods = await goodsLines(ctx, doc, original);
      values = await postGoods(
        ctx,
        { type: Invoice.key, id: doc.id, number: (doc.number as string | null) ?? null, date: String(doc.date) },
        goodsDirection(kind),
        goods,
      );
    }
    const paymentId = settledOf(doc) > 0n ? settlementIdOf(doc.id) : null;
    await postJournal(ctx, {
      source: source(doc),
      step: 'submit',
      date: String(doc.date),
      entries: invoiceEntries({ ...doc, paymentId }, values),
      note: (doc.note as string | null) ?? null,
    });
    if (paymentId) await makeSettlement(ctx, doc, paymentId);
    await setServerFields(ctx, Invoice, doc.id, { total: figures.total, paymentId });
    await queueInvoiceForTax(ctx, doc, figures, original, 'submit');
  },
  async onCancel(ctx, doc) {
    if (!isReturn(doc.kind as InvoiceKind) && (await returnsOf(ctx, doc.id)).length)
      refuse({ status: 'option' }, Code.NotPossibleNow, { reason: 'hasReturns' });
    // Its receipt or payment first: a cheque of it that has moved since refuses the cancel.
    if (doc.paymentId) await cancelMadeDocument(ctx, { entity: Invoice.key, id: doc.id }, Payment, String(doc.paymentId));
    await reverseGoods(ctx, { type: Invoice.key, id: doc.id, number: (doc.number as string | null) ?? null, date: String(doc.date) });
    await reverseJournal(ctx, source(doc), String(doc.date));
    if (doc.taxId) await queueInvoiceForTax(ctx, doc, invoiceTotals(doc.lines as Line[], doc.discount), null, 'cancel');
  },
};

/** The stock values of the submits of `docs` (for the books audit). */
export const invoiceGoodsValues = (q: Parameters<typeof goodsValuesOf>[0], panelId: string, docs: readonly Row[]) =>
  goodsValuesOf(
    q,
    panelId,
    docs.map((d) => ({ id: d.id, lineIds: ((d.lines as Line[]) ?? []).map((l) => l.id) })),
  );
