/**
 * A receipt from a party or a payment to one: its submit posts the party's running account
 * against the cash box, the bank account or the cheques for each line, and makes a Cheque row for
 * each cheque (in hand); its cancel posts the reverse and voids those cheques, which it may do only
 * while they are all still in hand. One made by an invoice's submit (invoiceHooks.ts) settles
 * that invoice's party account and is cancelled with the invoice, never on its own.
 */
import { Code } from '../../../src/contract/codes.ts';
import { rials, sumRials } from '../../../src/contract/money.ts';
import type { Line, Row, WriteFieldReason } from '../../../src/contract/entity.ts';
import {
  appendLedger,
  findRow,
  RuleRejection,
  setServerFields,
  stableId,
  type EntityHooks,
  type WriteContext,
} from '../../../server/moduleApi.ts';
import { Cheque, Payment, type PaymentMethod } from '../entities/documents.ts';
import { Invoice } from '../entities/invoices.ts';
import { roleAccount } from './books.ts';
import { postJournal, reverseJournal, type Entry } from './journal.ts';

const source = (doc: Row) => ({ type: Payment.key, id: doc.id, number: (doc.number as string | null) ?? null });
export const chequeIdOf = (paymentId: string, lineId: string) => stableId('MarketAccounting/Cheque', paymentId, lineId);

/** The party's account a receipt or payment settles: the one its invoice names, else receivable for money in, payable for money out. */
export const partyRoleOf = (doc: Row): 'receivable' | 'payable' =>
  doc.partyAccount === 'receivable' || doc.partyAccount === 'payable'
    ? doc.partyAccount
    : doc.direction === 'in'
      ? 'receivable'
      : 'payable';

/** What each way of paying needs on its line. */
const needs: Record<PaymentMethod, (incoming: boolean) => string[]> = {
  cash: () => ['cashBoxId'],
  transfer: () => ['bankAccountId'],
  card: () => ['bankAccountId'],
  cheque: (incoming) => (incoming ? ['chequeSerial', 'dueDate'] : ['chequeSerial', 'dueDate', 'bankAccountId']),
};

function checkLines(lines: readonly Line[], incoming: boolean): void {
  const fields: Record<string, WriteFieldReason> = {};
  lines.forEach((line, i) => {
    for (const name of needs[line.method as PaymentMethod](incoming)) if (!line[name]) fields[`lines.${i}.${name}`] = 'required';
  });
  if (Object.keys(fields).length) throw new RuleRejection(Code.BadRequest, fields);
}

function counterEntry(doc: Row, line: Line, i: number, incoming: boolean): Entry {
  const amount = rials(line.amount);
  const side = incoming
    ? { debit: amount, credit: 0n, origin: `lines.${i}.amount` }
    : { debit: 0n, credit: amount, origin: `lines.${i}.amount` };
  switch (line.method as PaymentMethod) {
    case 'cash':
      return { accountId: roleAccount('cash'), cashBoxId: String(line.cashBoxId), ...side };
    case 'cheque':
      return { accountId: roleAccount(incoming ? 'chequesInHand' : 'chequesPayable'), chequeId: chequeIdOf(doc.id, line.id), ...side };
    default:
      return { accountId: roleAccount('bank'), bankAccountId: String(line.bankAccountId), ...side };
  }
}

async function makeCheques(ctx: WriteContext, doc: Row, lines: readonly Line[], incoming: boolean): Promise<void> {
  const cheques = lines.filter((l) => l.method === 'cheque');
  await appendLedger(
    ctx,
    Cheque,
    cheques.map((line) => ({
      id: chequeIdOf(doc.id, line.id),
      values: {
        direction: incoming ? 'received' : 'issued',
        serial: line.chequeSerial,
        bank: line.chequeBank ?? null,
        amount: line.amount,
        dueDate: line.dueDate,
        partyId: doc.partyId,
        paymentId: doc.id,
        status: 'inHand',
        statusDate: doc.date,
        bankAccountId: line.bankAccountId ?? null,
        voided: false,
      },
    })),
  );
}

export const paymentHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    const lines = doc.lines as Line[];
    const incoming = doc.direction === 'in';
    checkLines(lines, incoming);
    const total = sumRials(lines.map((l) => l.amount));
    const party: Entry = {
      accountId: roleAccount(partyRoleOf(doc)),
      partyId: String(doc.partyId),
      debit: incoming ? 0n : total,
      credit: incoming ? total : 0n,
      origin: 'lines',
    };
    const entries = [party, ...lines.map((line, i) => counterEntry(doc, line, i, incoming))];
    // The cheques first: their journal lines name them.
    await makeCheques(ctx, doc, lines, incoming);
    await postJournal(ctx, {
      source: source(doc),
      step: 'submit',
      date: String(doc.date),
      entries,
      note: (doc.note as string | null) ?? null,
    });
  },
  async onCancel(ctx, doc) {
    if (doc.invoiceId && ctx.madeBy?.id !== doc.invoiceId) {
      const invoice = await findRow(ctx.tx, Invoice, ctx.access.id, String(doc.invoiceId));
      throw new RuleRejection(Code.NotPossibleNow, undefined, {
        detail: { reason: 'madeByInvoice', invoiceId: doc.invoiceId, invoice: (invoice?.number as string | null) ?? null },
      });
    }
    const cheques = await ctx.tx.query<{ id: string; status: string }>(
      `SELECT id, status FROM ${Cheque.table} WHERE panel_id = $1 AND payment_id = $2 AND NOT deleted`,
      [ctx.access.id, doc.id],
    );
    const moved = cheques.filter((c) => c.status !== 'inHand');
    if (moved.length)
      throw new RuleRejection(Code.NotPossibleNow, undefined, { detail: { reason: 'chequesMoved', cheques: moved.map((c) => c.id) } });
    await reverseJournal(ctx, source(doc), String(doc.date));
    for (const c of cheques) await setServerFields(ctx, Cheque, c.id, { voided: true });
  },
};
