/**
 * A create that is one statement (applyMutation's createsInOneStatement: a product, with no
 * beforeCreate hook) answers exactly as a create that looks its id up first: a taken id is 9107
 * on `id` with the row as it is, whatever else is wrong with the values; otherwise the first
 * broken rule, a reference before a taken value.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Activity } from '../../src/contract/entities/panelManagement.ts';
import type { EntityListResponse, Row } from '../../src/contract/entity.ts';
import type { Mutation } from '../../src/contract/sync.ts';
import { Category, Product } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { openPanel, rest, type PanelCaller } from './panelsFixture.ts';
import { syncClient } from './syncFixture.ts';

let server: TestServer;
let panel: PanelCaller;
let categoryId: string;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await server.createAccount();
  panel = await openPanel(server, owner, 'انبار آزمایش', ['PanelManagement', 'WarehousingMVM']);
  const category = await panel.call<Row>(rest.create(Category), { body: { id: randomUUID(), name: 'خشکبار' } });
  categoryId = category.body.data!.id;
});
afterAll(async () => {
  await server.close();
});

const product = (mutationId: number, id: string, values: Record<string, unknown>): Mutation => ({
  mutationId,
  entity: Product.key,
  op: 'create',
  id,
  values: { name: `کالا ${mutationId}`, unit: 'piece', ...values },
});

describe('a product create in one statement', () => {
  it('answers a taken id, a missing reference and a taken code as a look-up first would, and applies the rest', async () => {
    const client = syncClient(panel);
    const [taken, fresh, other] = [randomUUID(), randomUUID(), randomUUID()];
    const answer = await client.push([
      product(1, taken, { code: 'P-1', categoryId }),
      product(2, taken, { code: 'P-2', categoryId }),
      product(3, taken, { name: undefined, code: 'P-3' }),
      product(4, taken, { code: 'P-1', categoryId: randomUUID() }),
      product(5, other, { code: 'P-1' }),
      product(6, other, { code: 'P-1', categoryId: randomUUID() }),
      product(7, fresh, { code: 'P-2', categoryId }),
    ]);
    expect(answer.status).toBe(200);
    const results = answer.body.data!.results;
    expect(results.map((r) => [r.mutationId, r.status, r.code, r.fields ?? null, (r.row as Row | null)?.id ?? null])).toEqual([
      [1, 'applied', Code.Created, null, taken],
      [2, 'rejected', Code.AlreadyExists, { id: 'unique' }, taken],
      [3, 'rejected', Code.AlreadyExists, { id: 'unique' }, taken],
      [4, 'rejected', Code.AlreadyExists, { id: 'unique' }, taken],
      [5, 'rejected', Code.AlreadyExists, { code: 'unique' }, null],
      [6, 'rejected', Code.IdNotRegistered, { categoryId: 'reference' }, null],
      [7, 'applied', Code.Created, null, fresh],
    ]);
    // The taken id's answers show the row as the first create wrote it.
    expect(results[3]!.row).toMatchObject({ id: taken, version: 1, code: 'P-1', name: 'کالا 1', categoryId });
    const audit = await panel.call<EntityListResponse>(rest.list(Activity), { query: { pageSize: '500' } });
    expect(audit.body.data!.items.filter((a) => a.rowId === taken)).toHaveLength(1);

    // A later batch: an id stored before it, rows naming different fields, a code freed by no one.
    const [third, fourth] = [randomUUID(), randomUUID()];
    const later = await client.push([
      product(8, taken, { code: 'P-8' }),
      product(9, third, { code: 'P-9', description: 'با شرح', salePrice: 1500 }),
      product(10, fourth, { code: 'P-10' }),
      product(11, randomUUID(), { code: 'P-9' }),
    ]);
    expect(later.body.data!.results.map((r) => [r.mutationId, r.status, r.code, r.fields ?? null])).toEqual([
      [8, 'rejected', Code.AlreadyExists, { id: 'unique' }],
      [9, 'applied', Code.Created, null],
      [10, 'applied', Code.Created, null],
      [11, 'rejected', Code.AlreadyExists, { code: 'unique' }],
    ]);
    expect(later.body.data!.results[1]!.row).toMatchObject({ id: third, code: 'P-9', description: 'با شرح', salePrice: 1500 });
    expect(later.body.data!.results[2]!.row).toMatchObject({ id: fourth, code: 'P-10', description: null });
  });

  it('refuses a taken id over REST with 9107, and a deleted row keeps its id taken', async () => {
    const id = randomUUID();
    const created = await panel.call<Row>(rest.create(Product), { body: { id, name: 'چای', code: 'T-1', unit: 'piece' } });
    expect(created.status).toBe(201);
    const again = await panel.call(rest.create(Product), { body: { id, name: 'قهوه', code: 'T-2', unit: 'piece' } });
    expect([again.status, again.body.errorData?.code]).toEqual([409, Code.AlreadyExists]);
    expect((await panel.call(rest.remove(Product, id), { query: { version: '1' } })).status).toBe(200);
    const afterDelete = await panel.call(rest.create(Product), { body: { id, name: 'قهوه', code: 'T-1', unit: 'piece' } });
    expect([afterDelete.status, afterDelete.body.errorData?.code]).toEqual([409, Code.AlreadyExists]);
  });
});
