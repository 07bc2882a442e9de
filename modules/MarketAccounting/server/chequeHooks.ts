/**
 * Cheques are made by their receipt or payment; people change only their status (with its day)
 * and the bank account they go through. Each change of status posts where the amount moves from
 * and to (rules/chequeFlow.ts); a cheque cancelled with its receipt or payment changes no more.
 */
import { Code } from '../../../src/contract/codes.ts';
import { rials } from '../../../src/contract/money.ts';
import type { Row } from '../../../src/contract/entity.ts';
import { findRow, RuleRejection, type EntityHooks, type WriteContext } from '../../../server/moduleApi.ts';
import { BankAccount } from '../entities/books.ts';
import { Cheque, type ChequeStatus } from '../entities/documents.ts';
import { holding, nextStatuses, type ChequeDirection } from '../rules/chequeFlow.ts';
import { tehranDay } from '../rules/month.ts';
import { roleAccount } from './books.ts';
import { postJournal, type Entry } from './journal.ts';

const CHANGEABLE = new Set(['status', 'statusDate', 'bankAccountId']);

function placeOf(
  cheque: Row,
  direction: ChequeDirection,
  status: ChequeStatus,
  bankAccountId: string | null,
  amount: bigint,
  debit: boolean,
): Entry {
  const h = holding(direction, status);
  return {
    accountId: roleAccount(h.role),
    partyId: h.party ? String(cheque.partyId) : null,
    bankAccountId: h.bank ? bankAccountId : null,
    chequeId: cheque.id,
    debit: debit ? amount : 0n,
    credit: debit ? 0n : amount,
  };
}

async function checkBank(ctx: WriteContext, id: string | null, needed: boolean): Promise<void> {
  if (!id) {
    if (needed) throw new RuleRejection(Code.BadRequest, { bankAccountId: 'required' });
    return;
  }
  const bank = await findRow(ctx.tx, BankAccount, ctx.access.id, id);
  if (!bank || bank.deleted) throw new RuleRejection(Code.IdNotRegistered, { bankAccountId: 'reference' });
}

export const chequeHooks: EntityHooks = {
  beforeCreate() {
    return Promise.reject(new RuleRejection(Code.InvalidOperation));
  },
  beforeDelete() {
    return Promise.reject(new RuleRejection(Code.InvalidOperation));
  },
  async beforeUpdate(ctx, current, changes) {
    if (current.voided) throw new RuleRejection(Code.NotPossibleNow);
    const strange = Object.keys(changes).filter((k) => !CHANGEABLE.has(k));
    if (strange.length) throw new RuleRejection(Code.InvalidOperation, Object.fromEntries(strange.map((k) => [k, 'option' as const])));
    const direction = current.direction as ChequeDirection;
    const from = current.status as ChequeStatus;
    const to = (changes.status as ChequeStatus | undefined) ?? from;
    const bankAccountId =
      changes.bankAccountId === undefined
        ? ((current.bankAccountId as string | null) ?? null)
        : ((changes.bankAccountId as string | null) ?? null);
    if (to === from) {
      // The money already went through the bank account: it stays the one it went through.
      if (holding(direction, from).bank && bankAccountId !== current.bankAccountId)
        throw new RuleRejection(Code.NotPossibleNow, { bankAccountId: 'option' });
      await checkBank(ctx, bankAccountId, false);
      return changes;
    }
    if (!nextStatuses(direction, from).includes(to))
      throw new RuleRejection(Code.NotPossibleNow, { status: 'option' }, { detail: { reason: 'chequeStatus', from, to } });
    await checkBank(ctx, bankAccountId, holding(direction, to).bank === true);
    const date = (changes.statusDate as string | null | undefined) || tehranDay(ctx.now.getTime());
    const amount = rials(current.amount);
    // Received: the amount moves into the new place's debit; issued: out of the old place's debit.
    const received = direction === 'received';
    const entries = [
      placeOf(current, direction, to, bankAccountId, amount, received),
      placeOf(current, direction, from, bankAccountId, amount, !received),
    ];
    await postJournal(ctx, {
      source: { type: Cheque.key, id: current.id, number: (current.serial as string | null) ?? null },
      step: `status-${current.version}`,
      date,
      entries,
    });
    return { ...changes, statusDate: date };
  },
};
