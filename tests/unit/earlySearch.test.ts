/**
 * A list searched while its table is read (decisions 055, 065), through `useList` as a screen
 * uses it: every answer it gives on the way — the first rows through the index, a search from the
 * order's prefix in memory, the early scan, the whole answer — is exactly the start of the whole
 * answer for the parameters it was given, never another search's rows.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Member } from '../../src/contract/entities/panelManagement.ts';
import { selectRows } from '../../src/contract/list.ts';
import type { ListResult } from '../../src/storage/listQuery.ts';
import { PREFIX_ROWS } from '../../src/storage/listPrefix.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { useList } from '../../src/storage/useData.ts';
import { members, putRows } from './memberRows.ts';

let db: PanelDb;

// The panel a screen is in: only its database matters here.
vi.mock('../../src/storage/panelData.ts', async (original) => ({ ...(await original<object>()), usePanelData: () => ({ db }) }));

beforeEach(async () => {
  db = new PanelDb(`early-search-${Math.random()}`);
  await db.open();
});

afterEach(() => db.close());

describe('a list searched while its table is read', () => {
  it('answers, on the way to the whole answer, only the start of the whole answer of what was typed', async () => {
    const count = PREFIX_ROWS + 2_000;
    await putRows(db, Member, members(count));
    const all = await db.rows(Member).toArray();
    const seen: { search: string; data: ListResult }[] = [];
    const { result, rerender } = renderHook(
      ({ search }) => {
        const answer = useList(Member, { search }, { firstRows: true });
        if (answer.data) seen.push({ search, data: answer.data });
        return answer;
      },
      { initialProps: { search: '' } },
    );
    await waitFor(() => expect(result.current.data?.items.length).toBeGreaterThan(0));
    for (const search of ['ک', 'کاربر', 'کاربر 1', 'کاربر 12', 'u2']) rerender({ search });
    await waitFor(() => expect(result.current.data && !result.current.data.partial && !result.current.data.counting).toBe(true), {
      timeout: 30_000,
    });
    expect(seen.length).toBeGreaterThan(1);
    for (const { search, data } of seen) {
      const whole = selectRows(all, Member, { search });
      const ids = data.items.map((row) => row.id);
      expect(ids, `answer for «${search}»`).toEqual(whole.items.slice(0, ids.length).map((row) => row.id));
      if (!data.partial) expect(data.total).toBe(whole.total);
    }
    expect(result.current.data!.items.map((row) => row.id)).toEqual(selectRows(all, Member, { search: 'u2' }).items.map((row) => row.id));
  }, 60_000);
});
