import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '../../src/contract/entities/panelManagement.ts';
import type { Row } from '../../src/contract/entity.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { reconcileRows } from '../../src/storage/reconcile.ts';
import { useReferenceMaps } from '../../src/panel/entity/useReferenceMaps.ts';

let db: PanelDb;

// The panel a screen is in: only its database matters here.
vi.mock('../../src/storage/panelData.ts', () => ({ usePanelData: () => ({ db }) }));

beforeEach(async () => {
  db = new PanelDb(`reference-maps-${Math.random()}`);
  await db.open();
});

afterEach(() => db.close());

async function role(name: string): Promise<string> {
  const row: Row = {
    id: crypto.randomUUID(),
    version: 1,
    updatedAt: '2026-11-28T00:00:00Z',
    deleted: false,
    name,
    description: null,
    parentRoleId: null,
    permissions: [],
  };
  await db.transaction('rw', [db.rows(Role), db.outbox], () => reconcileRows(db, Role, [row.id], new Map([[row.id, row]])));
  return row.id;
}

describe('the names a screen shows for its references', () => {
  it('are worked out again when a referenced table changes, not on every render of the screen', async () => {
    const keeper = await role('انباردار');
    const maps = renderHook(() => useReferenceMaps(Role.fields));
    await waitFor(() => expect(maps.result.current.get('parentRoleId')?.get(keeper)).toBe('انباردار'));
    const first = maps.result.current;

    // A keystroke elsewhere on the screen renders it again: the same maps, nothing rebuilt.
    maps.rerender();
    maps.rerender();
    expect(maps.result.current).toBe(first);

    const cashier = await role('صندوق‌دار');
    await waitFor(() => expect(maps.result.current.get('parentRoleId')?.get(cashier)).toBe('صندوق‌دار'));
    expect(maps.result.current).not.toBe(first);
    maps.unmount();
  });
});
