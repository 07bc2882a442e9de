/**
 * Automatic vouchers from other modules' documents (market-accounting.md), while those modules are
 * enabled, without depending on them: the documents and their fields are read by name.
 * - Warehousing's receipt: goods in post inventory against the supplier's payable at the value of
 *   the stock moves it made, or, for opening stock (`opening`), against opening balance equity: the
 *   goods were the business's before the books began, and nobody is owed for them; goods out post
 *   the cost of goods sold against inventory at the moving-average cost warehousing valued them at.
 * - An invoiced (submitted) sale: the customer's receivable against revenue and VAT payable.
 * Cancelling the source posts the reverse of what it posted.
 */
import { rials } from '../../../src/contract/money.ts';
import { entityByKey } from '../../../src/contract/modules.ts';
import type { Row } from '../../../src/contract/entity.ts';
import type { DocumentFollower, WriteContext } from '../../../server/moduleApi.ts';
import { roleAccount } from './books.ts';
import { postJournal, reverseJournal, type Entry, type Source } from './journal.ts';
import { mirrorParty } from './parties.ts';

export const WAREHOUSE_RECEIPT = 'WarehousingMVM/Receipt';
export const SALE = 'NagemManagement/Sale';

const sourceOf = (type: string, doc: Row): Source => ({ type, id: doc.id, number: (doc.number as string | null) ?? null });

/** The value of the stock moves a receipt's submit made (signed: in positive, out negative). */
async function stockValue(ctx: WriteContext, receiptId: string): Promise<bigint> {
  const moves = entityByKey('WarehousingMVM/StockMove');
  if (!moves) return 0n;
  const [row] = await ctx.tx.query<{ value: string | number | null }>(
    `SELECT coalesce(sum(value), 0) AS value FROM ${moves.table} WHERE panel_id = $1 AND source_id = $2 AND NOT deleted`,
    [ctx.access.id, receiptId],
  );
  return rials(row?.value ?? 0);
}

async function receiptEntries(ctx: WriteContext, doc: Row): Promise<Entry[]> {
  const value = await stockValue(ctx, doc.id);
  if (doc.direction === 'in' && doc.opening === true) {
    return [
      { accountId: roleAccount('inventory'), debit: value, credit: 0n },
      { accountId: roleAccount('openingBalance'), debit: 0n, credit: value },
    ];
  }
  if (doc.direction === 'in') {
    const partyId = await mirrorParty(ctx, 'WarehousingMVM/Party', doc.partyId);
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

async function saleEntries(ctx: WriteContext, doc: Row): Promise<Entry[]> {
  const net = rials(doc.net);
  const vat = rials(doc.vat);
  const total = doc.total === null || doc.total === undefined ? net + vat : rials(doc.total);
  const partyId = await mirrorParty(ctx, 'NagemManagement/Customer', doc.customerId);
  return [
    { accountId: roleAccount('receivable'), partyId, debit: total, credit: 0n, origin: 'total' },
    { accountId: roleAccount('revenue'), debit: 0n, credit: net, origin: 'net' },
    { accountId: roleAccount('vatPayable'), debit: 0n, credit: vat, origin: 'vat' },
  ];
}

function follow(document: string, entries: (ctx: WriteContext, doc: Row) => Promise<Entry[]>): DocumentFollower {
  return {
    module: 'MarketAccounting',
    document,
    async on(ctx, step, doc) {
      const source = sourceOf(document, doc);
      const date = String(doc.date ?? ctx.now.toISOString().slice(0, 10));
      if (step === 'submitted') await postJournal(ctx, { source, step: 'submit', date, entries: await entries(ctx, doc) });
      else await reverseJournal(ctx, source, date);
    },
  };
}

export const followers: readonly DocumentFollower[] = [follow(WAREHOUSE_RECEIPT, receiptEntries), follow(SALE, saleEntries)];
