/**
 * A keystroke's early answer (decision 055): a search or filter scanned in list order that stops
 * once its page is full, and counted whole afterwards, narrowing from the last keystroke's scan as
 * typing adds letters. Its items are always exactly `selectRows`' (the definition, which the server
 * follows too), with ties, deletions, empty values, filters, ranges and pages; once counted, the
 * whole answer is `selectRows`' answer.
 */
import { describe, expect, it } from 'vitest';
import { Activity } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { selectRows, type ListParams } from '../../src/contract/list.ts';
import type { ListResult } from '../../src/storage/listQuery.ts';
import { localTexts, type LocalRow } from '../../src/storage/localRecords.ts';
import { FIRST_LIST_ROWS } from '../../src/storage/listPrefix.ts';
import { countList, listOf } from '../../src/storage/useData.ts';

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const actors = ['مریم احمدی', 'علی رضایی', 'Sara Karimi', 'رضا', ''];
const actions = ['create', 'update', 'delete', 'submit'];

/** Activity rows: few instants (many ties), some deleted, some with no actor or no title. */
function activity(count: number): LocalRow[] {
  return Array.from({ length: count }, (_, i): LocalRow => {
    const row: Row = {
      id: id((i * 7919) % count),
      version: 1,
      updatedAt: '2026-01-01T00:00:00Z',
      deleted: i % 11 === 0,
      at: i % 19 === 0 ? null : `2026-0${(i % 9) + 1}-${String((i % 5) + 1).padStart(2, '0')}T08:00:00.000Z`,
      actorName: actors[i % actors.length]!,
      action: actions[i % actions.length]!,
      entity: i % 3 === 0 ? 'PanelManagement/Role' : 'WarehousingMVM/Product',
      rowTitle: i % 23 === 0 ? '' : `سطر ${i % 300}`,
      rowId: id(i),
    };
    return { ...row, _pending: 0, ...localTexts(Activity, row) } as LocalRow;
  });
}

/** Counts a list whole (as the screen does between frames) and answers its whole result. */
async function counted(rows: readonly LocalRow[], params: ListParams): Promise<ListResult> {
  const first = listOf(rows, Activity, params);
  if (!first.counting) return first;
  await new Promise<void>((done) => countList(rows, Activity, params, done));
  return listOf(rows, Activity, params);
}

function expectExact(rows: readonly LocalRow[], params: ListParams): { early: ListResult; whole: ReturnType<typeof selectRows> } {
  const early = listOf(rows, Activity, params);
  const whole = selectRows(rows, Activity, params);
  const ids = (list: readonly LocalRow[]) => list.map((r) => r.id);
  if (early.counting) {
    expect(early.partial).toBe(true);
    expect(early.total).toBeLessThanOrEqual(whole.total);
    expect(ids(early.items)).toEqual(ids(whole.items.slice(0, early.items.length)));
  } else {
    expect(ids(early.items)).toEqual(ids(whole.items));
    expect(early.total).toBe(whole.total);
  }
  return { early, whole };
}

const cases: ListParams[] = [
  { search: 'مریم' },
  { search: 'سطر 1' },
  { search: 'karimi', sort: { field: 'actorName', direction: 'asc' } },
  { search: 'role', sort: { field: 'rowTitle', direction: 'desc' } },
  { filters: { action: 'update' } },
  { filters: { actorName: null } },
  { filters: { action: 'create' }, search: 'رضا' },
  { ranges: { at: { from: '2026-03-01', to: '2026-06-30' } }, sort: { field: 'at', direction: 'asc' } },
  { search: 'سطر', page: 3, pageSize: 40 },
  { search: 'سطر', page: 1, pageSize: 10, sort: { field: 'at', direction: 'asc' } },
  { search: 'نیست' },
  { search: 'product', page: 400, pageSize: 50 },
];

describe("a keystroke's early answer", () => {
  it('is the start of the whole answer, and once counted is the whole answer, for searches, filters, ranges and pages', async () => {
    const rows = activity(20_000);
    let early = 0;
    for (const params of cases) {
      const { whole } = expectExact(rows, params);
      if (listOf(rows, Activity, params).counting) early++;
      const all = await counted(rows, params);
      expect(all.counting).toBeUndefined();
      expect(all.items.map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
      expect(all.total).toBe(whole.total);
    }
    // Common words fill a page long before the end: most of these answered early.
    expect(early).toBeGreaterThan(cases.length / 2);
  }, 120_000);

  it('answers items that stay as they were while the rest is counted', async () => {
    const rows = activity(20_000);
    const first = listOf(rows, Activity, { search: 'role' });
    expect(first.counting).toBe(true);
    const shown = first.items.length;
    await counted(rows, { search: 'role' });
    expect(first.items).toHaveLength(shown);
  });

  it('calls nobody back once a count is given up, counts the rest rightly when asked again, and at once once counted', async () => {
    const rows = activity(60_000);
    const params: ListParams = { search: 'سطر' };
    expect(listOf(rows, Activity, params).counting).toBe(true);
    let calls = 0;
    const stop = countList(rows, Activity, params, () => calls++);
    // A slice or two, then the count is given up (a newer keystroke): it stops, and nothing is called.
    await new Promise((done) => setTimeout(done, 5));
    stop();
    await new Promise((done) => setTimeout(done, 50));
    expect(calls).toBe(0);
    const all = await counted(rows, params);
    const whole = selectRows(rows, Activity, params);
    expect(all.items.map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
    expect(all.total).toBe(whole.total);
    countList(rows, Activity, params, () => calls++);
    expect(calls).toBe(1);
  });

  it('answers a first screenful without pages, and a page up to its end', () => {
    const rows = activity(20_000);
    // Scanning stops once a screenful has matched (or its time is up, on a busy machine): far from the whole.
    const first = listOf(rows, Activity, { search: 'product' });
    expect(first.counting).toBe(true);
    expect(first.items.length).toBeLessThan(selectRows(rows, Activity, { search: 'product' }).total / 2);
    expect(first.items.length === 0 || first.items.length >= Math.min(FIRST_LIST_ROWS, first.total)).toBe(true);
    const page = listOf(rows, Activity, { filters: { action: 'update' }, page: 2, pageSize: 25 });
    expect(page.items.length === 0 || page.items.length === 25).toBe(true);
  });

  it('narrows from the last keystroke as letters are typed, and starts again when one is taken away', async () => {
    const rows = activity(8_000);
    const typed = ['س', 'سط', 'سطر', 'سطر ', 'سطر 2', 'سطر 21', 'سطر 2', 'سطر', 'ط', 'مریم ا', 'مریم احمدی'];
    for (const [at, search] of typed.entries()) {
      const sort = { field: 'at', direction: at % 2 ? 'asc' : 'desc' } as const;
      // The first keystroke of each order is left half counted, so the next narrows from a scan under way.
      expectExact(rows, { search, sort });
      if (at % 3 === 0) await counted(rows, { search, sort });
    }
    for (const search of typed) {
      const whole = selectRows(rows, Activity, { search });
      const all = await counted(rows, { search });
      expect(all.items.map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
    }
  }, 120_000);

  it('is worked out anew for a changed table (deletions and edits included)', async () => {
    const rows = activity(5_000);
    await counted(rows, { search: 'مریم' });
    const changed = rows.map((row, i) => (i % 7 === 0 ? { ...row, deleted: true } : row));
    const whole = selectRows(changed, Activity, { search: 'مریم' });
    const all = await counted(changed, { search: 'مریم' });
    expect(all.items.map((r) => r.id)).toEqual(whole.items.map((r) => r.id));
  });
});
