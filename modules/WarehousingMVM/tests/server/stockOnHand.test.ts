/**
 * Stock on hand a page at a time (decision 052) against the real server: per product and warehouse
 * with quantity and value, in a warehouse or all of them, the warehouse's exact totals, search and
 * order, pages by number or from the page before's last row, the value only for one who reads it,
 * another panel's warehouse answered 404, bad pages 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../../../src/contract/access.ts';
import { Code } from '../../../../src/contract/codes.ts';
import type { Row } from '../../../../src/contract/entity.ts';
import { entityPath, permission } from '../../../../src/contract/entity.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { acceptedMember, callerIn, createRow, openPanel, rest, type PanelCaller } from '../../../../tests/server/panelsFixture.ts';
import { Product, Warehouse } from '../../entities/masterData.ts';
import { Receipt, StockBalance, StockValuation } from '../../entities/stock.ts';
import { stockOnHandEndpoint, type StockOnHandAnswer } from '../../rules/stockOnHandEndpoint.ts';

let server: TestServer;
let owner: PanelCaller;
let keeper: PanelCaller;
let outsider: PanelCaller;
let other: PanelCaller;
let central: Row;
let north: Row;
let elsewhere: Row;
const products: Row[] = [];

async function goodsIn(warehouse: Row, lines: [Row, string, number][]): Promise<void> {
  const doc = await createRow(owner, Receipt, {
    direction: 'in',
    date: '2026-11-22',
    warehouseId: warehouse.id,
    lines: lines.map(([product, quantity, unitPrice]) => ({ id: randomUUID(), productId: product.id, quantity, unitPrice })),
  });
  const current = await owner.call<Row>(rest.get(Receipt, doc.id));
  const submitted = await owner.call<Row>(
    { method: 'POST', path: `${entityPath(Receipt)}/${doc.id}/submit` },
    { body: { version: current.body.data!.version } },
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await openPanel(server, await server.createAccount(), 'انبار نور', ['PanelManagement', 'WarehousingMVM']);
  central = await createRow(owner, Warehouse, { name: 'انبار مرکزی', code: 'C1' });
  north = await createRow(owner, Warehouse, { name: 'انبار شمال', code: 'N1' });
  for (const [name, code] of [
    ['برنج هاشمی', 'P-3'],
    ['چای سبز', 'P-1'],
    ['روغن', 'P-2'],
    ['عدس', 'P-4'],
  ])
    products.push(await createRow(owner, Product, { name, code, unit: 'kg' }));
  const [rice, tea, oil] = products as [Row, Row, Row, Row];
  await goodsIn(central, [
    [rice, '10.5', 1_200_000],
    [tea, '0.25', 4_000_000],
    [oil, '3', 333_333],
  ]);
  await goodsIn(north, [[rice, '2.125', 1_000_000]]);

  const reader = await createRow(owner, Role, { name: 'انباردار', permissions: [permission(StockBalance, 'read')] });
  const account = await server.createAccount();
  await acceptedMember(server, owner, reader.id, account);
  keeper = callerIn(server, account, owner.code);
  const nobodyRole = await createRow(owner, Role, { name: 'بی‌دسترسی', permissions: [permission(Product, 'read')] });
  const nobody = await server.createAccount();
  await acceptedMember(server, owner, nobodyRole.id, nobody);
  outsider = callerIn(server, nobody, owner.code);
  other = await openPanel(server, await server.createAccount(), 'فروشگاه دیگر', ['PanelManagement', 'WarehousingMVM']);
  elsewhere = await createRow(other, Warehouse, { name: 'انبار دیگر', code: 'X1' });
});
afterAll(async () => {
  await server.close();
});

const stock = (caller: PanelCaller, query: Record<string, string> = {}) => caller.call<StockOnHandAnswer>(stockOnHandEndpoint, { query });

describe('stock on hand', () => {
  it('pages a warehouse per product in title order, with its exact totals', async () => {
    const answer = await stock(owner, { warehouseId: String(central.id), pageSize: '2' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data!;
    expect(data.rows).toEqual([
      { productId: products[0]!.id, warehouseId: central.id, code: 'P-3', name: 'برنج هاشمی', quantity: '10.500', value: '12600000' },
      { productId: products[1]!.id, warehouseId: central.id, code: 'P-1', name: 'چای سبز', quantity: '0.250', value: '1000000' },
    ]);
    // 12,600,000 + 1,000,000 + 999,999 rials; 10.5 + 0.25 + 3 exactly.
    expect(data.totals).toEqual({ rows: 3, quantity: '13.750', value: '14599999' });
    expect(data).toMatchObject({ page: 1, pageSize: 2, matching: 3 });
    const second = await stock(owner, { warehouseId: String(central.id), pageSize: '2', page: '2' });
    expect(second.body.data!.rows.map((r) => r.code)).toEqual(['P-2']);
  });

  it('lists every warehouse a row per product and warehouse, sorts by code and searches names and codes', async () => {
    const all = await stock(owner, { sort: 'code' });
    const [rice1, rice2] = [central.id, north.id].sort();
    expect(all.body.data!.rows.map((r) => [r.code, r.warehouseId, r.quantity])).toEqual([
      ['P-1', central.id, '0.250'],
      ['P-2', central.id, '3.000'],
      ['P-3', rice1, rice1 === central.id ? '10.500' : '2.125'],
      ['P-3', rice2, rice2 === central.id ? '10.500' : '2.125'],
    ]);
    expect(all.body.data!.totals).toEqual({ rows: 4, quantity: '15.875', value: '16724999' });
    const found = await stock(owner, { search: 'برنج', warehouseId: String(central.id) });
    expect(found.body.data!.rows.map((r) => r.code)).toEqual(['P-3']);
    expect(found.body.data!.matching).toBe(1);
    // The totals are the whole warehouse's, whatever the search.
    expect(found.body.data!.totals.rows).toBe(3);
    const byCode = await stock(owner, { warehouseId: String(north.id), search: 'p-3' });
    expect(byCode.body.data!.rows.map((r) => r.quantity)).toEqual(['2.125']);
  });

  it('walks the pages from one next to the next, the same rows as the numbered pages, in either order and warehouse (decision 059)', async () => {
    const queries: Record<string, string>[] = [{ warehouseId: String(central.id) }, {}, { sort: 'code' }, { search: 'ن' }];
    for (const query of queries) {
      const whole = (await stock(owner, { ...query, pageSize: '500' })).body.data!;
      const walked: typeof whole.rows = [];
      let after: string | null = null;
      for (let step = 0; step < 10; step++) {
        const page: StockOnHandAnswer = (await stock(owner, { ...query, pageSize: '1', ...(after ? { after } : {}) })).body.data!;
        expect(page.matching).toBe(whole.matching);
        walked.push(...page.rows);
        after = page.next;
        if (!after) break;
      }
      expect(walked, JSON.stringify(query)).toEqual(whole.rows);
    }
    // A page that is not full is the last: nothing follows it.
    expect((await stock(owner, { warehouseId: String(central.id), pageSize: '50' })).body.data!.next).toBeNull();
  });

  it('shows the value only to one who reads stock values, and nothing to one who reads no stock', async () => {
    const seen = await stock(keeper, { warehouseId: String(central.id) });
    expect(seen.status).toBe(200);
    expect(seen.body.data!.rows.every((r) => r.value === null)).toBe(true);
    expect(seen.body.data!.totals).toEqual({ rows: 3, quantity: '13.750', value: null });
    const refused = await stock(outsider);
    expect(refused.status).toBe(403);
    expect(refused.body.errorData?.code).toBe(Code.InvalidOperation);
  });

  it("answers another panel's warehouse, or one that does not exist, 404", async () => {
    for (const id of [String(elsewhere.id), randomUUID()]) {
      const answer = await stock(owner, { warehouseId: id });
      expect(answer.status).toBe(404);
      expect(answer.body.errorData?.code).toBe(Code.NotFound);
    }
    // The other panel sees its own warehouse, empty.
    const own = await stock(other, { warehouseId: String(elsewhere.id) });
    expect(own.body.data).toMatchObject({ rows: [], matching: 0, totals: { rows: 0, quantity: '0.000', value: '0' } });
  });

  it('answers bad pages, sizes, sorts and warehouses 400 with the catalogue code, never 500', async () => {
    const bad: Record<string, string>[] = [
      { page: '0' },
      { page: '-1' },
      { page: 'x' },
      { pageSize: '501' },
      { pageSize: '0' },
      { sort: 'value' },
      { warehouseId: 'not-a-uuid' },
      { search: 'x'.repeat(201) },
      { after: 'x' },
      { after: Buffer.from(JSON.stringify(['a', 'b', 'c'])).toString('base64url') },
      { after: Buffer.from('[').toString('base64url') },
      { after: '!!' },
    ];
    for (const query of bad) {
      const answer = await stock(owner, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.errorData?.code).toBe(Code.BadRequest);
    }
  });

  it('keeps the totals as postings move the valuations: always what summing the valuations gives (decision 057)', async () => {
    const [, , oil] = products as [Row, Row, Row, Row];
    // All the oil goes out of the central warehouse: its row leaves the count, its value the sum.
    const doc = await createRow(owner, Receipt, {
      direction: 'out',
      date: '2026-11-23',
      warehouseId: central.id,
      lines: [{ id: randomUUID(), productId: oil.id, quantity: '3', unitPrice: null }],
    });
    const current = await owner.call<Row>(rest.get(Receipt, doc.id));
    const submitted = await owner.call<Row>(
      { method: 'POST', path: `${entityPath(Receipt)}/${doc.id}/submit` },
      { body: { version: current.body.data!.version } },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const answer = await stock(owner, { warehouseId: String(central.id) });
    expect(answer.body.data!.totals).toEqual({ rows: 2, quantity: '10.750', value: '13600000' });
    const [kept, summed] = await Promise.all(
      [
        'SELECT warehouse_id, rows::int AS rows, quantity::text AS quantity, value::text AS value FROM stock_on_hand_totals WHERE panel_id = (SELECT id FROM panels WHERE code = $1)',
        `SELECT warehouse_id, (count(*) FILTER (WHERE quantity <> 0))::int AS rows, sum(quantity)::text AS quantity, sum(value)::text AS value
         FROM ${StockValuation.table} WHERE panel_id = (SELECT id FROM panels WHERE code = $1) AND NOT deleted GROUP BY warehouse_id`,
      ].map(async (sql) => (await server.db.query(`${sql} ORDER BY warehouse_id`, [owner.code])).map((r) => ({ ...r }))),
    );
    expect(kept).toEqual(summed);
  });
});
