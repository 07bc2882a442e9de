import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Receipt } from '../../modules/WarehousingMVM/entities/stock.ts';
import { Code } from '../../src/contract/codes.ts';
import type { Row } from '../../src/contract/entity.ts';
import type { MutationResult } from '../../src/contract/sync.ts';
import { saveAndSubmit, stepDocument } from '../../src/storage/localWrites.ts';
import { PanelDb } from '../../src/storage/PanelDb.ts';
import { applyPullPage, applyPushResults } from '../../src/storage/syncResults.ts';

let db: PanelDb;

beforeEach(async () => {
  db = new PanelDb(`refusals-${Math.random()}`, { entities: [Receipt] });
  await db.open();
});

afterEach(() => db.close());

const line = { id: '6f1d2c1e-0000-4000-8000-000000000001', productId: '6f1d2c1e-0000-4000-8000-0000000000aa', quantity: '3' };
const values = { direction: 'out', date: '2026-11-26', warehouseId: '6f1d2c1e-0000-4000-8000-0000000000bb', lines: [line] };

function serverRow(id: string, version: number, status: string): Row {
  return {
    id,
    version,
    updatedAt: '2026-11-26T10:00:00.000Z',
    deleted: false,
    ...values,
    partyId: null,
    reference: null,
    note: null,
    opening: false,
    status,
    number: status === 'draft' ? null : 'RC-1405-00001',
    submittedAt: null,
    amendedFrom: null,
  };
}

/** Sends everything queued and answers each mutation as `answer` says. */
async function push(answer: (op: string) => Omit<MutationResult, 'mutationId'>): Promise<void> {
  const sent = await db.outbox.orderBy('mutationId').toArray();
  const results = sent.map((entry) => ({ mutationId: entry.mutationId, ...answer(entry.op) }));
  await applyPushResults(db, sent, { lastMutationId: sent.at(-1)!.mutationId, results }, '2026-11-26T10:00:00.000Z');
}

const shortfall = {
  shortfalls: [
    { productId: line.productId, warehouseId: values.warehouseId, locationId: null, batch: null, needed: '3.000', available: '1.000' },
  ],
};

async function refusedSubmit(): Promise<string> {
  const row = await saveAndSubmit(db, Receipt, null, values);
  await push((op) =>
    op === 'create'
      ? { status: 'applied', code: 9001, message: '', row: serverRow(row.id, 1, 'draft') }
      : { status: 'rejected', code: Code.NotPossibleNow, message: 'not now', detail: shortfall, row: serverRow(row.id, 1, 'draft') },
  );
  expect(await db.problems.toArray()).toMatchObject([{ op: 'submit', detail: shortfall }]);
  return row.id;
}

describe('a refusal lasts only until a later step of the document succeeds', () => {
  it('goes once the person submits the document again and the server accepts it', async () => {
    const id = await refusedSubmit();
    await stepDocument(db, Receipt, id, 'submit');
    await push(() => ({ status: 'applied', code: 9003, message: '', row: serverRow(id, 2, 'submitted') }));
    expect(await db.problems.count()).toBe(0);
  });

  it('goes once the server says the document was submitted elsewhere', async () => {
    const id = await refusedSubmit();
    await applyPullPage(db, [{ entity: Receipt.key, row: serverRow(id, 2, 'submitted') }], 5);
    expect(await db.problems.count()).toBe(0);
  });

  it('stays while the document is still a draft on the server', async () => {
    const id = await refusedSubmit();
    await applyPullPage(db, [{ entity: Receipt.key, row: serverRow(id, 1, 'draft') }], 5);
    expect(await db.problems.count()).toBe(1);
  });
});
