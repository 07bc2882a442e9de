/**
 * Warehousing's opening stock (a goods-in receipt marked `opening`, bought from nobody) posts
 * inventory against opening balance equity, never against payables; a supplier's receipt still
 * posts against that supplier's payable. Books written before the opening-balance account joined
 * the standard chart get it at their next posting.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entity, Row } from '../../../../src/contract/entity.ts';
import { entityByKey } from '../../../../src/contract/modules.ts';
import { startTestServer, type TestServer } from '../../../../tests/server/harness.ts';
import { createRow, openPanel, rest } from '../../../../tests/server/panelsFixture.ts';
import { Account, Party } from '../../entities/books.ts';
import { mirrorPartyId } from '../../server/parties.ts';
import { allRows, balances, code, journal, net, roleCode, step } from './books.ts';

// Read by key, as the follower does: accounting does not depend on warehousing.
const of = (key: string): Entity => entityByKey(`WarehousingMVM/${key}`)!;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A panel with accounting and warehousing, one warehouse, bin and product. */
async function shop(name: string) {
  const panel = await openPanel(server, await server.createAccount(), name, ['MarketAccounting', 'WarehousingMVM']);
  const warehouse = await createRow(panel, of('Warehouse'), { name: 'انبار', code: 'W1' });
  const locationId = (await createRow(panel, of('Location'), { warehouseId: warehouse.id, code: 'A-01', kind: 'bin' })).id;
  const product = await createRow(panel, of('Product'), { name: 'برنج', code: 'RICE', unit: 'piece' });
  const goodsIn = async (values: Record<string, unknown>, quantity: string, unitPrice: number): Promise<Row> => {
    const receipt = await createRow(panel, of('Receipt'), {
      direction: 'in',
      date: '2026-11-22',
      warehouseId: warehouse.id,
      ...values,
      lines: [{ id: randomUUID(), productId: product.id, quantity, unitPrice, locationId }],
    });
    const submitted = await step(panel, of('Receipt'), receipt.id, 'submit');
    expect(submitted.status).toBe(200);
    return receipt;
  };
  return { panel, goodsIn };
}

const payable = code(roleCode('payable'));
const inventory = code(roleCode('inventory'));
const openingBalance = code(roleCode('openingBalance'));

describe('opening stock', () => {
  it('is in the standard chart as an equity account under equity, posted to by the server', async () => {
    const { panel } = await shop('فروشگاه آغاز');
    await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
    const account = (await allRows(panel, Account)).find((a) => a.id === openingBalance);
    expect(account).toMatchObject({
      code: '3104',
      name: 'تراز افتتاحیه',
      kind: 'equity',
      parentId: code('3'),
      postable: true,
      role: 'openingBalance',
    });
  });

  it('posts inventory against opening balance equity and leaves payables and parties alone; a supplier’s receipt still credits the supplier’s payable', async () => {
    const { panel, goodsIn } = await shop('فروشگاه افتتاحیه');
    const opening = await goodsIn({ opening: true, reference: 'موجودی اول دوره' }, '20', 100_000);

    const lines = await journal(panel, { 'filter.sourceId': opening.id });
    // The journal's order among one voucher's lines is not part of the contract: debits first here.
    const posted = lines.map((l) => ({ accountId: l.accountId, partyId: l.partyId, debit: Number(l.debit), credit: Number(l.credit) }));
    expect(posted.sort((a, b) => b.debit - a.debit)).toEqual([
      { accountId: inventory, partyId: null, debit: 2_000_000, credit: 0 },
      { accountId: openingBalance, partyId: null, debit: 0, credit: 2_000_000 },
    ]);
    let all = await balances(panel);
    expect(net(all, (b) => b.accountId === openingBalance)).toBe(-2_000_000);
    expect(all.filter((b) => b.accountId === payable)).toEqual([]);
    expect(all.filter((b) => b.partyId !== null)).toEqual([]);
    expect(await allRows(panel, Party)).toEqual([]);

    const supplier = await createRow(panel, of('Party'), { name: 'پخش گلستان', kinds: ['supplier'] });
    const bought = await goodsIn({ partyId: supplier.id }, '5', 120_000);
    const mirror = mirrorPartyId('WarehousingMVM/Party', supplier.id);
    const boughtLines = await journal(panel, { 'filter.sourceId': bought.id });
    expect(boughtLines.find((l) => Number(l.credit) > 0)).toMatchObject({ accountId: payable, partyId: mirror, credit: 600_000 });
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === payable)).toBe(-600_000);
    expect(net(all, (b) => b.partyId === mirror)).toBe(-600_000);
    expect(net(all, (b) => b.accountId === openingBalance)).toBe(-2_000_000);
    expect(net(all, (b) => b.accountId === inventory)).toBe(2_600_000);

    // Cancelling the opening stock takes it out of equity again, still without touching payables.
    await step(panel, of('Receipt'), opening.id, 'cancel');
    all = await balances(panel);
    expect(net(all, (b) => b.accountId === openingBalance)).toBe(0);
    expect(net(all, (b) => b.accountId === payable)).toBe(-600_000);
    expect(net(all)).toBe(0);
  });

  it('gets its account into books written before the account joined the chart', async () => {
    const { panel, goodsIn } = await shop('فروشگاه قدیمی');
    await panel.call({ method: 'POST', path: '/api/MarketAccounting/books' });
    // Older books: the chart as it was written before 3104 was part of it.
    await server.db.query(`DELETE FROM ${Account.table} WHERE id = $1 AND panel_id = (SELECT id FROM panels WHERE code = $2)`, [
      openingBalance,
      panel.code,
    ]);
    expect((await panel.call(rest.get(Account, openingBalance))).status).toBe(404);

    await goodsIn({ opening: true }, '3', 50_000);
    expect((await panel.call<Row>(rest.get(Account, openingBalance))).body.data).toMatchObject({
      code: '3104',
      kind: 'equity',
      role: 'openingBalance',
    });
    expect(net(await balances(panel), (b) => b.accountId === openingBalance)).toBe(-150_000);
  });
});
