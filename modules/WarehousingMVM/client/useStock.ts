/**
 * Stock on hand as screens read it from this device. Reading 30,000 balances whole takes seconds
 * in a browser (bench:warehousing prints it), so a screen gets two answers: the rows of the first
 * products in title order at once, read through indexes (the `_sort` of products, the `productId`
 * of balances and values), then every row once the whole tables are in. The first answer is
 * exactly the start of the second (same order, every row of those products), so nothing moves on
 * screen when the second arrives.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { documentState, type LocalRow, type PanelDb, pendingRows, useTableRows } from '@/moduleKit.ts';
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

/** Receipts and issues whose submit or cancel waits for the server (read through the outbox). */
async function queuedDocuments(db: PanelDb): Promise<StockInputs['queued']> {
  return queuedStock(await pendingRows(db, Receipt));
}

function useQueuedDocuments(db: PanelDb | undefined): StockInputs['queued'] | undefined {
  return useLiveQuery(async () => (db ? queuedDocuments(db) : []), [db]);
}

/** The rows of the first `count` products in title order, read through indexes. */
export async function firstStockRows(db: PanelDb, count = FIRST_PRODUCTS): Promise<StockRow[]> {
  const products = await db.rows(Product).orderBy('_sort').limit(count).toArray();
  const ids = products.map((p) => p.id);
  const [balances, valuations, queued] = await Promise.all([
    db.rows(StockBalance).where('productId').anyOf(ids).toArray(),
    db.rows(StockValuation).where('productId').anyOf(ids).toArray(),
    queuedDocuments(db),
  ]);
  const read = new Set(ids);
  // A queued line of a later product belongs to a later row, which the whole answer brings.
  return stockRows({ balances, valuations, products, queued }).filter((row) => read.has(row.productId));
}

export interface StockAnswer {
  rows: StockRow[] | undefined;
  /** Whether `rows` is every row (else the first products' only). */
  complete: boolean;
}

/** Every stock row of the panel (unsorted), the first products' rows until the whole tables are read. */
export function useStockRows(db: PanelDb | undefined): StockAnswer {
  const first = useLiveQuery(async () => (db ? firstStockRows(db) : undefined), [db]);
  // The whole tables are read once the first answer is in: read at once, they would queue in front of it.
  const [balances, valuations, products] = useTableRows(first ? db : undefined, [StockBalance, StockValuation, Product]);
  const queued = useQueuedDocuments(db);
  const all = useMemo(
    () => (balances && valuations && products && queued ? stockRows({ balances, valuations, products, queued }) : undefined),
    [balances, valuations, products, queued],
  );
  return all ? { rows: all, complete: true } : { rows: first, complete: false };
}
