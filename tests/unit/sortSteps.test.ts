/**
 * A list's sort a step at a time (decision 064): whatever the rows and however they come (random,
 * nearly in order, in order, reversed, runs and merges of every size around SORT_RUN), the steps end
 * with exactly `orderRows`' order, and each step leaves the page a turn.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import { orderRows, rowOrder, type ListParams } from '../../src/contract/list.ts';
import { localTexts, type LocalRow } from '../../src/storage/localRecords.ts';
import { SlicedWork, whenAllDone } from '../../src/storage/slicedWork.ts';
import { orderingOf, sortSteps } from '../../src/storage/useData.ts';

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

function role(i: number, name: string): LocalRow {
  const row = {
    id: id(i),
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    deleted: false,
    name,
    description: '',
    parentRoleId: null,
    permissions: [],
  };
  return { ...row, _pending: 0, ...localTexts(Role, row) } as LocalRow;
}

/** Runs the steps to their end; answers the rows and how many steps it took. */
function run<R>(steps: Generator<void, R[], void>): { rows: R[]; steps: number } {
  for (let n = 0; ; n++) {
    const step = steps.next();
    if (step.done) return { rows: step.value, steps: n };
  }
}

const sorts: ListParams['sort'][] = [undefined, { field: 'name', direction: 'desc' }, { field: 'updatedAt', direction: 'asc' }];

describe('a sort a step at a time', () => {
  it('ends in orderRows’ order for any rows, in any order they come', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('الف', 'ب', 'پ', 'Ali', 'نقش ۲', 'نقش 10', ''), { maxLength: 4_500 }),
        fc.constantFrom('random', 'ordered', 'reversed'),
        fc.constantFrom(...sorts),
        (names, arrival, sort) => {
          let rows = names.map((name, i) => role((i * 7919) % 100_000, name));
          if (arrival !== 'random') rows = orderRows(rows.slice(), Role, sort);
          if (arrival === 'reversed') rows.reverse();
          const expected = orderRows(rows.slice(), Role, sort).map((r) => r.id);
          expect(run(sortSteps(rows.slice(), rowOrder(Role, sort))).rows.map((r) => r.id)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes steps of a few hundred rows at most, and rows already in order in about one step per run', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => role(i, `نقش ${String(i).padStart(5, '0')}`));
    const random = run(sortSteps(rows.slice().reverse(), rowOrder(Role, undefined)));
    const ordered = run(sortSteps(rows.slice(), rowOrder(Role, undefined)));
    expect(random.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(ordered.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    // 20 runs sorted, then 5 levels of merges: a step per pair copied whole (20 in all).
    expect(ordered.steps).toBeLessThan(45);
    expect(random.steps).toBeGreaterThan(ordered.steps);
  });

  it('puts a table in order a slice per task, then says so', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => role((i * 7919) % 20_000, `نقش ${(i * 31) % 997}`));
    const ordering = orderingOf(rows, Role, undefined);
    expect(ordering.runUntil(0)).toBe(false);
    let slices = 0;
    const counting = setInterval(() => slices++, 0);
    await new Promise<void>((done) => whenAllDone([ordering], done));
    clearInterval(counting);
    expect(ordering.done).toBe(true);
    expect(ordering.value!.map((r) => r.id)).toEqual(orderRows(rows.slice(), Role, undefined).map((r) => r.id));
    // Other tasks ran between the slices.
    expect(slices).toBeGreaterThan(0);
    // The same work, asked again, is the same answer.
    expect(orderingOf(rows, Role, undefined)).toBe(ordering);
  });

  it('goes on when nobody waits any more only while it is worth finishing (its rows still the table’s)', async () => {
    function* steps() {
      for (let i = 0; i < 50; i++) {
        const until = performance.now() + 2;
        while (performance.now() < until);
        yield;
      }
      return 'done';
    }
    const wanted = new SlicedWork(steps(), () => true);
    const dropped = new SlicedWork(steps(), () => false);
    // A screen that asked, then went away at once.
    wanted.whenDone(() => {})();
    dropped.whenDone(() => {})();
    await vi.waitFor(() => expect(wanted.value).toBe('done'), { timeout: 10_000 });
    expect(dropped.done).toBe(false);
    // Asked again, it goes on from where it got to.
    await new Promise<void>((done) => dropped.whenDone(done));
    expect(dropped.value).toBe('done');
  });
});
