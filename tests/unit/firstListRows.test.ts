/**
 * A list's first answer through an index (issue 31): exactly the start of the whole answer, for
 * title and date orders both ways, with ties, deletions and empty values; a search's from the
 * order's prefix in memory, read a step at a time; and a whole table read in chunks is the same
 * rows as one read.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Activity, Member } from '../../src/contract/entities/panelManagement.ts';
import type { Entity, Row } from '../../src/contract/entity.ts';
import { selectRows, type ListParams } from '../../src/contract/list.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { readWholeTable, READ_CHUNK } from '../../src/storage/tableRows.ts';
import { FIRST_LIST_ROWS, PREFIX_READ, PREFIX_ROWS, prefixAnswer, prefixOf, type ListPrefix } from '../../src/storage/listPrefix.ts';
import { firstListRows } from '../../src/storage/useData.ts';
import { id, members, putRows } from './memberRows.ts';

let db: PanelDb;
let n = 0;

beforeEach(async () => {
  db = new PanelDb(`first-rows-${++n}-${Math.random()}`);
  await db.open();
});

afterEach(() => db.close());

const put = (entity: Entity, rows: Row[]) => putRows(db, entity, rows);

async function expectStartOfWhole(entity: Entity, params: ListParams): Promise<void> {
  const first = await firstListRows(db, entity, params);
  const whole = selectRows(await db.rows(entity).toArray(), entity, params);
  expect(first).not.toBeNull();
  expect(first!.partial).toBe(true);
  expect(first!.items.length).toBeGreaterThan(0);
  expect(first!.items.map((r) => r.id)).toEqual(whole.items.slice(0, first!.items.length).map((r) => r.id));
}

describe("a list's first rows through an index", () => {
  it('are the start of the whole list by title, either way, ties and deletions and empty names included', async () => {
    await put(Member, members(3 * FIRST_LIST_ROWS));
    for (const direction of ['asc', 'desc'] as const) await expectStartOfWhole(Member, { sort: { field: Member.titleField, direction } });
  });

  it('are the start of the whole list by an indexed instant, and honour a first page', async () => {
    const log: Row[] = Array.from({ length: 2 * FIRST_LIST_ROWS }, (_, i) => ({
      id: id(i),
      version: 1,
      updatedAt: '2026-01-01T00:00:00Z',
      deleted: false,
      at: `2026-0${(i % 9) + 1}-${String((i % 27) + 1).padStart(2, '0')}T08:00:00.000Z`,
      actorName: 'x',
      action: 'create',
      entity: 'PanelManagement/Role',
      rowTitle: `r${i}`,
      rowId: id(i),
    }));
    await put(Activity, log);
    for (const direction of ['asc', 'desc'] as const) await expectStartOfWhole(Activity, { sort: { field: 'at', direction } });
    const page = await firstListRows(db, Activity, { sort: { field: 'at', direction: 'asc' }, page: 1, pageSize: 20 });
    expect(page!.items).toHaveLength(20);
  });

  it('of a search typed while the table is read come from the start of the order in memory, the start of the whole search either way (decisions 055, 065)', async () => {
    await put(Member, members(5_000));
    for (const direction of ['asc', 'desc'] as const) {
      const sort = { field: Member.titleField, direction };
      const prefix = prefixOf(db, Member, sort)!;
      const whole = selectRows(await db.rows(Member).toArray(), Member, { sort }).items.map((r) => r.id);
      // Step by step (each from where the last ended, amid ties of one name), the settled rows are the start of the whole list.
      while (!prefix.full) {
        await prefix.readMore();
        expect(prefix.settled.length).toBeGreaterThan(0);
        expect(prefix.settled.map((r) => r.id)).toEqual(whole.slice(0, prefix.settled.length));
      }
      expect(prefix.settled.length).toBeGreaterThan(PREFIX_ROWS - PREFIX_READ);
      for (const search of ['کاربر 1', 'u2', 'کاربر']) {
        const params: ListParams = { search, sort };
        const first = prefixAnswer(prefix, Member, params);
        const matches = selectRows(await db.rows(Member).toArray(), Member, params);
        expect(first?.counting).toBe(true);
        expect(first!.items.length).toBeGreaterThan(0);
        expect(first!.items.map((r) => r.id)).toEqual(matches.items.slice(0, first!.items.length).map((r) => r.id));
      }
      expect(prefixAnswer(prefix, Member, { search: 'نیست', sort })).toBeNull();
      expect(prefixAnswer(prefix, Member, { search: 'کاربر', sort, filters: { roleId: null } })).toBeNull();
    }
  }, 120_000);

  it('of a search wait for a page of matches, and a write to the table drops what was read', async () => {
    await put(Member, members(5_000));
    const sort = { field: Member.titleField, direction: 'asc' } as const;
    const prefix: ListPrefix = prefixOf(db, Member, sort)!;
    await prefix.readMore();
    // One name of 40 in a step of 1,000 rows: fewer than a page's matches, so more is read first.
    expect(prefixAnswer(prefix, Member, { search: 'کاربر 7', sort })).toBeNull();
    // A page of matches (the scan of the ordered table answers as many next), counting all it has seen.
    const answer = prefixAnswer(prefix, Member, { search: 'کاربر', sort })!;
    expect(answer.items).toHaveLength(FIRST_LIST_ROWS);
    expect(answer.total).toBeGreaterThan(FIRST_LIST_ROWS);
    await db.rows(Member).update(id(1), { displayName: 'تازه' });
    expect(prefix.dropped).toBe(true);
    expect(prefixAnswer(prefix, Member, { search: 'کاربر', sort })).toBeNull();
    const again = prefixOf(db, Member, sort)!;
    expect(again).not.toBe(prefix);
    await again.readMore();
    expect(again.settled.length).toBeGreaterThan(0);
  });

  it('of a search are not answered from a prefix that holds the whole table: its own read answers', async () => {
    await put(Member, members(3 * FIRST_LIST_ROWS));
    const prefix = prefixOf(db, Member, { field: Member.titleField, direction: 'asc' })!;
    await prefix.readMore();
    expect(prefix.ended).toBe(true);
    expect(prefixAnswer(prefix, Member, { search: 'کاربر' })).toBeNull();
  });

  it('are not answered for a search, a filter, a later page, an unindexed order or a short table', async () => {
    await put(Member, members(3 * FIRST_LIST_ROWS));
    expect(await firstListRows(db, Member, { search: 'کاربر' })).toBeNull();
    expect(await firstListRows(db, Member, { filters: { roleId: null } })).toBeNull();
    expect(await firstListRows(db, Member, { page: 2, pageSize: 20 })).toBeNull();
    expect(await firstListRows(db, Member, { sort: { field: 'mobile', direction: 'asc' } })).toBeNull();
    // Members are not listed by when they changed unless asked, so that order has no index on the device.
    expect(await firstListRows(db, Member, { sort: { field: 'updatedAt', direction: 'desc' } })).toBeNull();
    await db.rows(Member).clear();
    await put(Member, members(10));
    expect(await firstListRows(db, Member, {})).toBeNull();
  });
});

describe('a whole table read in chunks', () => {
  it('is every row, in key order, across chunk boundaries', async () => {
    for (const count of [0, READ_CHUNK - 1, READ_CHUNK, 2 * READ_CHUNK + 3]) {
      await db.rows(Member).clear();
      await put(Member, members(count));
      const chunked = await readWholeTable(db, Member);
      const once = await db.rows(Member).toArray();
      expect(chunked.map((r) => r.id)).toEqual(once.map((r) => r.id));
    }
  });
});
