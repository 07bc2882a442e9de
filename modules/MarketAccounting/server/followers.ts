/**
 * Automatic vouchers from other modules' documents (market-accounting.md), while accounting is
 * enabled, without depending on those modules: it follows the events they publish (decision 033),
 * typed by their server/exports.ts, and reads nothing of theirs by name.
 * - Warehousing's receipt: goods in post inventory against the supplier's payable at the value of
 *   the stock moves it made, or, for opening stock, against opening balance equity: the goods were
 *   the business's before the books began, and nobody is owed for them; goods out post the cost of
 *   goods sold against inventory at the moving-average cost warehousing valued them at.
 * - An invoiced (submitted) sale: the customer's receivable against revenue and VAT payable.
 * Cancelling the source posts the reverse of what it posted for it (by its id).
 */
import { followDocument, type DocumentEvent, type DocumentFollower, type WriteContext } from '../../../server/moduleApi.ts';
import { receiptEvents, type ReceiptEvent } from '../../WarehousingMVM/server/exports.ts';
import { saleEvents, type SaleEvent } from '../../NagemManagement/server/exports.ts';
import { roleAccount } from './books.ts';
import { postJournal, reverseJournal, type Entry } from './journal.ts';
import { mirrorParty } from './parties.ts';

/** What a payload says of its document: enough to post it and to reverse it. */
interface Posted {
  id: string;
  number: string | null;
  date: string;
}

async function receiptEntries(ctx: WriteContext, receipt: ReceiptEvent): Promise<Entry[]> {
  const { value } = receipt;
  if (receipt.direction === 'in' && receipt.opening) {
    return [
      { accountId: roleAccount('inventory'), debit: value, credit: 0n },
      { accountId: roleAccount('openingBalance'), debit: 0n, credit: value },
    ];
  }
  if (receipt.direction === 'in') {
    const partyId = await mirrorParty(ctx, receipt.party);
    return [
      { accountId: roleAccount('inventory'), debit: value, credit: 0n },
      { accountId: roleAccount('payable'), partyId, debit: 0n, credit: value },
    ];
  }
  return [
    { accountId: roleAccount('costOfSales'), debit: -value, credit: 0n },
    { accountId: roleAccount('inventory'), debit: 0n, credit: -value },
  ];
}

async function saleEntries(ctx: WriteContext, sale: SaleEvent): Promise<Entry[]> {
  const partyId = await mirrorParty(ctx, sale.customer);
  return [
    { accountId: roleAccount('receivable'), partyId, debit: sale.total, credit: 0n, origin: 'total' },
    { accountId: roleAccount('revenue'), debit: 0n, credit: sale.net, origin: 'net' },
    { accountId: roleAccount('vatPayable'), debit: 0n, credit: sale.vat, origin: 'vat' },
  ];
}

function follow<P extends Posted>(event: DocumentEvent<P>, entries: (ctx: WriteContext, payload: P) => Promise<Entry[]>): DocumentFollower {
  const type = event.document.key;
  return followDocument('MarketAccounting', event, async (ctx, step, payload) => {
    const source = { type, id: payload.id, number: payload.number };
    if (step === 'submitted') await postJournal(ctx, { source, step: 'submit', date: payload.date, entries: await entries(ctx, payload) });
    else await reverseJournal(ctx, source, payload.date);
  });
}

export const followers: readonly DocumentFollower[] = [follow(receiptEvents, receiptEntries), follow(saleEvents, saleEntries)];
