import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The panel database's tables are those of the modules the app finds.
import '@/panel/modules.ts';
import type { Row } from '@/contract/entity.ts';
import { PanelDb } from '@/storage/PanelDb.ts';
import { reconcileRows } from '@/storage/reconcile.ts';
import { renderApp } from '../../../../tests/unit/renderApp.tsx';
import { ScanField, type Found } from '../../client/parts/ScanField.tsx';
import { Product } from '../../entities/masterData.ts';

let db: PanelDb;

// The panel the screen is in: only its database matters here.
vi.mock('@/storage/panelData.ts', async (original) => ({
  ...(await original<object>()),
  usePanelData: () => ({ db }),
}));

beforeEach(async () => {
  db = new PanelDb(`scan-field-${Math.random()}`);
  await db.open();
});

afterEach(() => db.close());

async function pulled(product: Row): Promise<void> {
  await db.transaction('rw', [db.rows(Product), db.outbox], () =>
    reconcileRows(db, Product, [product.id], new Map([[product.id, product]])),
  );
}

const tea: Row = {
  id: crypto.randomUUID(),
  version: 1,
  updatedAt: '2026-11-28T00:00:00Z',
  deleted: false,
  name: 'چای سبز',
  code: 'TEA-1',
  unit: 'pcs',
  barcodes: ['6260100000017'],
  active: true,
};

describe('a scanned code', () => {
  it('that names a product on this device is handed to the screen at once', async () => {
    await pulled(tea);
    const onFound = vi.fn<(found: Found) => void>();
    const { user } = await renderApp(<ScanField label="Scan" onFound={onFound} />, { locale: 'en' });
    await user.type(screen.getByLabelText('Scan'), '6260100000017{Enter}');
    await waitFor(() => expect(onFound).toHaveBeenCalledTimes(1));
    expect(onFound.mock.calls[0]![0]).toMatchObject({ kind: 'product', row: { id: tea.id } });
  });

  it('that names nothing yet is taken once the product reaches this device, and only once', async () => {
    const onFound = vi.fn<(found: Found) => void>();
    const { user } = await renderApp(<ScanField label="Scan" onFound={onFound} />, { locale: 'en' });
    await user.type(screen.getByLabelText('Scan'), '6260100000017{Enter}');
    await screen.findByText(/Nothing on this device has the code/);
    expect(onFound).not.toHaveBeenCalled();

    // The first sync of a new phone brings the product a moment after the label was read.
    await pulled(tea);
    await waitFor(() => expect(onFound).toHaveBeenCalledTimes(1));
    expect(onFound.mock.calls[0]![0]).toMatchObject({ kind: 'product', row: { id: tea.id } });
    expect(screen.queryByText(/Nothing on this device has the code/)).toBeNull();

    // Later changes to the product do not add it again.
    await pulled({ ...tea, version: 2, name: 'چای سبز ممتاز' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onFound).toHaveBeenCalledTimes(1);
  });
});
