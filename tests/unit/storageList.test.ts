import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Member, Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { dataProviderFor, type DataProvider } from '../../src/storage/dataProvider.ts';
import { sortKey, compareText } from '../../src/contract/list.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { reconcileRows } from '../../src/storage/reconcile.ts';

let db: PanelDb;
let data: DataProvider;
let n = 0;

beforeEach(async () => {
  db = new PanelDb(`list-test-${++n}-${Math.random()}`);
  await db.open();
  data = dataProviderFor(db);
});

afterEach(() => db.close());

const manager = '66666666-6666-4666-8666-666666666666';

async function member(i: number, values: Record<string, unknown>): Promise<void> {
  const row: Row = {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    deleted: false,
    login: `u${i}`,
    roleId: manager,
    title: null,
    userId: `user-${i}`,
    displayName: null,
    userName: `u${i}`,
    mobile: null,
    ...values,
  };
  await db.transaction('rw', [db.rows(Member), db.outbox], () => reconcileRows(db, Member, [row.id], new Map([[row.id, row]])));
}

describe('the list query', () => {
  it('finds Persian text however it was typed: Arabic yeh and kaf, Persian digits, ZWNJ or space', async () => {
    await member(1, { displayName: 'علی كريمی', title: 'مدیر فروش‌ها' });
    await member(2, { displayName: 'Sara', mobile: '09121234567' });
    expect((await data.getList(Member, { search: 'کریمی' })).items.map((r) => r.displayName)).toEqual(['علی كريمی']);
    expect((await data.getList(Member, { search: '۰۹۱۲۱۲۳' })).items.map((r) => r.displayName)).toEqual(['Sara']);
    expect((await data.getList(Member, { search: 'فروش ها' })).total).toBe(1);
    expect((await data.getList(Member, { search: 'SARA' })).total).toBe(1);
    expect((await data.getList(Member, { search: 'علی سارا' })).total).toBe(0);
  });

  it('filters by equality, through the index where there is one', async () => {
    const other = '77777777-7777-4777-8777-777777777777';
    await member(1, { displayName: 'A' });
    await member(2, { displayName: 'B', roleId: other });
    await member(3, { displayName: 'C', roleId: other, title: 'x' });
    expect((await data.getList(Member, { filters: { roleId: other } })).items.map((r) => r.displayName)).toEqual(['B', 'C']);
    expect((await data.getList(Member, { filters: { roleId: other, title: 'x' } })).total).toBe(1);
    expect((await data.getList(Member, { filters: { roleId: undefined } })).total).toBe(3);
    expect((await data.getList(Member, { filters: { title: null } })).total).toBe(2);
  });

  it('sorts by a column either way with empty values last, and pages', async () => {
    await member(1, { displayName: 'Bita' });
    await member(2, { displayName: null });
    await member(3, { displayName: 'Arash' });
    await member(4, { displayName: 'Cyrus' });
    const asc = await data.getList(Member, { sort: { field: 'displayName', direction: 'asc' } });
    expect(asc.items.map((r) => r.displayName)).toEqual(['Arash', 'Bita', 'Cyrus', null]);
    const desc = await data.getList(Member, { sort: { field: 'displayName', direction: 'desc' } });
    expect(desc.items.map((r) => r.displayName)).toEqual(['Cyrus', 'Bita', 'Arash', null]);
    const page2 = await data.getList(Member, { sort: { field: 'displayName', direction: 'asc' }, page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.items.map((r) => r.displayName)).toEqual([null]);
  });

  it('leaves out rows deleted on this device and not yet synced', async () => {
    const row = await data.create(Role, { name: 'Sales' });
    await data.create(Role, { name: 'Cashiers' });
    await data.remove(Role, row.id);
    expect((await data.getList(Role)).items.map((r) => r.name)).toEqual(['Cashiers']);
    expect(await data.getOne(Role, row.id)).toBeUndefined();
  });

  it('sorts text in Persian alphabetical order, Persian before Latin, numbers in it as numbers', () => {
    const byKey = (a: string, b: string) => compareText(sortKey(a), sortKey(b));
    expect(['b', 'ب', 'a', 'آ', 'پ', 'ت', 'ژ', 'ز', 'گ', 'ک'].sort(byKey)).toEqual(['آ', 'ب', 'پ', 'ت', 'ز', 'ژ', 'ک', 'گ', 'a', 'b']);
    expect(['انبار 10', 'انبار ۲', 'انبار 1'].sort(byKey)).toEqual(['انبار 1', 'انبار ۲', 'انبار 10']);
    expect(['كتاب', 'کاغذ'].sort(byKey)).toEqual(['کاغذ', 'كتاب']);
  });
});
