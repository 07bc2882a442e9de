/** The inbox's days (decision 038): newest first, one group per day of the panels' calendar, in the order given. */
import { describe, expect, it } from 'vitest';
import { byDay } from '../../src/features/notifications/byDay.ts';
import type { LocalRow } from '../../src/storage/localRecords.ts';

const row = (id: string, at: string) => ({ id, at, version: 1, updatedAt: at, deleted: false }) as unknown as LocalRow;

describe('byDay', () => {
  it('groups the rows of one day together, keeping their order', () => {
    const groups = byDay([row('a', '2026-11-26T15:00:00Z'), row('b', '2026-11-26T08:00:00Z'), row('c', '2026-11-24T10:00:00Z')]);
    expect(groups.map((g) => g.rows.map((r) => r.id))).toEqual([['a', 'b'], ['c']]);
    expect(groups[0]!.day).not.toBe(groups[1]!.day);
    expect(groups[0]!.day).not.toBe('');
  });

  it('has no day without rows', () => {
    expect(byDay([])).toEqual([]);
  });
});
