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
 * Decision 055: a large panel's products' ids and search texts are kept in memory in title order
 * once read (read in chunks in the background), so a keystroke scans memory, going on through
 * IndexedDB only past what is read so far; and the first rows stay watched across navigations
 * (KeptQuery, as tables are), so the screen opened again shows them at once.
 */
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  documentState,
  ensureTotals,
  KeptQuery,
  type LocalRow,
  type PanelDb,
  pendingRows,
  readTotals,
  sumTotals,
  useTableRows,
} from '@/moduleKit.ts';
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
/** Products one step of reading the products index reads: made into objects in one task of the page. */
const INDEX_CHUNK = 1_000;

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
 * The products' ids and search texts in title order (the `_sort` index's order: title, then id),
 * kept in memory once read, so a keystroke scans memory instead of IndexedDB (decision 055). Read
 * in chunks in the background; a search scans what is read so far and goes on through IndexedDB
 * from there. Any write to the products drops it (Dexie names the table of every write, this tab's
 * or another's), and the next search starts reading it again.
 */
interface ProductIndex {
  ids: string[];
  sorts: string[];
  searches: string[];
  complete: boolean;
  /** Set when the products changed: the reader stops, and nobody reads this one any more. */
  dropped: boolean;
}

const productIndexes = new Map<string, ProductIndex>();
let watchingProducts = false;

/** The products index of this database as far as it is read (never one the products have changed under). */
export function productIndex(db: PanelDb): ProductIndex {
  if (!watchingProducts) {
    watchingProducts = true;
    Dexie.on('storagemutated', (parts) => {
      for (const part of Object.keys(parts)) {
        const [name, table] = part.slice('idb://'.length).split('/');
        const index = table === Product.table && name !== undefined ? productIndexes.get(name) : undefined;
        if (!index) continue;
        index.dropped = true;
        productIndexes.delete(name!);
      }
    });
  }
  let index = productIndexes.get(db.name);
  if (!index) {
    productIndexes.set(db.name, (index = { ids: [], sorts: [], searches: [], complete: false, dropped: false }));
    void readProductIndex(db, index);
  }
  return index;
}

/** Products after the last key read: those sharing it (the same title) and seen already are left out. */
async function productsAfter(db: PanelDb, after: string | null, seen: ReadonlySet<string>, limit: number): Promise<LocalRow[]> {
  const chunk = await (after === null ? db.rows(Product).orderBy('_sort') : db.rows(Product).where('_sort').aboveOrEqual(after))
    .limit(limit)
    .toArray();
  return after === null ? chunk : chunk.filter((p) => !(p._sort === after && seen.has(p.id)));
}

/** The ids of the last products of `index` that share the last key (the start of the next range read). */
function tailOf(index: ProductIndex, end = index.ids.length): { after: string | null; seen: Set<string> } {
  if (end === 0) return { after: null, seen: new Set() };
  const after = index.sorts[end - 1]!;
  const seen = new Set<string>();
  for (let i = end - 1; i >= 0 && index.sorts[i] === after; i--) seen.add(index.ids[i]!);
  return { after, seen };
}

async function readProductIndex(db: PanelDb, index: ProductIndex): Promise<void> {
  try {
    for (;;) {
      const { after, seen } = tailOf(index);
      const chunk = await productsAfter(db, after, seen, INDEX_CHUNK);
      if (index.dropped) return;
      for (const p of chunk) {
        index.ids.push(p.id);
        index.sorts.push(p._sort ?? '');
        index.searches.push(p._search);
      }
      if (chunk.length === 0) {
        index.complete = true;
        return;
      }
    }
  } catch {
    // A closed database (the panel changed, logout): the next search reads again.
    index.dropped = true;
    if (productIndexes.get(db.name) === index) productIndexes.delete(db.name);
  }
}

/**
 * The first `count` products in title order whose search text holds every word: from the products
 * index in memory as far as it is read, then read in chunks through the `_sort` index (each chunk a
 * single read); `more` when the products go on.
 */
export async function searchProducts(
  db: PanelDb,
  words: readonly string[],
  count: number,
): Promise<{ products: LocalRow[]; more: boolean }> {
  // Any product written since the index was read drops it (the write's event has run by the time a read answers).
  const total = await db.rows(Product).count();
  const index = productIndex(db);
  const length = index.ids.length;
  const ids: string[] = [];
  const matches = (text: string) => words.every((w) => text.includes(w));
  for (let i = 0; i < length && ids.length < count; i++) if (matches(index.searches[i]!)) ids.push(index.ids[i]!);
  const kept = async () => (await db.rows(Product).bulkGet(ids)).filter((p): p is LocalRow => p !== undefined);
  if (ids.length === count || (index.complete && length >= total)) return { products: await kept(), more: ids.length === count };
  const found = await kept();
  let { after, seen } = tailOf(index, length);
  for (;;) {
    const fresh = await productsAfter(db, after, seen, SEARCH_CHUNK);
    for (const p of fresh) {
      if (matches(p._search) && found.push(p) === count) return { products: found, more: true };
    }
    if (fresh.length === 0) return { products: found, more: false };
    const last = fresh.at(-1)!._sort ?? '';
    seen = new Set([...(last === after ? seen : []), ...fresh.filter((p) => p._sort === last).map((p) => p.id)]);
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

const keptFirst = new WeakMap<PanelDb, KeptQuery<StockRow[]>>();

function keptOf(db: PanelDb): KeptQuery<StockRow[]> {
  let kept = keptFirst.get(db);
  if (!kept) keptFirst.set(db, (kept = new KeptQuery(() => firstStockRows(db))));
  return kept;
}

/**
 * The first products' rows, live, and kept watched for KEEP_MS once no screen shows them (decision
 * 055): stock opened again from the menu shows them at once, current (the live query follows
 * every write), with no read.
 */
function useFirstStockRows(db: PanelDb | undefined): StockRow[] | undefined {
  const subscribe = useCallback((listener: () => void) => (db ? keptOf(db).watch(listener) : () => {}), [db]);
  const snapshot = () => (db ? keptOf(db).value : undefined);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
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
  const first = useFirstStockRows(db);
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
  // The products' search texts, read into memory in the background for the keystrokes to come.
  useEffect(() => void (db && productIndex(db)), [db]);
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
