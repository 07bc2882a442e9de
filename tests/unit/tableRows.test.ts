import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { reconcileRows } from '../../src/storage/reconcile.ts';
import { KEEP_MS, useTableRows } from '../../src/storage/tableRows.ts';
import { useReferenceMaps } from '../../src/panel/entity/useReferenceMaps.ts';

let db: PanelDb;

// The panel a screen is in (for the reference names): only its database matters here.
vi.mock('../../src/storage/panelData.ts', async (original) => ({ ...(await original<object>()), usePanelData: () => ({ db }) }));

beforeEach(async () => {
  db = new PanelDb(`table-rows-${Math.random()}`);
  await db.open();
});

afterEach(() => {
  vi.useRealTimers();
  db.close();
});

async function role(i: number, name: string): Promise<string> {
  const row: Row = {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    version: 1,
    updatedAt: '2026-01-01T00:00:00Z',
    deleted: false,
    name,
    description: null,
    parentRoleId: null,
    permissions: [],
  };
  await db.transaction('rw', [db.rows(Role), db.outbox], () => reconcileRows(db, Role, [row.id], new Map([[row.id, row]])));
  return row.id;
}

const names = (rows: (Row[] | undefined)[]) => rows[0]?.map((r) => r.name);

describe('the rows of a table shared by the screens that show it', () => {
  it('are there at once, and current, when a list is opened again soon after it was left', async () => {
    await role(1, 'انباردار');
    const first = renderHook(() => useTableRows(db, [Role]));
    await waitFor(() => expect(names(first.result.current)).toEqual(['انباردار']));
    first.unmount();

    // Changed while nobody looked: the table is still watched, so the change is already in.
    await role(2, 'صندوق‌دار');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = renderHook(() => useTableRows(db, [Role]));
    expect(names(again.result.current)).toEqual(['انباردار', 'صندوق‌دار']);
    again.unmount();
  });

  it('stop being watched, and are let go, once nobody has looked for a while', async () => {
    await role(1, 'انباردار');
    const first = renderHook(() => useTableRows(db, [Role]));
    await waitFor(() => expect(names(first.result.current)).toEqual(['انباردار']));
    vi.useFakeTimers();
    first.unmount();
    act(() => vi.advanceTimersByTime(KEEP_MS + 1));
    vi.useRealTimers();
    const later = renderHook(() => useTableRows(db, [Role]));
    expect(later.result.current[0]).toBeUndefined();
    await waitFor(() => expect(names(later.result.current)).toEqual(['انباردار']));
    later.unmount();
  });
});

describe('the names a screen shows for its references', () => {
  it('are worked out again when a referenced table changes, not on every render of the screen', async () => {
    const keeper = await role(1, 'انباردار');
    const maps = renderHook(() => useReferenceMaps(Role.fields));
    await waitFor(() => expect(maps.result.current.get('parentRoleId')?.get(keeper)).toBe('انباردار'));
    const first = maps.result.current;

    // A keystroke elsewhere on the screen renders it again: the same maps, nothing rebuilt.
    maps.rerender();
    maps.rerender();
    expect(maps.result.current).toBe(first);

    const cashier = await role(2, 'صندوق‌دار');
    await waitFor(() => expect(maps.result.current.get('parentRoleId')?.get(cashier)).toBe('صندوق‌دار'));
    expect(maps.result.current).not.toBe(first);
    maps.unmount();
  });
});
