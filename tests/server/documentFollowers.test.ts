/**
 * Cross-module posting (documents.md, issue 8; decision 033): a module follows another's published
 * document events without the source knowing of it. Proven with warehousing's receipt event and a
 * follower of the test's own (as accounting posts a voucher): it runs once per submit and once per
 * cancel, inside the step's transaction, with the payload warehousing built, only while its module
 * is enabled in the panel; a refusal it throws refuses the step and leaves no stock move behind.
 * A follower must name the publisher in `listensTo`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { entityPath, type EntityListResponse, type Row } from '../../src/contract/entity.ts';
import { followDocument } from '../../server/entities/documentEvents.ts';
import { RuleRejection } from '../../server/entities/writeContext.ts';
import { defineServerModule, registerServerModules, serverModules, type ServerModule } from '../../server/modules/serverModule.ts';
import { Location, Product, Warehouse } from '../../modules/WarehousingMVM/entities/masterData.ts';
import { Receipt, StockMove } from '../../modules/WarehousingMVM/entities/stock.ts';
import { receiptEvents } from '../../modules/WarehousingMVM/server/exports.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createRow, openPanel, rest, type PanelCaller } from './panelsFixture.ts';

const FOLLOWER = 'TestBooks';
let server: TestServer;
let panel: PanelCaller;
let warehouseId = '';
let locationId = '';
let productId = '';
let refuse = false;
const before = serverModules();

const follower: ServerModule = defineServerModule({
  module: { key: FOLLOWER, order: 99, entities: [], routes: {}, listensTo: ['WarehousingMVM'] },
  followers: [
    followDocument(FOLLOWER, receiptEvents, async (ctx, step, receipt) => {
      if (refuse) throw new RuleRejection(Code.NotPossibleNow, undefined, { detail: { reason: 'period closed' } });
      await ctx.tx.query('INSERT INTO test_postings (panel_id, doc_id, step, number, value) VALUES ($1, $2, $3, $4, $5)', [
        ctx.access.id,
        receipt.id,
        step,
        receipt.number,
        String(receipt.value),
      ]);
    }),
  ],
});

async function postings(docId: string): Promise<{ step: string; number: string; value: string }[]> {
  return server.db.query('SELECT step, number, value FROM test_postings WHERE doc_id = $1 ORDER BY id', [docId]);
}

async function enableFollower(on: boolean): Promise<void> {
  await server.db.query(
    `UPDATE panels SET modules = ${on ? `modules || '["${FOLLOWER}"]'::jsonb` : `modules - '${FOLLOWER}'`} WHERE code = $1`,
    [panel.code],
  );
}

async function step(doc: Row, what: 'submit' | 'cancel') {
  const current = await panel.call<Row>(rest.get(Receipt, doc.id));
  return panel.call<Row>(
    { method: 'POST', path: `${entityPath(Receipt)}/${doc.id}/${what}` },
    { body: { version: current.body.data!.version } },
  );
}

async function receipt(): Promise<Row> {
  return createRow(panel, Receipt, {
    direction: 'in',
    date: '2026-11-23',
    warehouseId,
    lines: [{ id: randomUUID(), productId, quantity: '4.500', unitPrice: 1000, locationId }],
  });
}

async function moves(docId: string): Promise<number> {
  const list = await panel.call<EntityListResponse>(rest.list(StockMove), { query: { 'filter.sourceId': docId } });
  return list.body.data!.total;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.db.exec(
    'CREATE TABLE test_postings (id serial PRIMARY KEY, panel_id uuid NOT NULL, doc_id uuid NOT NULL, step text NOT NULL, number text, value text)',
  );
  registerServerModules([...before, follower]);
  panel = await openPanel(server, await server.createAccount(), 'دفتر و انبار', ['WarehousingMVM']);
  warehouseId = (await createRow(panel, Warehouse, { name: 'انبار', code: 'W1' })).id;
  locationId = (await createRow(panel, Location, { warehouseId, code: 'A-01', kind: 'bin' })).id;
  productId = (await createRow(panel, Product, { name: 'چای', code: 'TEA', unit: 'piece' })).id;
});

afterAll(async () => {
  registerServerModules(before);
  await server.close();
});

describe('a module following another’s documents', () => {
  it('must name the publisher in listensTo', () => {
    const stranger = { key: 'Stranger', order: 99, entities: [], routes: {} };
    expect(() => defineServerModule({ module: stranger, followers: [followDocument('Stranger', receiptEvents, async () => {})] })).toThrow(
      /listensTo/,
    );
  });

  it('does nothing while its module is not enabled in the panel', async () => {
    const doc = await receipt();
    expect((await step(doc, 'submit')).status).toBe(200);
    expect(await postings(doc.id)).toEqual([]);
  });

  it('posts once on submit and once on cancel, with the payload warehousing published', async () => {
    await enableFollower(true);
    const doc = await receipt();
    const submitted = await step(doc, 'submit');
    expect(submitted.status).toBe(200);
    const number = submitted.body.data!.number as string;
    // 4.5 × 1,000 rials in: the value of the stock move, the same for the cancel to reverse.
    expect(await postings(doc.id)).toEqual([{ step: 'submitted', number, value: '4500' }]);
    expect((await step(doc, 'cancel')).status).toBe(200);
    expect(await postings(doc.id)).toEqual([
      { step: 'submitted', number, value: '4500' },
      { step: 'cancelled', number, value: '4500' },
    ]);
  });

  it('refuses the step when it refuses, leaving the document a draft with no stock moved', async () => {
    await enableFollower(true);
    refuse = true;
    try {
      const doc = await receipt();
      const answer = await step(doc, 'submit');
      expect([answer.status, answer.body.errorData?.code]).toEqual([409, Code.NotPossibleNow]);
      expect((await panel.call<Row>(rest.get(Receipt, doc.id))).body.data).toMatchObject({ status: 'draft', number: null });
      expect(await moves(doc.id)).toBe(0);
      expect(await postings(doc.id)).toEqual([]);
    } finally {
      refuse = false;
    }
  });
});
