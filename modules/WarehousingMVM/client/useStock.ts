/**
 * Stock on hand as screens read it from this device (decision 052). Reading 300,000 balances
 * whole takes seconds on a phone, so:
 * - up to WHOLE_TABLES_MAX products, a screen gets two answers: the rows of the first products in
 *   title order at once, read through indexes (the `_sort` of products, the `productId` of
 *   balances and values), then every row once the whole tables are in. The first answer is exactly
 *   the start of the second (same order, every row of those products), so nothing moves on screen;
 * - above it, the whole tables are never read: the rows of the first products in title order, a
 *   page more each time the person nears the end; a search reads the products' search texts in
 *   chunks through the same index, stopping once a page has matched;
 * - the totals (rows holding stock, value) come from the totals the storage keeps per warehouse
 *   (StockValuation's `totals`), never from the rows.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { documentState, ensureTotals, type LocalRow, type PanelDb, pendingRows, readTotals, sumTotals, useTableRows } from '@/moduleKit.ts';
import { Product } from '../entities/masterData.ts';
import { Receipt, StockBalance, StockValuation } from '../entities/stock.ts';
import { stockRows, type StockInputs, type StockRow } from './stockView.ts';

/** Of these receipts and issues, those whose submit (adds) or cancel (takes back) waits for the server. */
export function queuedStock(receipts: readonly LocalRow[]): StockInputs['queued'] {
  return receipts.flatMap((row): StockInputs['queued'][number][] => {
    const state = documentState(row);
    return state === 'submitting' ? [{ row, sign: 1 }] : state === 'cancelling' ? [{ row, sign: -1 }] : [];
  });
}

/** Products read for the first answer: a few screens of rows, however few of them hold stock. */
export const FIRST_PRODUCTS = 60;
/** Above this many products the whole tables are not read at all. */
export const WHOLE_TABLES_MAX = 20_000;
/** Products read for each further page of a large panel. */
export const PAGE_PRODUCTS = 200;
/** Products whose search texts one step of a search reads. */
const SEARCH_CHUNK = 2_000;

/** Receipts and issues whose submit or cancel waits for the server (read through the outbox). */
async function queuedDocuments(db: PanelDb): Promise<StockInputs['queued']> {
  return queuedStock(await pendingRows(db, Receipt));
}

/** The rows of these products (read in title order), their balances and values read through indexes. */
async function rowsOf(db: PanelDb, products: LocalRow[]): Promise<StockRow[]> {
  const ids = products.map((p) => p.id);
  // A first page: one range read per product, all asked at once (`anyOf` walks a cursor, a round trip
  // per row in turn); more products: the cursor, whose rows do not all land in one burst.
  const ofProducts = async (entity: { table: string }) =>
    ids.length > FIRST_PRODUCTS
      ? db.rows(entity).where('productId').anyOf(ids).toArray()
      : (await Promise.all(ids.map((id) => db.rows(entity).where('productId').equals(id).toArray()))).flat();
  const [balances, valuations, queued] = await Promise.all([ofProducts(StockBalance), ofProducts(StockValuation), queuedDocuments(db)]);
  const read = new Set(ids);
  // A queued line of a later product belongs to a later row, which a later page brings.
  return stockRows({ balances, valuations, products, queued }).filter((row) => read.has(row.productId));
}

/** The rows of the first `count` products in title order, read through indexes. */
export async function firstStockRows(db: PanelDb, count = FIRST_PRODUCTS): Promise<StockRow[]> {
  return rowsOf(db, await db.rows(Product).orderBy('_sort').limit(count).toArray());
}

/**
 * The first `count` products in title order whose search text holds every word, read in chunks
 * through the `_sort` index (each chunk a single read); `more` when the products go on.
 */
export async function searchProducts(
  db: PanelDb,
  words: readonly string[],
  count: number,
): Promise<{ products: LocalRow[]; more: boolean }> {
  const found: LocalRow[] = [];
  let after = '';
  // Products sharing the last key read (the same title) were seen already: a range read starts at that key again.
  let seen = new Set<string>();
  for (;;) {
    const chunk = await db.rows(Product).where('_sort').aboveOrEqual(after).limit(SEARCH_CHUNK).toArray();
    const fresh = chunk.filter((p) => !(p._sort === after && seen.has(p.id)));
    for (const p of fresh) {
      if (words.every((w) => p._search.includes(w)) && found.push(p) === count) return { products: found, more: true };
    }
    if (chunk.length < SEARCH_CHUNK || fresh.length === 0) return { products: found, more: false };
    const last = chunk.at(-1)!._sort ?? '';
    seen = new Set([...(last === after ? seen : []), ...chunk.filter((p) => p._sort === last).map((p) => p.id)]);
    after = last;
  }
}

/** A large panel's rows: the first `count` products in title order (matching `words` when any). */
export async function stockPage(db: PanelDb, words: readonly string[], count: number): Promise<{ rows: StockRow[]; more: boolean }> {
  if (words.length) {
    const { products, more } = await searchProducts(db, words, count);
    return { rows: await rowsOf(db, products), more };
  }
  const products = await db.rows(Product).orderBy('_sort').limit(count).toArray();
  return { rows: await rowsOf(db, products), more: products.length === count };
}

export interface StockAnswer {
  rows: StockRow[] | undefined;
  /** Whether `rows` is every row (else the first products' only, or a large panel's pages). */
  complete: boolean;
  /** A large panel: its rows come a page at a time, and searched as they are read (`words` applied). */
  paged: boolean;
  /** Reads the next page of a large panel; absent when there is none. */
  more?: () => void;
}

/**
 * Every stock row of the panel (unsorted), the first products' rows until the whole tables are
 * read; in a panel of more than WHOLE_TABLES_MAX products, pages of rows matching `words`.
 */
export function useStockRows(db: PanelDb | undefined, words: readonly string[] = []): StockAnswer {
  const products = useLiveQuery(async () => (db ? db.rows(Product).count() : undefined), [db]);
  const paged = products !== undefined && products > WHOLE_TABLES_MAX;
  const whole = products !== undefined && !paged;
  // Read while the products are counted: whichever way the rest comes, these rows start it.
  const first = useLiveQuery(async () => (db ? firstStockRows(db) : undefined), [db]);
  // The whole tables are read once the first answer is in: read at once, they would queue in front of it.
  const [balances, valuations, productRows] = useTableRows(first && whole ? db : undefined, [StockBalance, StockValuation, Product]);
  const queued = useLiveQuery(async () => (db && whole ? queuedDocuments(db) : undefined), [db, whole]);
  const all = useMemo(
    () =>
      balances && valuations && productRows && queued ? stockRows({ balances, valuations, products: productRows, queued }) : undefined,
    [balances, valuations, productRows, queued],
  );
  const pages = usePages(paged ? db : undefined, words, first);
  if (paged) return { rows: pages.rows, complete: false, paged: true, ...(pages.more ? { more: pages.more } : {}) };
  return all ? { rows: all, complete: true, paged: false } : { rows: first, complete: false, paged: false };
}

/** A large panel's pages, read again whenever what they show changes; a new search starts at one page. */
function usePages(
  db: PanelDb | undefined,
  words: readonly string[],
  first: StockRow[] | undefined,
): { rows: StockRow[] | undefined; more?: () => void } {
  const search = words.join(' ');
  const [asked, setAsked] = useState({ search, pages: 1 });
  const pages = asked.search === search ? asked.pages : 1;
  // The first page is the first products' rows, read already; a search's first page as many products.
  const reads = db && (search || pages > 1);
  const answer = useLiveQuery(
    async () =>
      reads
        ? { search, pages, ...(await stockPage(db, search ? search.split(' ') : [], FIRST_PRODUCTS + (pages - 1) * PAGE_PRODUCTS)) }
        : undefined,
    [db, reads, search, pages],
  );
  const more = useCallback(() => setAsked({ search, pages: pages + 1 }), [search, pages]);
  if (db && !reads) return { rows: first, ...(first ? { more } : {}) };
  // Until a new search's first page is read, nothing is shown for it (the last search's rows would mislead).
  if (!answer || answer.search !== search) return { rows: undefined };
  return { rows: answer.rows, ...(answer.more && answer.pages === pages ? { more } : {}) };
}

export interface StockTotals {
  /** Rows (product × warehouse) holding stock. */
  rows: number;
  /** Rials, exact. */
  value: bigint;
}

/** The totals of a warehouse (or all), from the totals kept as valuations are stored. */
export function useStockTotals(db: PanelDb | undefined, warehouseId: string | null): StockTotals | undefined {
  // A database made before the totals existed works them out once (a write: never inside the live query).
  useEffect(() => void (db && ensureTotals(db, StockValuation)), [db]);
  const records = useLiveQuery(async () => (db ? readTotals(db, StockValuation) : undefined), [db]);
  return useMemo(() => {
    if (!records) return undefined;
    const { nonZero, sums } = sumTotals(
      records.filter((r) => !warehouseId || r.group.warehouseId === warehouseId),
      ['value'],
    );
    return { rows: nonZero, value: sums.value! };
  }, [records, warehouseId]);
}
