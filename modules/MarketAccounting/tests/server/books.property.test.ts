/**
 * The books under offline, duplicated delivery (issue 12): random receipts and payments (cash,
 * card, cheque), vouchers on parties' running accounts, cancels of earlier documents and cheque
 * status changes, queued on two devices, each sending its queue in batches of its own, the
 * deliveries interleaved at random and some batches sent twice (a lost answer, replayed). Some
 * steps are refused (a cheque that may not go there, a stale version, a document cancelled twice):
 * whatever is applied, the trial balance balances, the balances agree with the journal, and each
 * party's statement comes to what its documents, as the server holds them, say it should.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../tests/propertyRuns.ts';
import type { Row } from '../../../../src/contract/entity.ts';
import type { Mutation } from '../../../../src/contract/sync.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { syncClient } from '../../../../tests/server/syncFixture.ts';
import { BankAccount, CashBox, Party } from '../../entities/books.ts';
import { Cheque, Payment, Voucher, type ChequeStatus } from '../../entities/documents.ts';
import { AccountBalance, JournalLine } from '../../entities/ledger.ts';
import { partyStatement } from '../../rules/reports.ts';
import { chequeIdOf } from '../../server/paymentHooks.ts';
import { trialBalanceOf } from '../../server/reports.ts';
import { allRows, code, roleCode } from './books.ts';

const RUNS = propertyRuns('BOOKS_PROPERTY_RUNS', 30, 10);
const DEVICES = 2;
const PARTIES = 2;

let server: TestServer;
let owner: PanelCaller;
let box: Row;
let bank: Row;

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'بازار', ['MarketAccounting']);
  await owner.call({ method: 'POST', path: '/api/MarketAccounting/books' });
  box = await createRow(owner, CashBox, { name: 'صندوق' });
  bank = await createRow(owner, BankAccount, { bank: 'ملت', accountNumber: '1' });
});
afterAll(async () => {
  await server.close();
});

const amount = fc.integer({ min: 1, max: 50 }).map((n) => n * 100_000);
const op = fc.oneof(
  fc.record({
    kind: fc.constant('payment' as const),
    direction: fc.constantFrom('in', 'out'),
    party: fc.nat(PARTIES - 1),
    lines: fc.array(fc.record({ method: fc.constantFrom('cash', 'card', 'cheque'), amount }), { minLength: 1, maxLength: 3 }),
    submit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('voucher' as const), party: fc.nat(PARTIES - 1), amount, owesUs: fc.boolean(), submit: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), target: fc.nat(20) }),
  fc.record({
    kind: fc.constant('cheque' as const),
    target: fc.nat(20),
    to: fc.constantFrom<ChequeStatus>('deposited', 'cleared', 'bounced', 'returned'),
  }),
);

const scenario = fc.record({
  ops: fc.array(fc.record({ device: fc.nat(DEVICES - 1), op }), { minLength: 1, maxLength: 14 }),
  deliveries: fc.array(fc.record({ device: fc.nat(DEVICES - 1), size: fc.integer({ min: 1, max: 5 }), replay: fc.boolean() }), {
    maxLength: 12,
  }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

async function run({ ops, deliveries }: Scenario) {
  const parties = [await createRow(owner, Party, { name: 'مشتری' }), await createRow(owner, Party, { name: 'تأمین‌کننده' })];
  const queues: Omit<Mutation, 'mutationId'>[][] = Array.from({ length: DEVICES }, () => []);
  const documents: { entity: string; id: string }[] = [];
  const cheques: { id: string; changes: number }[] = [];
  for (const { device, op: o } of ops) {
    const queue = queues[device]!;
    if (o.kind === 'payment' || o.kind === 'voucher') {
      const id = randomUUID();
      const partyId = parties[o.party]!.id;
      let entity: string;
      let values: Record<string, unknown>;
      if (o.kind === 'payment') {
        entity = Payment.key;
        const lines = o.lines.map((l, i) => ({
          id: randomUUID(),
          method: l.method,
          amount: l.amount,
          cashBoxId: l.method === 'cash' ? box.id : null,
          bankAccountId: l.method === 'card' || (l.method === 'cheque' && o.direction === 'out') ? bank.id : null,
          chequeSerial: l.method === 'cheque' ? `S${i}` : null,
          dueDate: l.method === 'cheque' ? '2026-12-10' : null,
        }));
        values = { direction: o.direction, date: '2026-11-20', partyId, lines };
        for (const l of lines) if (l.method === 'cheque' && o.submit) cheques.push({ id: chequeIdOf(id, l.id), changes: 0 });
      } else {
        entity = Voucher.key;
        const lines = o.owesUs
          ? [
              { id: randomUUID(), accountId: code(roleCode('receivable')), partyId, debit: o.amount, credit: 0 },
              { id: randomUUID(), accountId: code(roleCode('revenue')), partyId: null, debit: 0, credit: o.amount },
            ]
          : [
              { id: randomUUID(), accountId: code('5299'), partyId: null, debit: o.amount, credit: 0 },
              { id: randomUUID(), accountId: code(roleCode('payable')), partyId, debit: 0, credit: o.amount },
            ];
        values = { date: '2026-11-20', description: 'property', lines };
      }
      queue.push({ entity, op: 'create', id, values });
      if (o.submit) {
        queue.push({ entity, op: 'submit', id, baseVersion: 1 });
        documents.push({ entity, id });
      }
    } else if (o.kind === 'cancel') {
      const doc = documents[o.target % Math.max(1, documents.length)];
      if (doc) queue.push({ entity: doc.entity, op: 'cancel', id: doc.id, baseVersion: 2 });
    } else {
      const cheque = cheques[o.target % Math.max(1, cheques.length)];
      if (cheque) {
        queue.push({
          entity: Cheque.key,
          op: 'update',
          id: cheque.id,
          baseVersion: 1 + cheque.changes,
          values: { status: o.to, statusDate: '2026-11-25', bankAccountId: bank.id },
        });
        cheque.changes++;
      }
    }
  }

  const devices = Array.from({ length: DEVICES }, () => syncClient(owner));
  const numbered = queues.map((q) => q.map((m, i) => ({ ...m, mutationId: i + 1 }) as Mutation));
  const sent = new Array<number>(DEVICES).fill(0);
  async function deliver(device: number, size: number, replay: boolean) {
    const batch = numbered[device]!.slice(sent[device]!, sent[device]! + size);
    if (!batch.length) return;
    const answer = await devices[device]!.push(batch);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    sent[device]! += batch.length;
    if (replay) {
      // The answer was lost: the same batch again is told the same, and nothing posts twice.
      const again = await devices[device]!.push(batch);
      expect(again.body.data!.results.map((r) => [r.status, r.code])).toEqual(answer.body.data!.results.map((r) => [r.status, r.code]));
    }
  }
  for (const d of deliveries) await deliver(d.device, d.size, d.replay);
  for (let device = 0; device < DEVICES; device++) await deliver(device, Infinity, false);

  // The trial balance balances, and the balances are the journal summed.
  const panelId = (await server.db.query<{ id: string }>('SELECT id FROM panels WHERE code = $1', [owner.code]))[0]!.id;
  const trial = await trialBalanceOf(server.db, panelId, null, null);
  expect(trial.debit).toBe(trial.credit);
  const journal = await allRows(owner, JournalLine);
  const balances = await allRows(owner, AccountBalance);
  const sum = (rows: readonly Row[], field: 'debit' | 'credit') => rows.reduce((s, r) => s + Number(r[field]), 0);
  expect(sum(balances, 'debit')).toBe(sum(journal, 'debit'));
  expect(sum(balances, 'credit')).toBe(sum(journal, 'credit'));

  // Each party's statement comes to what its documents say.
  const payments = await allRows(owner, Payment);
  const vouchers = await allRows(owner, Voucher);
  const chequeRows = await allRows(owner, Cheque);
  const numbers = [...payments, ...vouchers].filter((d) => d.number).map((d) => d.number);
  expect(new Set(numbers).size).toBe(numbers.length);
  for (const party of parties) {
    let expected = 0;
    for (const p of payments.filter((p) => p.partyId === party.id && p.status === 'submitted')) {
      const total = (p.lines as Row[]).reduce((s, l) => s + Number(l.amount), 0);
      expected += p.direction === 'in' ? -total : total;
    }
    for (const v of vouchers.filter((v) => v.status === 'submitted')) {
      for (const l of (v.lines as Row[]).filter((l) => l.partyId === party.id)) expected += Number(l.debit ?? 0) - Number(l.credit ?? 0);
    }
    for (const c of chequeRows.filter((c) => c.partyId === party.id && !c.voided && (c.status === 'bounced' || c.status === 'returned'))) {
      expected += c.direction === 'received' ? Number(c.amount) : -Number(c.amount);
    }
    const lines = journal.filter((l) => l.partyId === party.id);
    expect(partyStatement(lines, '2000-01-01', '2100-01-01').closing, party.name as string).toBe(expected);
    expect(balances.filter((b) => b.partyId === party.id).reduce((s, b) => s + Number(b.debit) - Number(b.credit), 0)).toBe(expected);
  }
}

describe('the books under offline and duplicated delivery', () => {
  it(`always balance, and each party's statement is the sum of its documents (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, (s) => run(s)),
      { numRuns: RUNS },
    );
  }, 600_000);
});
