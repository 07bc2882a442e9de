/**
 * The reminders added with web push (issue 29, decision 040), each delivered once and not twice:
 * a punch flagged for review goes to those who may review punches and never to whoever punched;
 * a product with stock in a batch that expires within a week goes to those who receive stock,
 * once a day. And a notification `{ owners: true }` goes to the Members a row belongs to.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification } from '../../src/contract/entities/panelManagement.ts';
import { permission, READ_ALL_GRANT, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { insertRows } from '../../server/entities/entityStore.ts';
import { recipientsOf } from '../../server/notifications/notifications.ts';
import { reminderDays, runReminders } from '../../server/notifications/reminders.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, newMember, openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { Personnel } from '../../modules/HumanResource/entities/masterData.ts';
import { Punch, REVIEW_GRANT } from '../../modules/HumanResource/entities/punch.ts';
import { Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { StockBalance } from '../../modules/WarehousingMVM/entities/stock.ts';

let server: TestServer;

async function inbox(caller: PanelCaller, kind: string): Promise<Row[]> {
  const answer = await caller.call<EntityListResponse>(rest.list(Notification), { query: { pageSize: '100' } });
  expect(answer.status).toBe(200);
  return answer.body.data!.items.filter((n) => n.kind === kind);
}

async function panelIdOf(caller: PanelCaller): Promise<{ id: string; owner: string }> {
  const [row] = await server.db.query<{ id: string; owner_user_id: string }>('SELECT id, owner_user_id FROM panels WHERE code = $1', [
    caller.code,
  ]);
  return { id: String(row!.id), owner: String(row!.owner_user_id) };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('a punch flagged for review', () => {
  it('is reminded of once to each reviewer and the owner, never to the reviewer who punched', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'حضور و غیاب', ['HumanResource']);
    const reviewing = [permission(Punch, 'read'), permission(Punch, READ_ALL_GRANT), permission(Punch, REVIEW_GRANT)];
    const reviewer = await newMember(server, owner, reviewing);
    const puncher = await newMember(server, owner, reviewing);
    const staff = await newMember(server, owner, [permission(Punch, 'read'), permission(Punch, 'create')]);
    const panel = await panelIdOf(owner);
    const now = new Date(server.clock.now());
    const stamp = { panelId: panel.id, userId: panel.owner, now };
    const people = [puncher.memberId, staff.memberId].map((memberId, i) => ({
      id: randomUUID(),
      values: { firstName: 'سارا', lastName: `احمدی ${i}`, code: `P${i}`, memberId, methods: ['phone'] },
    }));
    await insertRows(server.db, Personnel, stamp, people);
    const personnelOf = new Map(people.map((p) => [p.values.memberId, p.id]));
    const punch = (memberId: string, status: string) => ({
      id: randomUUID(),
      values: { personnelId: personnelOf.get(memberId), memberId, at: now.toISOString(), direction: 'in', source: 'phone', status },
    });
    const flagged = punch(puncher.memberId, 'flagged');
    await insertRows(server.db, Punch, stamp, [flagged, punch(staff.memberId, 'accepted')]);

    const first = await runReminders(server.db, now);
    expect(first).toMatchObject({ due: 1, delivered: 2 });
    expect(await runReminders(server.db, new Date(now.getTime() + 86_400_000))).toMatchObject({ due: 1, delivered: 0 });

    for (const person of [owner, reviewer.caller]) {
      const [reminder, ...more] = await inbox(person, 'HumanResource/punchToReview');
      expect(more).toEqual([]);
      expect(reminder).toMatchObject({ entityKey: Punch.key, rowId: flagged.id, messageId: 'hr.notify.punchToReview' });
    }
    expect(await inbox(puncher.caller, 'HumanResource/punchToReview')).toEqual([]);
    expect(await inbox(staff.caller, 'HumanResource/punchToReview')).toEqual([]);
  });
});

describe('a batch that expires within a week', () => {
  it('reminds those who receive stock of its product once a day, and not of a later batch or an empty one', async () => {
    const shop = await openPanel(server, await server.createAccount(), 'داروخانه', ['WarehousingMVM']);
    const panel = await panelIdOf(shop);
    const now = new Date(server.clock.now());
    const { today } = reminderDays(now);
    const inDays = (n: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + n);
      return d.toISOString().slice(0, 10);
    };
    const warehouse = await createRow(shop, Warehouse, { name: 'انبار', code: 'W1' });
    const soon = await createRow(shop, Product, { name: 'شربت', code: 'SYR', unit: 'piece' });
    const later = await createRow(shop, Product, { name: 'قرص', code: 'TAB', unit: 'piece' });
    const empty = await createRow(shop, Product, { name: 'پماد', code: 'OIN', unit: 'piece' });
    const balance = (productId: string, expiry: string, quantity: string) => ({
      id: randomUUID(),
      values: { productId, warehouseId: warehouse.id, batch: `B-${productId.slice(0, 4)}`, expiry, quantity },
    });
    await insertRows(server.db, StockBalance, { panelId: panel.id, userId: panel.owner, now }, [
      balance(soon.id as string, inDays(5), '12'),
      balance(later.id as string, inDays(40), '12'),
      balance(empty.id as string, inDays(2), '0'),
    ]);

    expect((await runReminders(server.db, now))?.delivered).toBe(1);
    expect((await runReminders(server.db, new Date(now.getTime() + 3_600_000)))?.delivered).toBe(0);
    const [reminder, ...more] = await inbox(shop, 'WarehousingMVM/batchExpiring');
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ rowId: soon.id, messageId: 'wh.notify.batchExpiring' });
    expect(JSON.parse(String(reminder!.messageValues))).toEqual({ name: 'شربت' });
    // The next day, again (it still expires within the week).
    expect((await runReminders(server.db, new Date(now.getTime() + 86_400_000)))?.delivered).toBe(1);
  });
});

describe('recipients { owners: true }', () => {
  it('are the active Members a row belongs to (its scope field), not others of the panel', async () => {
    const owner = await openPanel(server, await server.createAccount(), 'دفتر', ['HumanResource']);
    const one = await newMember(server, owner, [permission(Punch, 'read')]);
    await newMember(server, owner, [permission(Punch, 'read')]);
    const panel = await panelIdOf(owner);
    const meta = { version: 1, updatedAt: new Date().toISOString(), deleted: false };
    const row: Row = { ...meta, id: randomUUID(), memberId: one.memberId };
    expect(await recipientsOf(server.db, panel.id, Punch, row, { owners: true })).toEqual([one.caller.account.userId]);
    expect(await recipientsOf(server.db, panel.id, Punch, { ...meta, id: randomUUID(), memberId: null }, { owners: true })).toEqual([]);
  });
});
