/**
 * A large panel's stock search (decision 055): products' ids and search texts kept in memory in
 * title order once read, a search scanning them and going on through IndexedDB past what is read.
 * Whatever part of the index is read, the answer is the first products in title order (ties by id)
 * whose search text holds every word; a product written drops the index, so a search sees it.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '@/contract/entity.ts';
import { localTexts, type LocalRow } from '@/storage/localRecords.ts';
import { PanelDb } from '@/storage/PanelDb.ts';
import { productIndex, searchProducts } from '../../client/useStock.ts';
import warehousing from '../../module.ts';
import { Product } from '../../entities/masterData.ts';

const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const words = ['چای', 'برنج', 'روغن', 'شکر', 'پنیر'];

function product(i: number, name: string): LocalRow {
  const row: Row = {
    id: u(i),
    version: 1,
    updatedAt: '2026-11-24T00:00:00.000Z',
    deleted: false,
    name,
    code: `P${i}`,
    unit: 'piece',
    active: true,
    barcodes: [],
  };
  return { ...row, _pending: 0, ...localTexts(Product, row) };
}

/** The definition: every product in the `_sort` index's order (title, then id), those holding every word, the first `count`. */
async function expected(db: PanelDb, search: string[], count: number): Promise<string[]> {
  const all = await db.rows(Product).orderBy('_sort').toArray();
  return all
    .filter((p) => search.every((w) => p._search.includes(w)))
    .slice(0, count)
    .map((p) => p.id);
}

async function expectSame(db: PanelDb, search: string[], count: number): Promise<void> {
  const { products, more } = await searchProducts(db, search, count);
  const want = await expected(db, search, count);
  expect(products.map((p) => p.id)).toEqual(want);
  expect(more).toBe(want.length === count);
}

describe('stock search over the products kept in memory', () => {
  it('answers the first matching products in title order, while the index is read and once it is whole', async () => {
    const db = new PanelDb(`stock-search-${Math.random()}`, { entities: warehousing.entities });
    await db.open();
    // Many ties: 5,000 products, 250 names.
    await db
      .rows(Product)
      .bulkPut(Array.from({ length: 5_000 }, (_, i) => product((i * 7919) % 5_000, `${words[i % words.length]} ${i % 50}`)));
    const searches: [string[], number][] = [
      [['چای'], 60],
      [['پنیر', '4'], 260],
      [['p4999'], 60],
      [['نیست'], 60],
      [['شکر 1'], 2_000],
    ];
    // The index has just started being read: searches go on through IndexedDB past it.
    productIndex(db);
    for (const [search, count] of searches) await expectSame(db, search, count);
    for (let waited = 0; !productIndex(db).complete && waited < 200; waited++) await new Promise((r) => setTimeout(r, 50));
    expect(productIndex(db).complete).toBe(true);
    expect(productIndex(db).ids).toHaveLength(5_000);
    for (const [search, count] of searches) await expectSame(db, search, count);
    // A product written drops the index: the next search sees it.
    await db.rows(Product).put(product(9_999, 'چای 0'));
    await expectSame(db, ['چای', '0'], 60);
    await expectSame(db, ['p9999'], 60);
    db.close();
  }, 120_000);
});
