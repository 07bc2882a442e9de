/**
 * Reminders on schedule (issue 29, decision 038): a cheque due tomorrow gives exactly one
 * reminder to each person who may read cheques, however many server processes run the schedule
 * at once and however often; a cheque due later, or a person who may not read cheques, gets none.
 * A product at or below its reorder point is reminded of once a day.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification } from '../../src/contract/entities/panelManagement.ts';
import { permission, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { runReminders, reminderDays } from '../../server/notifications/reminders.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { Party } from '../../modules/MarketAccounting/entities/books.ts';
import { Cheque, Payment } from '../../modules/MarketAccounting/entities/documents.ts';
import { allRows, step } from '../../modules/MarketAccounting/tests/server/books.ts';
import { Product } from '../../modules/WarehousingMVM/entities/masterData.ts';

let first: TestServer;
let second: TestServer;
let owner: PanelCaller;
let reader: PanelCaller;
let stranger: PanelCaller;
let dueTomorrow: Row;

async function person(permissions: string[]): Promise<PanelCaller> {
  return (await newMember(first, owner, permissions)).caller;
}

async function reminders(caller: PanelCaller): Promise<Row[]> {
  const answer = await caller.call<EntityListResponse>(rest.list(Notification), { query: { pageSize: '100' } });
  return answer.body.data!.items.filter((n) => n.kind === 'MarketAccounting/chequeDue');
}

beforeAll(async () => {
  first = await startTestServer();
  // A second server on the same database, as a second process of a cluster would be.
  second = await startTestServer({ db: first.db });
  owner = await openPanel(first, await first.createAccount(), 'فروشگاه نور', ['MarketAccounting']);
  expect((await owner.call({ method: 'POST', path: '/api/MarketAccounting/books' })).status).toBe(200);
  reader = await person([permission(Cheque, 'read')]);
  stranger = await person([permission(Party, 'read')]);
  const party = await createRow(owner, Party, { name: 'علی رضایی' });
  const { tomorrow } = reminderDays(new Date(first.clock.now()));
  const receipt = await createRow(owner, Payment, {
    direction: 'in',
    date: '2026-11-21',
    partyId: party.id,
    lines: [
      { id: randomUUID(), method: 'cheque', amount: 10_000_000, chequeBank: 'صادرات', chequeSerial: '778899', dueDate: tomorrow },
      { id: randomUUID(), method: 'cheque', amount: 5_000_000, chequeBank: 'ملت', chequeSerial: '112233', dueDate: '2026-12-20' },
    ],
  });
  expect((await step(owner, Payment, receipt.id, 'submit')).status).toBe(200);
  dueTomorrow = (await allRows(owner, Cheque)).find((c) => c.serial === '778899')!;
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('a cheque due tomorrow', () => {
  it('gives exactly one reminder to each reader, with two servers running the schedule at once', async () => {
    expect(reminderDays(new Date(first.clock.now()))).toEqual({ today: '2026-11-22', tomorrow: '2026-11-23' });
    const now = new Date(first.clock.now());
    const runs = await Promise.all([runReminders(first.db, now), runReminders(second.db, now)]);
    const delivered = runs.reduce((sum, run) => sum + (run?.delivered ?? 0), 0);
    expect(delivered).toBe(2);
    // And again later: the same cheque on the same day is never reminded of twice.
    const again = await Promise.all([runReminders(second.db, now), runReminders(first.db, new Date(now.getTime() + 3_600_000))]);
    expect(again.reduce((sum, run) => sum + (run?.delivered ?? 0), 0)).toBe(0);

    for (const person of [owner, reader]) {
      const [reminder, ...more] = await reminders(person);
      expect(more).toEqual([]);
      expect(reminder).toMatchObject({ entityKey: Cheque.key, rowId: dueTomorrow.id, messageId: 'acc.notify.chequeDue', readAt: null });
      expect(JSON.parse(String(reminder!.messageValues))).toEqual({ serial: '778899' });
    }
    expect(await reminders(stranger)).toEqual([]);
  });

  it('is not reminded of again the day after, when it is due that day', async () => {
    const [row] = await first.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${Notification.table} WHERE kind = 'MarketAccounting/chequeDue'`,
    );
    expect(row!.n).toBe(2);
    const next = new Date(Date.UTC(2026, 10, 23, 9));
    // The day after, the cheque due that day is "today", and nothing is due tomorrow.
    const run = await runReminders(first.db, next);
    expect(run).toMatchObject({ due: 0, delivered: 0 });
  });
});

describe('a product at or below its reorder point', () => {
  it('reminds those who receive stock once a day, and not of a product without one', async () => {
    const shop = await openPanel(first, await first.createAccount(), 'انبار', ['WarehousingMVM']);
    const low = await createRow(shop, Product, { name: 'شیر', code: 'MILK', unit: 'piece', reorderPoint: '5' });
    await createRow(shop, Product, { name: 'نان', code: 'BREAD', unit: 'piece' });
    const now = new Date(first.clock.now());
    const run = await runReminders(first.db, now);
    expect(run).toMatchObject({ delivered: 1 });
    expect((await runReminders(second.db, now))?.delivered).toBe(0);
    const answer = await shop.call<EntityListResponse>(rest.list(Notification), { query: { pageSize: '100' } });
    const items = answer.body.data!.items.filter((n) => n.kind === 'WarehousingMVM/belowReorderPoint');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ rowId: low.id, messageId: 'wh.notify.belowReorderPoint' });
    // The next day, again (it is still below).
    expect((await runReminders(first.db, new Date(now.getTime() + 86_400_000)))?.delivered).toBe(1);
  });
});
