/**
 * A voucher's submit posts its lines as they are, once they balance and every account takes
 * postings; its cancel posts the exact reverse. The number is the platform's (JV-1404-00012).
 */
import { Code } from '../../../src/contract/codes.ts';
import { rials } from '../../../src/contract/money.ts';
import type { Line, Row, WriteFieldReason } from '../../../src/contract/entity.ts';
import { findRows, RuleRejection, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { Account } from '../entities/books.ts';
import { Voucher } from '../entities/documents.ts';
import { ensureBooks } from './books.ts';
import { checkBalanced, postJournal, reverseJournal, type Entry } from './journal.ts';

const source = (doc: Row) => ({ type: Voucher.key, id: doc.id, number: (doc.number as string | null) ?? null });

async function entriesOf(ctx: WriteContext, doc: Row): Promise<Entry[]> {
  const lines = doc.lines as Line[];
  await ensureBooks(ctx);
  const accounts = new Map(
    (
      await findRows(
        ctx.tx,
        Account,
        ctx.access.id,
        lines.map((l) => String(l.accountId)),
      )
    ).map((a) => [a.id, a]),
  );
  const fields: Record<string, WriteFieldReason> = {};
  lines.forEach((line, i) => {
    const account = accounts.get(String(line.accountId));
    if (!account || account.deleted) fields[`lines.${i}.accountId`] = 'reference';
    else if (!account.postable) fields[`lines.${i}.accountId`] = 'option';
    const debit = rials(line.debit);
    const credit = rials(line.credit);
    if (debit > 0n === credit > 0n) fields[`lines.${i}.${debit > 0n ? 'credit' : 'debit'}`] = 'range';
  });
  if (Object.keys(fields).length) throw new RuleRejection(Code.BadRequest, fields);
  return lines.map((line, i) => ({
    accountId: String(line.accountId),
    partyId: (line.partyId as string | null) ?? null,
    cashBoxId: (line.cashBoxId as string | null) ?? null,
    bankAccountId: (line.bankAccountId as string | null) ?? null,
    debit: rials(line.debit),
    credit: rials(line.credit),
    note: (line.note as string | null) ?? null,
    origin: `lines.${i}.${rials(line.debit) > 0n ? 'debit' : 'credit'}`,
  }));
}

export const voucherHooks: EntityHooks = {
  async onSubmit(ctx, doc) {
    const entries = await entriesOf(ctx, doc);
    checkBalanced(entries);
    await postJournal(ctx, {
      source: source(doc),
      step: 'submit',
      date: String(doc.date),
      entries,
      note: (doc.description as string | null) ?? null,
    });
  },
  async onCancel(ctx, doc) {
    await reverseJournal(ctx, source(doc), String(doc.date));
  },
};
