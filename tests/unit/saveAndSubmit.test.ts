import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { createRow, saveAndSubmit, ValidationError } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { documentState } from '../../src/panel/document/documentState.ts';

let db: PanelDb;

beforeEach(async () => {
  db = new PanelDb(`save-submit-${Math.random()}`, { entities: [Receipt] });
  await db.open();
});

afterEach(() => db.close());

const line = { id: '6f1d2c1e-0000-4000-8000-000000000001', productId: '6f1d2c1e-0000-4000-8000-0000000000aa', quantity: '3' };
const receipt = { direction: 'in', date: '2026-11-26', warehouseId: '6f1d2c1e-0000-4000-8000-0000000000bb', lines: [line] };

describe('"Save and submit" is one intent', () => {
  it('queues the new draft and its submit in one readwrite transaction, so no reload can keep one without the other', async () => {
    db.close();
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction');
    db = new PanelDb(`save-submit-tx-${Math.random()}`, { entities: [Receipt] });
    const row = await saveAndSubmit(db, Receipt, null, receipt);
    const writes = spy.mock.calls.filter(([stores, mode]) => mode === 'readwrite' && [...(stores as Iterable<string>)].includes('outbox'));
    expect(writes).toHaveLength(1);
    spy.mockRestore();
    const queued = await db.outbox.orderBy('mutationId').toArray();
    // On the wire the server still sees what documents.md says: the values, then the submit that depends on them.
    expect(queued.map((e) => e.op)).toEqual(['create', 'submit']);
    expect(queued[1]).toMatchObject({ id: row.id, dependsOn: queued[0]!.mutationId, baseVersion: 1 });
    expect(documentState((await db.rows(Receipt).get(row.id))!)).toBe('submitting');
  });

  it('writes nothing at all when the submit is refused on this device (a document without lines)', async () => {
    await expect(saveAndSubmit(db, Receipt, null, { ...receipt, lines: [] })).rejects.toBeInstanceOf(ValidationError);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.rows(Receipt).count()).toBe(0);
  });

  it('keeps neither the edit nor the submit when the transaction fails half way, leaving the draft as it was', async () => {
    const draft = await createRow(db, Receipt, receipt);
    let writes = 0;
    db.outbox.hook('creating', () => {
      if (++writes === 2) throw new Error('the page closed');
    });
    await expect(saveAndSubmit(db, Receipt, draft.id, { ...receipt, reference: 'INV-7' })).rejects.toThrow('the page closed');
    expect((await db.outbox.toArray()).map((e) => e.op)).toEqual(['create']);
    const row = (await db.rows(Receipt).get(draft.id))!;
    expect(row.reference).toBeNull();
    expect(documentState(row)).toBe('draft');
  });

  it('saves the changed fields of an existing draft, then its submit', async () => {
    const draft = await createRow(db, Receipt, receipt);
    await saveAndSubmit(db, Receipt, draft.id, { ...receipt, reference: 'INV-7' });
    const queued = await db.outbox.orderBy('mutationId').toArray();
    expect(queued.map((e) => [e.op, e.values])).toEqual([
      ['create', expect.objectContaining({ direction: 'in' })],
      ['update', { reference: 'INV-7' }],
      ['submit', undefined],
    ]);
    expect((await db.rows(Receipt).get(draft.id))?.status).toBe('submitted');
  });
});
